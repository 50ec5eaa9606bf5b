"""A player's record against each opponent they met in rated games (issue 17).

Pure code over the rating's own games (``leagues.logic.rating.Game``: sides of players with a
place). An opponent is a player on another side of the same game; a team-mate on the player's
own side is not one. Each game counts once per opponent: finished above (a better place),
below, or level (a shared place). Games of every game system count together unless one
system is asked for.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

from leagues.logic.rating import Game


@dataclass
class Record:
    """How a player fared against one opponent."""

    opponent: Hashable
    games: int = 0
    above: int = 0
    below: int = 0
    level: int = 0


def head_to_head(
    player: Hashable, games: Iterable[Game], system: str | None = None
) -> list[Record]:
    """The player's record against every opponent, most games together first (then the best
    record for the player, then by opponent id, so the order is always the same)."""
    records: dict[Hashable, Record] = {}
    for game in games:
        if system is not None and game.system != system:
            continue
        mine = next((side for side in game.sides if player in side.players), None)
        if mine is None:
            continue
        counted = {player}
        for side in game.sides:
            if side is mine:
                continue
            for opponent in side.players:
                if opponent in counted:
                    continue
                counted.add(opponent)
                record = records.setdefault(opponent, Record(opponent))
                record.games += 1
                if mine.place < side.place:
                    record.above += 1
                elif mine.place > side.place:
                    record.below += 1
                else:
                    record.level += 1
    return sorted(records.values(), key=lambda r: (-r.games, r.below - r.above, str(r.opponent)))
