"""Whole numbers read from a query string, held to a range.

``int()`` on a query value is a trap: ``2**63`` overflows every database column (a 500 on
PostgreSQL and on SQLite's driver), 5,000 digits raise ``ValueError`` past Python's own limit,
``-1`` names no page, row or round. ``whole_number`` reads at most ``MAX_DIGITS`` digits and
clamps the value into its range, so a view never hands the database a number it cannot take.
"""

#: the most digits converted; a longer number is clamped to ``high`` without being converted
MAX_DIGITS = 18


def whole_number(raw, *, low: int = 0, high: int) -> int | None:
    """``raw`` (a query value) as a whole number clamped to ``low..high``; None when absent or
    not a whole number of ASCII digits (negative numbers, decimals and exponents included)."""
    if raw is None:
        return None
    digits = str(raw).strip().removeprefix("+")
    if not digits or not (digits.isascii() and digits.isdigit()):
        return None
    if len(digits.lstrip("0")) > MAX_DIGITS:
        return high
    return min(max(int(digits), low), high)
