"""The rating list's back-test (issue 35): simulated seasons of Swiss events with mixed attendance
and newcomers, and how well each candidate list order finds the players' true skill.

A module, not a program: ``bench/ratings.py`` runs it and prints the figures, and the tests
call it on a small field. Pure Python over ``leagues.logic.rating``.

A season: ``players`` players with a hidden true skill (normal, mean 0, sd 1). Each comes to an
event with their own attendance rate (uniform between 15% and 95%: some come to nearly every
event, some to few), and ``NEWCOMER_SHARE`` of them join only from a later event (2 to 8). An
event is a Swiss of 5 rounds: round 1 drawn at random, later rounds grouped by the event's
points so far. A table is 4 players (3 where the count needs it), or 3 to 6 drawn at random;
its finish is each player's skill plus Gumbel noise (the model's own assumption) times
``noise``: 1 for clean games, 2 for noisy ones where luck weighs twice as much. Points: the
table's places on the 4-3-2-1 scale (first 4, last 1, evenly between for other table sizes).

A candidate is a list order (a value per player, higher first) and a listing rule (the fewest
games to be listed). Its figures, over the players it lists at the season's end:

* ``rho_skill``: Spearman correlation of the list with true skill;
* ``rho_games``: Spearman correlation of the list with games played (attendance is drawn apart
  from skill, so a fair list shows about 0);
* ``during``: the correlation with skill after every round of the season, averaged (the list
  is read live, mid-event too, when some players have one or two games);
* ``newcomer[n]``: for each late joiner, at the moment they have played ``n`` games, their
  percentile on the list minus their true-skill percentile among the same listed players
  (negative: listed too low); the mean over newcomers, and the mean of its absolute value;
* ``one_win``: where a player who won their only game (against three listed players) lands, as
  a place on the list.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from leagues.logic.rating import Game, Rating, RatingRun, Side, rate

SYSTEM = "eye_for_an_eye"
EVENTS = 10
ROUNDS = 5
NEWCOMER_SHARE = 0.3
CHECKPOINTS = (1, 5, 20)


@dataclass(frozen=True)
class Scenario:
    """How a season is played: table sizes (``"4"`` or ``"3-6"``) and the noise of a game."""

    pods: str = "4"
    noise: float = 1.0

    @property
    def label(self) -> str:
        return f"tables of {self.pods}, {'clean' if self.noise <= 1 else 'noisy'} games"


@dataclass
class Record:
    """What a list can read of a player: the rating, points, wins and games."""

    rating: Rating
    points: float = 0.0
    wins: int = 0
    games: int = 0


Order = Callable[[Record], float]


@dataclass(frozen=True)
class Candidate:
    """A list order and the fewest games a player needs to be listed."""

    name: str
    order: Order
    min_games: int = 1


def by_sigma(k: float) -> Order:
    return lambda r: r.rating.mu - k * r.rating.sigma


def points_per_game(r: Record) -> float:
    return r.points / r.games if r.games else 0.0


def win_rate(r: Record) -> float:
    return r.wins / r.games if r.games else 0.0


CANDIDATES = (
    Candidate("mu - 3 sigma (before)", by_sigma(3)),
    Candidate("mu - 2 sigma", by_sigma(2)),
    Candidate("mu - 1 sigma", by_sigma(1)),
    Candidate("mu", by_sigma(0)),
    Candidate("mu, listed from 3 games", by_sigma(0), 3),
    Candidate("mu, listed from 5 games", by_sigma(0), 5),
    Candidate("mu - 1 sigma, from 3 games", by_sigma(1), 3),
    Candidate("points per game", points_per_game),
    Candidate("points per game, from 5", points_per_game, 5),
    Candidate("win rate", win_rate),
)


@dataclass
class Figures:
    """One candidate's figures, summed over the seasons run (``mean`` divides)."""

    rho_skill: list[float] = field(default_factory=list)
    rho_games: list[float] = field(default_factory=list)
    newcomer: dict[int, list[float]] = field(default_factory=dict)
    one_win: list[tuple[int, int]] = field(default_factory=list)
    during: list[float] = field(default_factory=list)
    curve: dict[int, list[float]] = field(default_factory=dict)


def ranks(values: list[float]) -> list[float]:
    """Average ranks (1 = smallest), ties sharing their mean rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(a: list[float], b: list[float]) -> float:
    """Spearman's rank correlation of two equally long lists (0 when either is constant)."""
    if len(a) < 2:
        return 0.0
    ra, rb = ranks(a), ranks(b)
    mean = (len(a) + 1) / 2
    cov = sum((x - mean) * (y - mean) for x, y in zip(ra, rb, strict=True))
    var = sum((x - mean) ** 2 for x in ra) * sum((y - mean) ** 2 for y in rb)
    return cov / math.sqrt(var) if var else 0.0


def percentiles(values: list[float]) -> list[float]:
    """Each value's percentile among ``values`` (0 lowest to 100 highest, ties averaged)."""
    n = len(values)
    return [100 * (r - 0.5) / n for r in ranks(values)]


def pod_sizes(count: int, pods: str, rng: random.Random) -> list[int]:
    """Table sizes for ``count`` players: 4s (3s for the rest), or 3 to 6 drawn at random."""
    if count < 3:
        return [count] if count == 2 else []
    if pods == "4":
        if count == 5:
            return [3, 2]
        threes = -count % 4
        return [4] * ((count - 3 * threes) // 4) + [3] * threes
    sizes, left = [], count
    while left:
        size = left if left <= 6 else rng.randint(3, min(6, left - 3))
        sizes.append(size)
        left -= size
    return sizes


def table_points(place: int, size: int) -> float:
    """A place's points on the 4-3-2-1 scale: 4 first, 1 last, evenly between."""
    return 1 + 3 * (size - place) / (size - 1)


class Season:
    """One simulated season: the players, who comes when, and the games as they are played."""

    def __init__(self, players: int, scenario: Scenario, seed: int):
        self.rng = random.Random(seed)
        self.scenario = scenario
        self.skill = {p: self.rng.gauss(0, 1) for p in range(players)}
        self.attends = {p: self.rng.uniform(0.15, 0.95) for p in self.skill}
        self.joins = {
            p: self.rng.randint(2, 8) if self.rng.random() < NEWCOMER_SHARE else 1
            for p in self.skill
        }
        self.run = RatingRun()
        self.records = {p: Record(self.run.rating(SYSTEM, p)) for p in self.skill}
        self.played = 0

    def finish(self, seated: list[int]) -> list[int]:
        """A table's finish, best first: skill plus Gumbel noise."""
        noise = self.scenario.noise
        draw = {p: self.skill[p] - noise * math.log(-math.log(self.rng.random())) for p in seated}
        return sorted(seated, key=lambda p: -draw[p])

    def play_round(self, field_: list[int], event_points: dict[int, float]) -> None:
        """Seat ``field_`` (already in pairing order), play every table, rate the round."""
        games, at = [], 0
        for size in pod_sizes(len(field_), self.scenario.pods, self.rng):
            table = field_[at : at + size]
            at += size
            finish = self.finish(table)
            self.played += 1
            sides = tuple(Side((p,), place) for place, p in enumerate(finish, 1))
            games.append(Game((self.played,), SYSTEM, sides))
            for place, p in enumerate(finish, 1):
                record = self.records[p]
                gained = table_points(place, size)
                record.points += gained
                record.wins += place == 1
                record.games += 1
                event_points[p] += gained
        rate(games, self.run)
        for p in field_:
            self.records[p].rating = self.run.rating(SYSTEM, p)

    def play_event(self, number: int, after_round: Callable[[list[int]], None]) -> None:
        """A Swiss event of ``ROUNDS`` rounds among those who come to event ``number``."""
        field_ = [
            p for p in self.skill if self.joins[p] <= number and self.rng.random() < self.attends[p]
        ]
        event_points = dict.fromkeys(field_, 0.0)
        for round_number in range(ROUNDS):
            tiebreak = {p: self.rng.random() for p in field_}
            if round_number:
                field_.sort(key=lambda p: (-event_points[p], tiebreak[p]))
            else:
                field_.sort(key=tiebreak.__getitem__)
            self.play_round(field_, event_points)
            after_round(field_)


def listed(season: Season, candidate: Candidate) -> list[int]:
    return [p for p, r in season.records.items() if r.games >= max(1, candidate.min_games)]


def newcomer_errors(
    season: Season, played: list[int], candidate: Candidate, figures: Figures
) -> None:
    """After a round: each newcomer of it who just reached a checkpoint of games, their list
    percentile minus their true percentile among the listed players."""
    fresh = [
        (p, season.records[p].games)
        for p in played
        if season.joins[p] > 1
        and season.records[p].games in CHECKPOINTS
        and season.records[p].games >= candidate.min_games
    ]
    if not fresh:
        return
    shown = listed(season, candidate)
    where = {p: i for i, p in enumerate(shown)}
    on_list = percentiles([candidate.order(season.records[p]) for p in shown])
    truth = percentiles([season.skill[p] for p in shown])
    for p, n in fresh:
        i = where[p]
        figures.newcomer.setdefault(n, []).append(on_list[i] - truth[i])


def rho_listed(season: Season, candidate: Candidate) -> float:
    """The list's Spearman correlation with true skill, over the players it lists now."""
    shown = listed(season, candidate)
    values = [candidate.order(season.records[p]) for p in shown]
    return spearman(values, [season.skill[p] for p in shown])


def season_end(season: Season, candidate: Candidate, figures: Figures) -> None:
    """The end-of-season correlations and the one-game winner's place."""
    shown = listed(season, candidate)
    values = [candidate.order(season.records[p]) for p in shown]
    figures.rho_skill.append(spearman(values, [season.skill[p] for p in shown]))
    figures.rho_games.append(spearman(values, [season.records[p].games for p in shown]))
    if candidate.min_games > 1:
        figures.one_win.append((0, len(shown)))  # not listed after one game
        return
    rivals = season.rng.sample(shown, 3)
    winner = RatingRun({(SYSTEM, p): season.run.rating(SYSTEM, p) for p in rivals})
    sides = (Side(("new",), 1),) + tuple(Side((p,), n) for n, p in enumerate(rivals, 2))
    rate([Game((0,), SYSTEM, sides)], winner)
    mine = Record(winner.rating(SYSTEM, "new"), points=4.0, wins=1, games=1)
    above = sum(1 for v in values if v > candidate.order(mine))
    figures.one_win.append((above + 1, len(shown) + 1))


def run_season(
    players: int, scenario: Scenario, seed: int, figures: dict[str, Figures], events: int = EVENTS
) -> None:
    """Play one season and add every candidate's figures to ``figures`` (by candidate name)."""
    season = Season(players, scenario, seed)

    def after_round(played: list[int]) -> None:
        for candidate in CANDIDATES:
            own = figures.setdefault(candidate.name, Figures())
            newcomer_errors(season, played, candidate, own)
            own.during.append(rho_listed(season, candidate))

    for number in range(1, events + 1):
        season.play_event(number, after_round)
        for candidate in CANDIDATES:
            rho = rho_listed(season, candidate)
            figures[candidate.name].curve.setdefault(number, []).append(rho)
    for candidate in CANDIDATES:
        season_end(season, candidate, figures[candidate.name])


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def back_test(
    players: int, scenarios: list[Scenario], seeds: list[int], events: int = EVENTS
) -> dict[str, Figures]:
    """Every candidate's figures over ``scenarios`` x ``seeds`` seasons."""
    figures: dict[str, Figures] = {}
    for scenario in scenarios:
        for seed in seeds:
            run_season(players, scenario, seed, figures, events)
    return figures


def combined(parts: list[dict[str, Figures]]) -> dict[str, Figures]:
    """Several back-tests' figures as one (each candidate's lists joined)."""
    out: dict[str, Figures] = {}
    for part in parts:
        for name, figures in part.items():
            into = out.setdefault(name, Figures())
            into.rho_skill += figures.rho_skill
            into.rho_games += figures.rho_games
            into.one_win += figures.one_win
            into.during += figures.during
            for n, errors in figures.newcomer.items():
                into.newcomer.setdefault(n, []).extend(errors)
            for event, rhos in figures.curve.items():
                into.curve.setdefault(event, []).extend(rhos)
    return out
