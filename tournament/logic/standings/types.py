"""Value objects for standings: entrants, per-game placings, and the standings rows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple


class StandingsError(ValueError):
    """Raised for bad standings input (unknown entrant, duplicate ids...)."""


class UnknownTiebreaker(StandingsError):
    """Raised when a tiebreaker key is not in the registry."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """A registered side: id, display name and status (e.g. "active", "dropped")."""

    id: str
    name: str
    status: str = "active"


class GamePlacing(NamedTuple):
    """One entrant's result in one game of a round.

    ``match_id`` None means a bye (points count, no game played, no opponents).
    ``stats`` holds numeric per-game figures, e.g. {"victory_cup_tokens": 9}.
    A named tuple rather than a dataclass: the service layer builds tens of thousands of
    these per standings computation, and a tuple is several times cheaper to create.
    """

    entrant_id: str
    match_id: str | None
    round_number: int
    place: int | None
    points: float
    stats: Mapping[str, float] = MappingProxyType({})


def is_first_place(placing: GamePlacing) -> bool:
    """A game won (place 1, shared or not), or a bye that scores as a win. A bye worth nothing
    (an event that sums VP, or one that scores byes as nothing) is no first place."""
    return placing.place == 1 and (placing.match_id is not None or placing.points > 0)


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings.

    position: 1..n, unique. rank: equal for true ties (same points and the same value for
    every tiebreaker), numbered like 1, 2, 2, 4. tiebreaks: (key, value) in the event's
    tiebreaker order.
    """

    position: int
    rank: int
    entrant_id: str
    name: str
    status: str
    points: float
    tiebreaks: tuple[tuple[str, Any], ...]
    games_played: int
    byes: int = 0

    def tiebreak(self, key: str) -> Any:
        """The value of one tiebreaker for this row."""
        for k, v in self.tiebreaks:
            if k == key:
                return v
        raise KeyError(key)
