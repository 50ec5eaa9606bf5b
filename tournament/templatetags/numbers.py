"""Numbers in words on the pages: "1 point", "2.5 points", "0 points"."""

from decimal import Decimal

from django import template
from django.utils.formats import number_format
from django.utils.translation import ngettext

register = template.Library()


def _plain(value) -> str:
    number = float(value)
    return str(int(number)) if number.is_integer() else f"{number:g}"


@register.filter
def points(value) -> str:
    """``value`` points in the reader's language and number ("1 point", "2,5 Punkte",
    ``{{ seat.points|points }}``); "-" for None."""
    if value is None or value == "":
        return "-"
    try:
        number = Decimal(str(value))
    except ArithmeticError:
        return str(value)
    shown = number_format(Decimal(_plain(number)))
    return ngettext("%(n)s point", "%(n)s points", 1 if number == 1 else 2) % {"n": shown}
