"""The rating's honest numbers (issues 17, 35): a back-test of the list's order on simulated
seasons, and the recompute time.

    .venv/bin/python bench/ratings.py [--players 400] [--seeds 3] [--events 10] [--quick]
                                      [--recompute 100000]

Back-test (``bench/rating_backtest.py`` says how a season is played): 400 players with a hidden
true skill, 10 Swiss events of 5 rounds, mixed attendance and late newcomers, tables of 4 or of
3 to 6, clean and noisy games. For each candidate list order (the rating's mu - k sigma, mu
alone, with or without a fewest-games rule to be listed; points per game and win rate beside
them) it prints, over the players with at least one game only:

* ``skill``: Spearman correlation of the list with true skill at the season's end;
* ``during``: the same after every round of the season, averaged (the list is read live);
* ``games``: the correlation with games played (attendance is drawn apart from skill: 0 is fair);
* ``new1`` / ``new5`` / ``new20``: a newcomer's list percentile minus their true percentile
  after 1, 5 and 20 games (mean, then mean absolute; negative is listed too low);
* ``one_win``: where a player who won their only game lands on the list.

Then each table size and noise on its own, the curve of the correlation event by event, a pair's
and a trio's chances when every player is equal, and what a shared first place gives.
``--quick`` runs one small season (what the tests use). Recompute: the time to replay
``--recompute`` four-player games from scratch. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from baseline import main_with_baseline  # noqa: E402 - bench/ is on the path
from rating_backtest import (  # noqa: E402 - bench/ is on the path
    CANDIDATES,
    CHECKPOINTS,
    Figures,
    Scenario,
    back_test,
    combined,
    mean,
)

from leagues.logic.rating import Game, RatingRun, Side, rate, win_chances  # noqa: E402

SYSTEM = "eye_for_an_eye"
SCENARIOS = [Scenario("4", 1.0), Scenario("3-6", 1.0), Scenario("4", 2.0), Scenario("3-6", 2.0)]
CURVED = ("mu - 3 sigma (before)", "mu", "points per game")


def newcomer(figures: Figures, games: int) -> str:
    errors = figures.newcomer.get(games, [])
    if not errors:
        return "unlisted"
    return f"{mean(errors):+.1f}/{mean([abs(e) for e in errors]):.1f}"


def one_win(figures: Figures) -> str:
    place = mean([float(p) for p, _ in figures.one_win])
    of = mean([float(n) for _, n in figures.one_win])
    return "unlisted" if place == 0 else f"{place:.0f}/{of:.0f}"


def line(name: str, f: Figures) -> str:
    """One candidate's figures on one line."""
    return (
        f"  order={name!r:<31} skill={mean(f.rho_skill):.3f} during={mean(f.during):.3f} "
        f"games={mean(f.rho_games):+.3f} "
        + " ".join(f"new{n}={newcomer(f, n)}" for n in CHECKPOINTS)
    )


def report(players: int, seeds: list[int], events: int) -> None:
    print(
        f"back-test: {players} players, {events} Swiss events of 5 rounds, mixed attendance, "
        f"late newcomers; seeds {seeds[0]}-{seeds[-1]}"
    )
    kinds = {scenario: back_test(players, [scenario], seeds, events) for scenario in SCENARIOS}
    figures = combined(list(kinds.values()))
    print("all four kinds of season together:")
    for candidate in CANDIDATES:
        print(
            line(candidate.name, figures[candidate.name])
            + f" one_win={one_win(figures[candidate.name])}"
        )
    for scenario, alone in kinds.items():
        print(f"{scenario.label}:")
        for name in CURVED:
            print(line(name, alone[name]))
    print("the correlation with skill after each event (all kinds together):")
    for name in CURVED:
        curve = figures[name].curve
        print(f"  {name:<22} " + " ".join(f"{mean(curve[e]):.3f}" for e in sorted(curve)))


def fairness() -> None:
    """Teams of unequal size and shared places, from newcomers: the model's own numbers."""
    pod = [("a", "b"), ("c", "d", "e")]
    pair, trio = win_chances(SYSTEM, pod, RatingRun())
    print(
        f"teams: equal players, a pair against a trio: win chance pair={pair:.3f} trio={trio:.3f}"
    )
    for places in ([1, 2, 3, 4], [1, 1, 3, 4]):
        sides = tuple(Side((p,), n) for p, n in zip("wxyz", places, strict=True))
        run = rate([Game((1,), SYSTEM, sides)])
        mus = " ".join(f"{p}={run.rating(SYSTEM, p).mu:.2f}" for p in "wxyz")
        print(f"places {'-'.join(map(str, places))} from newcomers (mu 25): {mus}")


def simulated_games(skills: dict[str, float], count: int, rng: random.Random, start: int = 0):
    """``count`` four-player games whose finishes follow Plackett-Luce over the true skills."""
    players = list(skills)
    for key in range(start, start + count):
        seated = rng.sample(players, 4)
        gumbel = {p: skills[p] - math.log(-math.log(rng.random())) for p in seated}
        finish = sorted(seated, key=lambda p: -gumbel[p])
        yield Game((key,), SYSTEM, tuple(Side((p,), place) for place, p in enumerate(finish, 1)))


def recompute(games: int, seed: int) -> None:
    rng = random.Random(seed)
    skills = {f"p{i}": rng.gauss(0, 1) for i in range(max(400, games // 25))}
    batch = list(simulated_games(skills, games, rng))
    started = time.perf_counter()
    run = rate(batch)
    seconds = time.perf_counter() - started
    print(
        f"recompute: {games:,} four-player games, {len(skills):,} players, from scratch in "
        f"{seconds:.1f} s ({games / seconds:,.0f} games/s; {len(run.history):,} rating changes)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--seeds", type=int, default=3, help="seasons of each kind")
    parser.add_argument("--events", type=int, default=10)
    parser.add_argument("--recompute", type=int, default=100_000)
    parser.add_argument("--quick", action="store_true", help="one small season (for the tests)")
    args = parser.parse_args(argv)
    if args.quick:
        args.players, args.seeds, args.events, args.recompute = 60, 1, 3, 2_000
    report(args.players, list(range(1, args.seeds + 1)), args.events)
    fairness()
    recompute(args.recompute, 1)


if __name__ == "__main__":
    main_with_baseline(__file__, main)
