"""``{{ finish.detail|say }}``: a sentence of the pure layer in the reader's language."""

from django import template

from common.wording import say as say_in_language

register = template.Library()


@register.filter
def say(value) -> str:
    """A ``Worded`` sentence (or any text) in the active language."""
    return say_in_language(value)
