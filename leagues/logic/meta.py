"""The meta across events: which chiefs (characters) are played and how they do.

Pure: each accepted game comes in as its game system, mode and sides (the chiefs a side named
and the place it took), and per (system, mode, chief) come out the games played, the wins
(first places, shared ones included), the win share with its Wilson score interval, and the
average place. A team's chiefs each count the team's place, as on an event's chiefs page. A
side that named no chief counts for nobody; a game none of whose sides named one is counted
as unnamed, so a reader can tell how much of the field the figures cover.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

#: the normal quantile of a 95% interval
Z_95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a share ``successes / trials`` (0..1 both ends).

    With no trials the interval is the whole range (nothing is known)."""
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError("successes must lie between 0 and the trials")
    share = successes / trials
    z2 = z * z
    centre = (share + z2 / (2 * trials)) / (1 + z2 / trials)
    half = (z / (1 + z2 / trials)) * math.sqrt(
        share * (1 - share) / trials + z2 / (4 * trials * trials)
    )
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class MetaSide:
    """One side of a game: the chiefs it named and its place (1 is best)."""

    chiefs: tuple[str, ...]
    place: int


@dataclass(frozen=True)
class MetaGame:
    """One accepted game: its system, mode and sides."""

    system: str
    mode: str
    sides: tuple[MetaSide, ...]


@dataclass(frozen=True)
class MetaLine:
    """One chief's record in one system and mode."""

    system: str
    mode: str
    chief: str
    games: int
    wins: int
    average_place: float
    win_share: float
    win_low: float
    win_high: float


@dataclass
class _Tally:
    places: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Meta:
    """The lines (most played first within each system and mode) and the coverage."""

    lines: tuple[MetaLine, ...]
    games: int
    unnamed_games: int


def meta_lines(games: Iterable[MetaGame]) -> Meta:
    """Count the chiefs of ``games`` per system and mode."""
    tallies: dict[tuple[str, str, str], _Tally] = {}
    total = unnamed = 0
    for game in games:
        total += 1
        named = False
        for side in game.sides:
            for chief in dict.fromkeys(side.chiefs):
                tallies.setdefault((game.system, game.mode, chief), _Tally()).places.append(
                    side.place
                )
                named = True
        if not named:
            unnamed += 1
    lines = [line_of(key, tally.places) for key, tally in tallies.items()]
    lines.sort(key=lambda x: (x.system, x.mode, -x.games, x.average_place, x.chief))
    return Meta(tuple(lines), total, unnamed)


def line_of(key: tuple[str, str, str], places: Sequence[int]) -> MetaLine:
    """One chief's line from the places it took."""
    system, mode, chief = key
    games = len(places)
    wins = sum(1 for place in places if place == 1)
    low, high = wilson_interval(wins, games)
    return MetaLine(
        system=system,
        mode=mode,
        chief=chief,
        games=games,
        wins=wins,
        average_place=round(sum(places) / games, 3),
        win_share=round(wins / games, 4),
        win_low=round(low, 4),
        win_high=round(high, 4),
    )


def sides_of(report_sides: Sequence[object], placings: Sequence[object]) -> tuple[MetaSide, ...]:
    """The sides of a stored game: chiefs from the report's sides (``characters``), places from
    the engine's placings; a side without a place, or anything malformed, is left out."""
    place_of: dict[str, int] = {}
    for placing in placings:
        if isinstance(placing, dict) and isinstance(placing.get("place"), int):
            place_of[str(placing.get("side"))] = placing["place"]
    sides = []
    for side in report_sides:
        if not isinstance(side, dict):
            continue
        place = place_of.get(str(side.get("side")))
        chiefs = side.get("characters") or ()
        if place is None or not isinstance(chiefs, list | tuple):
            continue
        sides.append(MetaSide(tuple(str(c)[:60] for c in chiefs if c), place))
    return tuple(sides)
