"""Benchmark the pure standings computation: 10,000 entrants after five rounds.

Builds five rounds of random pods of four (places and Victory Cup tokens at random),
then times ``compute_standings`` with the default tiebreakers (Victory Cup tokens,
strength of schedule, first places). Only the standings call is timed.

Usage: python bench/standings_core.py [--entrants N] [--rounds R] [--repeat K]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from baseline import main_with_baseline  # noqa: E402 - bench/ is on the path

from tournament.logic.pairing import pod_sizes  # noqa: E402
from tournament.logic.standings import Entrant, GamePlacing, compute_standings  # noqa: E402

POINTS = {4: (4, 3, 2, 1), 3: (4, 2, 1), 2: (4, 2)}


def build(n: int, rounds: int, seed: int) -> tuple[list[Entrant], list[GamePlacing]]:
    rng = random.Random(seed)
    entrants = [Entrant(f"e{i:05d}", f"Player {i}") for i in range(n)]
    ids = [e.id for e in entrants]
    placings = []
    for r in range(1, rounds + 1):
        rng.shuffle(ids)
        pos = 0
        for table, size in enumerate(pod_sizes(n), start=1):
            pod = ids[pos : pos + size]
            pos += size
            for place, eid in enumerate(pod, start=1):
                placings.append(
                    GamePlacing(
                        eid,
                        f"r{r}t{table}",
                        r,
                        place,
                        POINTS[size][place - 1],
                        {"victory_cup_tokens": rng.randrange(0, 16)},
                    )
                )
    return entrants, placings


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    entrants, placings = build(args.entrants, args.rounds, 2024)
    best = float("inf")
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        rows = compute_standings(entrants, placings)
        best = min(best, time.perf_counter() - t0)
    ties = sum(1 for a, b in zip(rows, rows[1:], strict=False) if a.rank == b.rank)
    print(
        f"entrants={args.entrants} rounds={args.rounds} placings={len(placings)} "
        f"ms={best * 1000:.0f} (best of {args.repeat}) shared_ranks={ties}"
    )


if __name__ == "__main__":
    main_with_baseline(__file__, main)
