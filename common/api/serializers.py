"""Serializers that refuse what they do not know: a body's unknown or read-only keys are field
errors (400), at most ``MAX_ERRORS`` of them listed."""

from collections.abc import Mapping

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from drf_spectacular.utils import inline_serializer
from rest_framework import serializers

from engine.errors import MAX_PROBLEMS

#: the most errors one answer lists: a body with 140,000 unknown keys must not be answered with
#: a 9 MB error list (the engine caps its problems the same way, ``engine.errors.MAX_PROBLEMS``)
MAX_ERRORS = MAX_PROBLEMS


class StrictFieldsMixin:
    """Refuse keys of the request body that are not writable fields of the serializer."""

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            writable = {name for name, field in self.fields.items() if not field.read_only}
            errors = {}
            refused = [key for key in data if key not in writable]
            for key in refused[:MAX_ERRORS]:
                known = key in self.fields
                errors[str(key)[:100]] = [
                    _("This field is read-only.") if known else _("Unknown field.")
                ]
            if len(refused) > MAX_ERRORS:
                errors["non_field_errors"] = [
                    ngettext(
                        "... and %(count)s more unknown field, not listed",
                        "... and %(count)s more unknown fields, not listed",
                        len(refused) - MAX_ERRORS,
                    )
                    % {"count": len(refused) - MAX_ERRORS}
                ]
            if errors:
                raise serializers.ValidationError(errors)
        return super().to_internal_value(data)


class StrictSerializer(StrictFieldsMixin, serializers.Serializer):
    """A plain serializer that refuses unknown keys."""


DETAIL = inline_serializer("Detail", {"detail": serializers.CharField()})


class StrictModelSerializer(StrictFieldsMixin, serializers.ModelSerializer):
    """A model serializer that refuses unknown keys."""
