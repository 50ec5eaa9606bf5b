"""What the field has done so far, read from the seats in one query.

The pairing algorithms need each side's points and the sides it has already met; the
standings need the same rows. Both come from here, so the meaning of "met" and "points" is
defined once.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from matches.models import Seat
from tournament.models import StageKind, Tournament


@dataclass
class SideHistory:
    """One entrant's record over the Swiss rounds played so far."""

    points: Decimal = Decimal(0)
    opponents: set[int] = field(default_factory=set)
    games: int = 0
    byes: int = 0
    #: times in each seat position at a table (index 0 = the first seat; byes not counted)
    seats: list[int] = field(default_factory=list)


def swiss_history(tournament: Tournament) -> dict[int, SideHistory]:
    """Points (of accepted results), opponents met and seat positions, by entrant id, over the
    Swiss stage."""
    rows = Seat.objects.filter(
        round__tournament=tournament, round__stage__kind=StageKind.SWISS
    ).values_list("match_id", "entrant_id", "points", "match__is_bye", "position")
    by_match: dict[int, list[int]] = defaultdict(list)
    history: dict[int, SideHistory] = defaultdict(SideHistory)
    for match_id, entrant_id, points, is_bye, position in rows:
        by_match[match_id].append(entrant_id)
        record = history[entrant_id]
        if is_bye:
            record.byes += 1
        else:
            record.seats += [0] * (position - len(record.seats))
            record.seats[position - 1] += 1
        if points is not None:
            record.points += points
            record.games += 1
    for seated in by_match.values():
        for entrant_id in seated:
            history[entrant_id].opponents.update(e for e in seated if e != entrant_id)
    return dict(history)
