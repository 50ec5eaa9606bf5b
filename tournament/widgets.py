"""Form widgets for long lists: a select of thousands of options drawn in one pass.

Django's ``Select`` renders every option through a template of its own, which takes seconds
for the seat-swap form of a 10,000-player round (two lists of every player, issue 43). This one
writes the same HTML directly: the attributes the form gives (id, required, aria), the
options, the chosen one selected.
"""

from django import forms
from django.forms.utils import flatatt
from django.utils.html import format_html, format_html_join


class LongSelect(forms.Select):
    """A ``Select`` for long flat lists of choices (no option groups)."""

    def render(self, name, value, attrs=None, renderer=None):
        chosen = set(self.format_value(value))
        options = format_html_join(
            "",
            '<option value="{}"{}>{}</option>',
            (
                (option, " selected" if str(option) in chosen else "", label)
                for option, label in self.choices
            ),
        )
        final = self.build_attrs(self.attrs, attrs)
        return format_html('<select name="{}"{}>{}</select>', name, flatatt(final), options)
