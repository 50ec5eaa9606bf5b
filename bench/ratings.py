"""The rating's honest numbers (issue 17): a back-test on simulated seasons, and the recompute time.

    .venv/bin/python bench/ratings.py [--players 400] [--games-per-player 40] [--seed 1]
                                      [--recompute 100000]

Back-test: players get a true skill (normal, mean 0, sd 1); each game seats four players drawn
at random, and its finish follows the Plackett-Luce model the rating assumes (each player's
performance is skill plus Gumbel noise, best performance first). After every checkpoint of games
per player it prints the Spearman correlation between the true skills and

* the conservative rating (mu - 3 sigma), the number the pages show;
* mu, the rating's own estimate;
* points per game (4, 3, 2, 1 for the places of a four-player game), what a plain league table
  ranks by.

Recompute: the time to replay ``--recompute`` four-player games from scratch (what a correction
of an early game costs at worst). Figures vary with the machine; they are printed, never asserted.
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

from leagues.logic.rating import Game, RatingRun, Side, rate  # noqa: E402

POINTS = {1: 4, 2: 3, 3: 2, 4: 1}
SYSTEM = "eye_for_an_eye"


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
    """Spearman's rank correlation of two equally long lists."""
    ra, rb = ranks(a), ranks(b)
    mean = (len(a) + 1) / 2
    cov = sum((x - mean) * (y - mean) for x, y in zip(ra, rb, strict=True))
    var_a = sum((x - mean) ** 2 for x in ra)
    var_b = sum((y - mean) ** 2 for y in rb)
    return cov / math.sqrt(var_a * var_b)


def simulated_games(skills: dict[str, float], count: int, rng: random.Random, start: int = 0):
    """``count`` four-player games whose finishes follow Plackett-Luce over the true skills."""
    players = list(skills)
    for key in range(start, start + count):
        seated = rng.sample(players, 4)
        gumbel = {p: skills[p] - math.log(-math.log(rng.random())) for p in seated}
        finish = sorted(seated, key=lambda p: -gumbel[p])
        yield Game((key,), SYSTEM, tuple(Side((p,), place) for place, p in enumerate(finish, 1)))


def back_test(players: int, games_per_player: int, seed: int) -> None:
    rng = random.Random(seed)
    skills = {f"p{i}": rng.gauss(0, 1) for i in range(players)}
    points = dict.fromkeys(skills, 0)
    played = dict.fromkeys(skills, 0)
    run = RatingRun()
    checkpoints = [c for c in (2, 5, 10, 20, 40, 80) if c <= games_per_player]
    done_games = 0
    print(f"back-test: {players} players, 4-player games, seed {seed}")
    print("games/player  spearman(conservative)  spearman(mu)  spearman(points/game)")
    for checkpoint in checkpoints:
        target = checkpoint * players // 4
        batch = list(simulated_games(skills, target - done_games, rng, done_games))
        done_games = target
        rate(batch, run)
        for game in batch:
            for side in game.sides:
                player = side.players[0]
                points[player] += POINTS[side.place]
                played[player] += 1
        truth = [skills[p] for p in skills]
        conservative = [run.rating(SYSTEM, p).conservative for p in skills]
        mu = [run.rating(SYSTEM, p).mu for p in skills]
        per_game = [points[p] / played[p] if played[p] else 0.0 for p in skills]
        print(
            f"{checkpoint:>13}  {spearman(truth, conservative):>22.3f}  "
            f"{spearman(truth, mu):>12.3f}  {spearman(truth, per_game):>21.3f}"
        )


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
    parser.add_argument("--games-per-player", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--recompute", type=int, default=100_000)
    args = parser.parse_args(argv)
    back_test(args.players, args.games_per_player, args.seed)
    recompute(args.recompute, args.seed)


if __name__ == "__main__":
    main_with_baseline(__file__, main)
