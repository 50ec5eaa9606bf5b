"""docs/settings.md, written from the declarations: the registered pairing methods and the
event settings (``tournament.models.event_settings``). ``manage.py settings_doc`` writes it;
a test fails when the page and the declarations differ."""

from pathlib import Path

from django.conf import settings
from django.utils import translation

from tournament.logic.pairing import PairingMethod, all_methods
from tournament.models.event_settings import GROUPS, Setting, in_group

PAGE = Path(settings.BASE_DIR) / "docs" / "settings.md"

KINDS = {
    "BooleanField": "yes/no",
    "CharField": "text",
    "DateField": "date",
    "JSONField": "JSON",
    "PositiveIntegerField": "integer",
    "PositiveSmallIntegerField": "integer",
    "SlugField": "text",
    "TextField": "text",
}

HEADER = """# Event settings and pairing methods

Written by `manage.py settings_doc` from the declarations: the pairing methods registered in
`tournament/logic/pairing/methods/` and the settings in `tournament/models/event_settings.py`.
Do not edit by hand: a test fails when this page and the declarations differ. How to add a
method or a setting: docs/contributing.md.
"""


def _cell(text: object) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _values(setting: Setting) -> str:
    """The bounds or the values a setting takes."""
    if setting.minimum is not None or setting.maximum is not None:
        return f"{setting.minimum} to {setting.maximum}"
    if setting.choices:
        return ", ".join(f"`{value}`" for value, _label in setting.choices)
    choices = setting.model_field.choices
    return ", ".join(f"`{value}`" for value, _label in choices) if choices else ""


def _kind(setting: Setting) -> str:
    field = setting.model_field
    if field.choices or setting.choices:
        return "choice"
    return KINDS.get(field.get_internal_type(), field.get_internal_type())


def _default(setting: Setting) -> str:
    default = setting.default
    return "" if default in (None, "") else f"`{default}`"


def methods_section() -> list[str]:
    lines = ["## Pairing methods", ""]
    lines += ["| key | name | what it does | options |", "|---|---|---|---|"]
    for method in map(PairingMethod.describe, all_methods()):
        options = "; ".join(
            f"`{name}`: {', '.join(map(str, values))}" for name, values in method["options"].items()
        )
        label, help_text = _cell(method["label"]), _cell(method["help_text"])
        lines.append(f"| `{method['key']}` | {label} | {help_text} | {options} |")
    return lines


def settings_section() -> list[str]:
    lines = ["## Event settings", ""]
    lines.append(
        "Every setting is in the API (`/api/v1/tournaments/`) and the admin; the column *form* "
        "says which are on the create form (an *optional* one left empty takes the default)."
    )
    for group in GROUPS:
        lines += ["", f"### {group.legend}", ""]
        lines += [
            "| setting | label | type | values | default | applies to | form | checked | help |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for s in in_group(group.key):
            form = "optional" if s.on_form and s.optional else "yes" if s.on_form else ""
            lines.append(
                f"| `{s.name}` | {_cell(s.label)} | {_kind(s)} | {_values(s)} | {_default(s)} "
                f"| {_cell(s.applies)} | {form} | {_cell(s.rule)} | {_cell(s.help_text)} |"
            )
    return lines


def render() -> str:
    """The page's text, in English."""
    with translation.override("en"):
        return "\n".join([HEADER, *methods_section(), "", *settings_section()]) + "\n"
