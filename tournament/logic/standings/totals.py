"""Each entrant's counted games summed: what the standings need of them, one record a side.

``tally`` turns placings into one ``Tally`` per entrant (points, games, byes, first places, the
sum of every per-game stat, the distinct opponents met). The service keeps these per entrant in
the database, rewritten from the entrant's seats whenever one of them changes, so that reading
the standings reads one row per entrant instead of one per game; ``standings_from_totals``
(``compute.py``) ranks them exactly as ``compute_standings`` ranks the placings themselves.

Sums are taken in the order the placings come (the service passes them in round order, one
placing per entrant and round), the same order ``compute_standings`` adds them in, so both give
the same float to the last bit.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

from tournament.logic.ids import id_sort_key
from tournament.logic.standings.types import Entrant, GamePlacing, is_first_place


class Tally(NamedTuple):
    """One entrant's counted games summed.

    ``stats`` holds the sum of every per-game stat that was ever non-zero; ``opponents`` the
    ids of the distinct entrants met in a game (not a bye), in id order.
    """

    points: float = 0
    games: int = 0
    byes: int = 0
    firsts: int = 0
    stats: Mapping[str, float] = MappingProxyType({})
    opponents: tuple[str, ...] = ()


def tally(placings: Iterable[GamePlacing], of: Collection[str] | None = None) -> dict[str, Tally]:
    """The tally of every entrant with a placing (or only of the ids in ``of``).

    The opponents of an entrant are the other entrants with a placing of the same match, so to
    tally some entrants pass every placing of the matches they played.
    """
    wanted = None if of is None else set(of)
    points: dict[str, float] = {}
    counts: dict[str, list[int]] = {}  # games, byes, first places
    stats: dict[str, dict[str, float]] = {}
    mine: dict[str, list[str]] = {}  # entrant -> the matches of its games
    members: dict[str, list[str]] = {}  # match -> its entrants
    for p in placings:
        entrant = p.entrant_id
        if p.match_id is not None:
            members.setdefault(p.match_id, []).append(entrant)
        if wanted is not None and entrant not in wanted:
            continue
        points[entrant] = points.get(entrant, 0) + p.points
        count = counts.setdefault(entrant, [0, 0, 0])
        if p.match_id is None:
            count[1] += 1
        else:
            count[0] += 1
            mine.setdefault(entrant, []).append(p.match_id)
        if is_first_place(p):
            count[2] += 1
        sums = stats.setdefault(entrant, {})
        for name, value in p.stats.items():
            if value:
                sums[name] = sums.get(name, 0) + value
    out = {}
    for entrant, total in points.items():
        met = {other for match in mine.get(entrant, ()) for other in members[match]}
        met.discard(entrant)
        games, byes, firsts = counts[entrant]
        out[entrant] = Tally(
            total, games, byes, firsts, stats[entrant], tuple(sorted(met, key=id_sort_key))
        )
    return out


@dataclass
class FieldTotals:
    """Every entrant of the event with its totals, as columns: item ``i`` of each list belongs
    to entrant ``i`` (the shape one query's rows take, turned on their side, without an object
    per entrant). ``stats`` maps a stat's name to its column; ``opponents`` holds each
    entrant's distinct opponents' ids."""

    ids: list[str]
    names: list[str]
    statuses: list[str]
    points: list[float]
    games: list[int]
    byes: list[int]
    firsts: list[int]
    stats: dict[str, list[float]] = field(default_factory=dict)
    opponents: list[Sequence[str]] = field(default_factory=list)

    @classmethod
    def of(cls, entrants: Sequence[Entrant], tallies: Mapping[str, Tally]) -> FieldTotals:
        """The columns of these entrants' tallies (an entrant without one has played nothing)."""
        rows = [tallies.get(e.id, EMPTY) for e in entrants]
        names = sorted({name for t in rows for name in t.stats})
        return cls(
            [e.id for e in entrants],
            [e.name for e in entrants],
            [e.status for e in entrants],
            [t.points for t in rows],
            [t.games for t in rows],
            [t.byes for t in rows],
            [t.firsts for t in rows],
            {name: [t.stats.get(name, 0) for t in rows] for name in names},
            [t.opponents for t in rows],
        )


EMPTY = Tally()
