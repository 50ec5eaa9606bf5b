"""Template filter for starting flowers: a seat holds one colour, or a team's joined by "+"."""

from django import template

from tournament.logic.pairing import flower_list

register = template.Library()


@register.filter(name="flowers")
def flowers(value: str) -> list[str]:
    """The colours of one seat, in the order they were dealt (empty when none were)."""
    return flower_list(value)
