"""Swiss: sides with similar points meet, so the strongest meet sooner."""

import random
from collections.abc import Sequence

from tournament.logic.pairing.method import PairingMethod
from tournament.logic.pairing.types import Side
from tournament.logic.translation import gettext_noop


def _num(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


class Swiss(PairingMethod):
    """The field in points order, table 1 the top pod; the bye to the lowest-ranked team."""

    key = "swiss"
    label = gettext_noop("Swiss")
    help_text = gettext_noop(
        "Swiss: players with similar points meet, so the strongest meet sooner."
    )
    by_points = True

    def choose_bye(self, teams: Sequence[Side], rng: random.Random) -> tuple[Side, str]:
        """The lowest-ranked team among those with the fewest byes: fewest points, then the
        worst standings position, then a seeded draw."""
        fewest = min(t.byes for t in teams)
        eligible = [t for t in teams if t.byes == fewest]
        low = min(t.points for t in eligible)
        eligible = [t for t in eligible if t.points == low]
        ranked = [t for t in eligible if t.rank is not None]
        if ranked:
            worst = max(t.rank for t in ranked)  # type: ignore[type-var]
            eligible = [t for t in ranked if t.rank == worst]
        pick = eligible[rng.randrange(len(eligible))]
        reason = (
            f"lowest-ranked team among those with the fewest byes ({fewest}): "
            f"{_num(low)} points"
            + (f", standings position {pick.rank}" if pick.rank is not None else "")
            + (f"; seeded draw among {len(eligible)} equal teams" if len(eligible) > 1 else "")
        )
        return pick, reason


METHOD = Swiss()
