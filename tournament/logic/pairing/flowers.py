"""Starting areas: the Ceremonial Flowers each player starts on, dealt at random per table.

Every *player* takes a flower (RULES.md, project decision resting on the rulebooks' set-up): in
Every Eye for Themselves that is one per side, in Alliances one per team member, so a 3v3
uses all six. Domination tables get none: its players start next to the centre. The deal is
seeded, so the same round seed gives the same flowers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from common.logic.words import Worded, gettext_noop
from tournament.logic.pairing.types import FLOWERS, PairingError

TEAM_SEPARATOR = "+"


def deal_flowers(players_per_side: Sequence[int], seed: int, table: int) -> list[str]:
    """For each side of one table, its players' flowers (``"red+blue"`` for a team of two).

    Distinct at the table; raises ``PairingError`` when the table seats more players than there
    are flowers.
    """
    total = sum(players_per_side)
    if total > len(FLOWERS):
        sentence = gettext_noop(
            "table %(table)s seats %(total)s players; there are %(flowers)s flowers"
        )
        params = {"table": table, "total": total, "flowers": len(FLOWERS)}
        raise PairingError(Worded("too_many_for_flowers", sentence, params))
    rng = random.Random(f"flowers:{seed}:{table}")
    dealt = rng.sample(FLOWERS, total)
    out, start = [], 0
    for size in players_per_side:
        out.append(TEAM_SEPARATOR.join(dealt[start : start + size]))
        start += size
    return out


def flower_list(value: str) -> list[str]:
    """The colours stored for one seat (one, several for a team, none)."""
    return [colour for colour in (value or "").split(TEAM_SEPARATOR) if colour]
