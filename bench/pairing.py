"""Benchmark the free-for-all pairing: time per round, rematches, Swiss spread vs bound.

Simulates five rounds for each field size and method: after each round every pod gets
random places scored with the 4/3/2/1, 4/2/1 and 4/2 points tables. Only the pairing
call is timed. Output, one line per field size, method and round:

    players=10000 round=5 method=swiss ms=NN rematches=R spread=S bound=B

With ``--seeding spread`` or ``--seeding similar`` every side gets a random strength (a
rating) and the rounds are seeded by it (random rounds each round, Swiss round 1 only).

Usage: python bench/pairing.py [--quick] [--rounds N] [--seed S] [--seeding STYLE]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from baseline import main_with_baseline  # noqa: E402 - bench/ is on the path

from tournament.logic.pairing import SEEDINGS, PairingOptions, Side, pair_pods  # noqa: E402

POINTS = {4: (4, 3, 2, 1), 3: (4, 2, 1), 2: (4, 2)}


def simulate(n: int, method: str, rounds: int, seed: int, seeding: str = "off") -> list[str]:
    rng = random.Random(seed)
    ids = [f"p{i:05d}" for i in range(n)]
    strength = {i: rng.uniform(0.0, 80.0) for i in ids}
    points = dict.fromkeys(ids, 0)
    met: dict[str, set[str]] = {i: set() for i in ids}
    lines = []
    for r in range(1, rounds + 1):
        sides = [Side(i, points[i], frozenset(met[i]), strength=strength[i]) for i in ids]
        options = PairingOptions(
            method=method, seed=rng.randrange(2**31), round_number=r, seeding=seeding
        )
        t0 = time.perf_counter()
        pairing = pair_pods(sides, options)
        ms = (time.perf_counter() - t0) * 1000
        rematches = sum(len(p.repeats) for p in pairing.pods)
        lines.append(
            f"players={n} round={r} method={method} seeding={seeding} ms={ms:.0f} "
            f"rematches={rematches} "
            f"spread={pairing.spread:g} bound={pairing.spread_bound:g}"
        )
        print(lines[-1], flush=True)
        for pod in pairing.pods:
            order = list(pod.sides)
            rng.shuffle(order)
            for place, sid in enumerate(order):
                points[sid] += POINTS[len(order)][place]
                met[sid].update(x for x in pod.sides if x != sid)
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small fields only (100, 1000)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--seeding", choices=SEEDINGS, default="off")
    args = parser.parse_args(argv)
    sizes = (100, 1000) if args.quick else (100, 1000, 10000, 10003)
    for n in sizes:
        for method in ("random", "swiss"):
            simulate(n, method, args.rounds, args.seed, args.seeding)


if __name__ == "__main__":
    main_with_baseline(__file__, main)
