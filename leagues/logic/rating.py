"""A multiplayer rating per game system (issue 17): Plackett-Luce over the places of each game.

Pure code over plain data. A game is its sides (one player, or an Alliances team) and each
side's place; tied sides share a place. ``rate`` replays games in their order (sorted by their
key, so the same games give the same ratings whatever order they were read in) and returns each
player's rating per game system, with the history of every change.

The model is the ``openskill`` library's Plackett-Luce: each player has a skill estimate ``mu``
and an uncertainty ``sigma`` (25 and 25/3 for a newcomer); a team plays as the sum of its
players. What the pages show is the conservative rating ``mu - 3 * sigma`` (the skill the player
is very likely above), which starts at 0 and rises as games make the estimate surer. A rating
with fewer than ``PROVISIONAL_GAMES`` games is provisional.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TypeAlias

from openskill.models import PlackettLuce, PlackettLuceRating

#: below this many games a rating is marked provisional
PROVISIONAL_GAMES = 5

MODEL = PlackettLuce()

#: what orders the replay: (finished at, match id), or a match id alone
GameKey: TypeAlias = tuple[datetime | int, ...]


@dataclass(frozen=True)
class Side:
    """One side of a game: its players (one, or an Alliances team) and its place (1 is best)."""

    players: tuple[Hashable, ...]
    place: int


@dataclass(frozen=True)
class Game:
    """One accepted game: ``key`` orders the replay (e.g. (finished at, match id))."""

    key: GameKey
    system: str
    sides: tuple[Side, ...]


@dataclass
class Rating:
    """A player's rating in one game system."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def conservative(self) -> float:
        """The skill the player is very likely above: mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True)
class Change:
    """A player's rating after one game (for the rating chart)."""

    game: GameKey
    system: str
    player: Hashable
    mu: float
    sigma: float
    games: int


@dataclass
class RatingRun:
    """The result of a replay: ratings by (system, player), and every change in game order."""

    ratings: dict[tuple[str, Hashable], Rating] = field(default_factory=dict)
    history: list[Change] = field(default_factory=list)

    def rating(self, system: str, player: Hashable) -> Rating:
        return self.ratings.get((system, player)) or Rating()

    def table(self, system: str) -> list[tuple[Hashable, Rating]]:
        """The players of one system, best conservative rating first (ties by player id)."""
        rows = [(p, r) for (s, p), r in self.ratings.items() if s == system]
        return sorted(rows, key=lambda row: (-row[1].conservative, str(row[0])))


class RatingError(ValueError):
    """A game the rating cannot take (fewer than two sides, a player on two sides)."""


def check_game(game: Game) -> None:
    """Refuse a game the model cannot rate, saying why."""
    if len(game.sides) < 2:
        raise RatingError(f"game {game.key}: a rated game needs two sides or more")
    seen = set()
    for side in game.sides:
        if not side.players:
            raise RatingError(f"game {game.key}: a side without players")
        if side.place < 1:
            raise RatingError(f"game {game.key}: place {side.place} is not 1 or more")
        for player in side.players:
            if player in seen:
                raise RatingError(f"game {game.key}: player {player} is on two sides")
            seen.add(player)


def rate(games: Iterable[Game], run: RatingRun | None = None) -> RatingRun:
    """Replay ``games`` in key order onto ``run`` (a fresh one when not given)."""
    run = run or RatingRun()
    for game in sorted(games, key=lambda g: g.key):
        check_game(game)
        rate_one(game, run)
    return run


def model_teams(sides: list[list[Rating]]) -> list[list[PlackettLuceRating]]:
    """Our ratings as the model's teams (one list of player ratings per side)."""
    return [[MODEL.rating(mu=r.mu, sigma=r.sigma) for r in side] for side in sides]


def rate_one(game: Game, run: RatingRun) -> None:
    """Update the ratings of one game's players (the model's Plackett-Luce update)."""
    current = [
        [run.ratings.setdefault((game.system, p), Rating()) for p in side.players]
        for side in game.sides
    ]
    teams = model_teams(current)
    updated = MODEL.rate(teams, ranks=[side.place for side in game.sides])
    for side, old_side, new_side in zip(game.sides, current, updated, strict=True):
        for player, rating, new in zip(side.players, old_side, new_side, strict=True):
            rating.mu, rating.sigma, rating.games = new.mu, new.sigma, rating.games + 1
            run.history.append(
                Change(game.key, game.system, player, new.mu, new.sigma, rating.games)
            )


def win_chances(system: str, pod: list[tuple[Hashable, ...]], run: RatingRun) -> list[float]:
    """Each side's chance to win a game of ``pod`` (sides as tuples of players), by the model."""
    ratings = [[run.rating(system, p) for p in side] for side in pod]
    teams = model_teams(ratings)
    return list(MODEL.predict_win(teams))


def side_strength(system: str, side: tuple[Hashable, ...], run: RatingRun) -> float:
    """How strong a side is by the model: the sum of its players' skill estimates ``mu`` (a
    team plays as the sum of its players; an unrated player, or a side with no players, as a
    newcomer). What seeding by rating orders the sides by."""
    return sum(run.rating(system, p).mu for p in side) if side else Rating().mu


def whole_percentages(chances: list[float]) -> list[int]:
    """Chances (summing to about 1) as whole percentages that sum to exactly 100: each is
    rounded down, then the largest remainders get the points left (ties to the earlier)."""
    total = sum(chances)
    if not chances or total <= 0:
        return [0] * len(chances)
    exact = [100 * c / total for c in chances]
    whole = [int(x) for x in exact]
    by_remainder = sorted(range(len(exact)), key=lambda i: (whole[i] - exact[i], i))
    for i in by_remainder[: 100 - sum(whole)]:
        whole[i] += 1
    return whole
