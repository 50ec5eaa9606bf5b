"""The event settings' fields at the doors, made from their one declaration
(``tournament.models.event_settings``): the create form's, the admin's and the API's."""

from django import forms
from rest_framework import serializers

from tournament.models.event_settings import BY_NAME, Setting


def _bounds(setting: Setting) -> dict:
    return {"min_value": setting.minimum, "max_value": setting.maximum}


def setting_formfield(db_field, **kwargs) -> forms.Field | None:
    """A model field's form field: an event setting's with its declared label, help, bounds or
    typed choices (optional ones not required); any other field as the model makes it."""
    setting = BY_NAME.get(db_field.name)
    if setting is None:
        return db_field.formfield(**kwargs)
    kwargs.update(label=setting.label, help_text=setting.help_text)
    if setting.optional:
        kwargs["required"] = False
    if setting.minimum is not None or setting.maximum is not None:
        kwargs.setdefault("required", not db_field.blank)
        return forms.IntegerField(initial=setting.default, **_bounds(setting), **kwargs)
    if setting.choices:
        kwargs.setdefault("required", not db_field.blank)
        return forms.TypedChoiceField(
            choices=setting.choices, coerce=int, initial=setting.default, **kwargs
        )
    return db_field.formfield(**kwargs)


def dress_formfield(field: forms.Field | None, name: str) -> forms.Field | None:
    """Give a form field made elsewhere (the admin's) its setting's label and help."""
    setting = BY_NAME.get(name)
    if field is not None and setting is not None:
        field.label, field.help_text = setting.label, setting.help_text
    return field


def api_field(setting: Setting, standard: tuple[type, dict]) -> tuple[type, dict]:
    """The API serializer's field of a setting: its bounds, or its typed choices' values, as
    declared; else the field the model gives (``standard``) with the setting's help."""
    help_text = {"help_text": setting.help_text} if setting.help_text else {}
    if setting.minimum is not None or setting.maximum is not None:
        kwargs = {**_bounds(setting), "required": False, **help_text}
        if setting.nullable:
            kwargs["allow_null"] = True
        return serializers.IntegerField, kwargs
    if setting.choices:
        values = sorted(value for value, _label in setting.choices)
        return serializers.ChoiceField, {"choices": values, "required": False, **help_text}
    field_class, kwargs = standard
    if issubclass(field_class, serializers.BooleanField) and setting.default is not None:
        # a form-encoded body that leaves a switch out means the model's default, not "off"
        kwargs = {**kwargs, "default": setting.default}
    return field_class, {**kwargs, **help_text}


__all__ = ["BY_NAME", "api_field", "dress_formfield", "setting_formfield"]
