"""Orders for paper: a list of players by surname, and result slips laid out for a guillotine.

Pure functions on plain values (no database).
"""

from __future__ import annotations

import unicodedata


def surname_key(name: str) -> tuple[str, str]:
    """A person's name sorted by surname (its last word), then by the whole name; accents and
    case do not count ("Émile Zola" sorts with "Zola")."""
    plain = "".join(
        c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c)
    ).casefold()
    words = plain.split()
    return (words[-1] if words else "", plain)


def cutting_order(count: int, per_sheet: int) -> list[list[int | None]]:
    """Sheets of ``per_sheet`` slips for ``count`` tables, as positions into the table list
    (None: an empty place on the last sheets), so that cutting the stacked sheets into piles
    and putting pile 1 on pile 2 on pile 3... gives the tables in order.

    With ``S`` sheets, place ``p`` of sheet ``s`` holds table ``p * S + s``: the first pile
    holds the first ``S`` tables, the second the next ``S``, and so on.
    """
    if count < 0 or per_sheet < 1:
        raise ValueError("count must be 0 or more and per_sheet at least 1")
    sheets = -(-count // per_sheet)
    return [
        [p * sheets + s if p * sheets + s < count else None for p in range(per_sheet)]
        for s in range(sheets)
    ]
