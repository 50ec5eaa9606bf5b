"""Numbers in words on the pages: "1 point", "2.5 points", "0 points"."""

from decimal import Decimal

from django import template

register = template.Library()


def _plain(value) -> str:
    number = float(value)
    return str(int(number)) if number.is_integer() else f"{number:g}"


@register.filter
def points(value, unit: str = "point") -> str:
    """``value`` with its unit in the right number (``{{ seat.points|points }}``); "-" for None."""
    if value is None or value == "":
        return "-"
    try:
        number = Decimal(str(value))
    except ArithmeticError:
        return str(value)
    return f"{_plain(number)} {unit}{'' if number == 1 else 's'}"
