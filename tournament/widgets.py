"""Form widgets for long lists: a select of thousands of options drawn in one pass.

Django's ``Select`` renders every option through a template of its own, which takes seconds
for the seat-swap form of a 10,000-player round (two lists of every player, issue 43). This one
writes the same HTML directly: the attributes the form gives (id, required, aria), the
options, the chosen one selected.
"""

from html import escape

from django import forms
from django.forms.utils import flatatt
from django.utils.html import format_html
from django.utils.safestring import mark_safe


class LongSelect(forms.Select):
    """A ``Select`` for long flat lists of choices (no option groups)."""

    def render(self, name, value, attrs=None, renderer=None):
        chosen = set(self.format_value(value))
        # plain escaping of plain strings: format_html's lazy-string checks cost more than the
        # escaping itself, ten thousand times over
        options = mark_safe(  # noqa: S308 - every value and label is escaped here
            "".join(
                f'<option value="{escape(str(option))}"'
                f"{' selected' if str(option) in chosen else ''}>{escape(str(label))}</option>"
                for option, label in self.choices
            )
        )
        final = self.build_attrs(self.attrs, attrs)
        return format_html('<select name="{}"{}>{}</select>', name, flatatt(final), options)
