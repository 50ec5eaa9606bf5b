"""A multiplayer rating per game system (issue 17): Plackett-Luce over the places of each game.

Pure code over plain data. A game is its sides (one player, or an Alliances team) and each
side's place; tied sides share a place. ``rate`` replays games in their order (sorted by their
key, so the same games give the same ratings whatever order they were read in) and returns each
player's rating per game system, with the history of every change.

The model is the ``openskill`` library's Plackett-Luce: each player has a skill estimate ``mu``
and an uncertainty ``sigma`` (25 and 25/3 for a newcomer). Issue 35 changed three readings, each
chosen from the back-test in ``bench/ratings.py`` (docs/ratings.md has the figures):

* the lists rank by ``mu`` itself (``Rating.listed``), not by ``mu - 3 sigma``, which ranked
  newcomers far too low and rewarded attendance; every player with a game is listed, and a
  rating with fewer than ``PROVISIONAL_GAMES`` games is marked provisional;
* a team plays as its average player, not as the sum of its players, so a team of three is
  not a whole player stronger than a pair (``model_teams``);
* a shared place is rated as the average of the orders its sides could have finished in
  (``finishing_orders``), not by the library's tie rule, which gave the side below a shared
  first place as much as the tied winners.
"""

from __future__ import annotations

import itertools
import math
import sys
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import TypeAlias

from openskill.models import PlackettLuce, PlackettLuceRating

#: below this many games a rating is marked provisional
PROVISIONAL_GAMES = 5

MODEL = PlackettLuce()

#: the drift the model would add to every player's variance before a game: added here, before a
#: team's ratings are scaled to its average player, and then not again by the library (whose
#: ``tau`` argument falls back to its default on 0: the smallest float squares to 0.0)
NO_DRIFT = sys.float_info.min

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
    def listed(self) -> float:
        """What the rating lists rank by and show: the skill estimate mu (issue 35)."""
        return self.mu

    @property
    def conservative(self) -> float:
        """The skill the player is very likely above: mu - 3 sigma (stored; ranks nothing)."""
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
        """The players of one system as the lists rank them, best first (ties by player id)."""
        rows = [(p, r) for (s, p), r in self.ratings.items() if s == system]
        return sorted(rows, key=lambda row: (-row[1].listed, str(row[0])))


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


def model_teams(sides: list[list[Rating]], drift: float = 0.0) -> list[list[PlackettLuceRating]]:
    """Our ratings as the model's teams, each team as strong as its average player: a member
    of a team of ``n`` enters as ``mu / n`` (and ``sigma / n``), so the library's sum over the
    team is the members' mean, and its variance that of a mean. ``drift`` (the model's tau) is
    added to each player's variance first."""
    return [
        [
            MODEL.rating(mu=r.mu / len(side), sigma=math.sqrt(r.sigma**2 + drift**2) / len(side))
            for r in side
        ]
        for side in sides
    ]


def finishing_orders(places: list[int]) -> list[list[int]]:
    """The strict finishes a result with shared places stands for: each group of tied sides
    takes its places in every rotation (each tied side takes each of the group's places once),
    in every combination with the other groups'. One finish, the places as given, when nobody
    ties."""
    if len(set(places)) == len(places):
        return [list(places)]
    groups: dict[int, list[int]] = {}
    for index, place in enumerate(places):
        groups.setdefault(place, []).append(index)
    choices = []
    for place in sorted(groups):
        members = groups[place]
        choices.append([members[k:] + members[:k] for k in range(len(members))])
    orders = []
    for combination in itertools.product(*choices):
        ranks = [0] * len(places)
        for rank, index in enumerate(itertools.chain.from_iterable(combination), 1):
            ranks[index] = rank
        orders.append(ranks)
    return orders


def updated(current: list[list[Rating]], places: list[int]) -> list[list[tuple[float, float]]]:
    """Each player's new (mu, sigma) after a game with these places: the model's update for
    each finish the places stand for, averaged (mu's mean; sigma from the mean variance)."""
    orders = finishing_orders(places)
    total = [[(0.0, 0.0) for _ in side] for side in current]
    for ranks in orders:
        teams = model_teams(current, MODEL.tau)
        result = MODEL.rate(teams, ranks=[float(r) for r in ranks], tau=NO_DRIFT)
        for s, (side, new_side) in enumerate(zip(current, result, strict=True)):
            n = len(side)
            for j, new in enumerate(new_side):
                mu, var = total[s][j]
                total[s][j] = (mu + new.mu * n, var + (new.sigma * n) ** 2)
    count = len(orders)
    return [[(mu / count, math.sqrt(var / count)) for mu, var in side] for side in total]


def rate_one(game: Game, run: RatingRun) -> None:
    """Update the ratings of one game's players (the model's Plackett-Luce update)."""
    current = [
        [run.ratings.setdefault((game.system, p), Rating()) for p in side.players]
        for side in game.sides
    ]
    new_ratings = updated(current, [side.place for side in game.sides])
    for side, old_side, new_side in zip(game.sides, current, new_ratings, strict=True):
        for player, rating, (mu, sigma) in zip(side.players, old_side, new_side, strict=True):
            rating.mu, rating.sigma, rating.games = mu, sigma, rating.games + 1
            run.history.append(Change(game.key, game.system, player, mu, sigma, rating.games))


def win_chances(system: str, pod: list[tuple[Hashable, ...]], run: RatingRun) -> list[float]:
    """Each side's chance to win a game of ``pod`` (sides as tuples of players), by the model."""
    skills = tuple(
        tuple((rating.mu, rating.sigma) for rating in (run.rating(system, p) for p in side))
        for side in pod
    )
    return list(predicted_wins(skills))


@lru_cache(maxsize=8192)
def predicted_wins(skills: tuple[tuple[tuple[float, float], ...], ...]) -> tuple[float, ...]:
    """Each side's chance to win, the sides given as their players' (mu, sigma): what the model
    predicts depends on nothing else, so a table's chances are worked out once per process and
    not again on every load of its round's page."""
    teams = model_teams([[Rating(mu, sigma) for mu, sigma in side] for side in skills])
    return tuple(MODEL.predict_win(teams))


def side_strength(system: str, side: tuple[Hashable, ...], run: RatingRun) -> float:
    """How strong a side is by the model: its players' mean skill estimate ``mu`` (a team
    plays as its average player; an unrated player, or a side with no players, as a newcomer).
    What seeding by rating orders the sides by."""
    return sum(run.rating(system, p).mu for p in side) / len(side) if side else Rating().mu


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
