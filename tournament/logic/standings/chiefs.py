"""Chief statistics of an event: how often each chief was played and how it placed.

Pure: takes each accepted game's report sides (with their optional ``characters``) and the
engine's placings, and counts per chief. A team's chiefs each count the team's place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ChiefLine:
    """One chief's record: games played, games won (1st place), average place."""

    chief: str
    games: int
    wins: int
    average_place: float


def chief_statistics(
    games: Iterable[tuple[Sequence[Mapping[str, Any]], Sequence[Mapping[str, Any]]]],
) -> tuple[list[ChiefLine], int]:
    """Per chief, most played first; and how many games named no chief at all.

    ``games``: (report sides, placings) of each accepted game; a side names its chiefs in
    ``characters`` (optional in a report), a placing gives the side's ``place``.
    """
    places: dict[str, list[int]] = {}
    unnamed = 0
    for sides, placings in games:
        place_of = {str(p["side"]): p["place"] for p in placings}
        named = False
        for side in sides:
            for chief in side.get("characters") or ():
                if str(side.get("side")) in place_of:
                    places.setdefault(chief, []).append(place_of[str(side.get("side"))])
                    named = True
        if not named:
            unnamed += 1
    lines = [
        ChiefLine(chief, len(got), sum(1 for p in got if p == 1), round(sum(got) / len(got), 2))
        for chief, got in places.items()
    ]
    lines.sort(key=lambda line: (-line.games, line.average_place, line.chief))
    return lines, unnamed
