"""Benchmark the seat rotation: how uneven the players' seats are after five rounds, without and
with the event's "Rotate the seat order over the rounds" setting.

The imbalance of one player is the most minus the fewest times they sat in one seat position
(1 to 4, tables of 4; a table of 3 has no fourth seat) over the event; the figures are the
largest over the players and the mean. Five rounds over four seats: 1 is the least any player
can have (2-1-1-1), so a mean of 1.0 is perfect. ``first`` is the most times any player sat
first (the seat that chooses its chief first); ``ms`` the rotation's cost per round.

    players=40 method=swiss rotation=off largest=4 mean=2.3 first=3 ms=0

Each round the pods get random places (4/3/2/1 points), as in bench/pairing.py.

Usage: python bench/seat_balance.py [--players 40 400] [--rounds N] [--seed S]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from dataclasses import replace

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from baseline import main_with_baseline  # noqa: E402 - bench/ is on the path

from tournament.logic.pairing import PairingOptions, Side, pair_pods  # noqa: E402
from tournament.logic.pairing.seat_order import (  # noqa: E402
    balance_seats,
    seat_imbalance,
    seated_counts,
)

POINTS = {4: (4, 3, 2, 1), 3: (4, 2, 1), 2: (4, 2)}
POSITIONS = 4


def simulate(n: int, method: str, rounds: int, seed: int, rotation: bool) -> str:
    """One event of ``rounds`` rounds; its figures as one line."""
    rng = random.Random(seed)
    sides = {f"p{i:05d}": Side(f"p{i:05d}") for i in range(n)}
    counts: dict[str, list[int]] = {}
    spent = 0.0
    for number in range(1, rounds + 1):
        field = [replace(s, seat_counts=tuple(counts.get(s.id, ()))) for s in sides.values()]
        pairing = pair_pods(field, PairingOptions(method, 4, rng.randrange(2**31), number))
        if rotation:
            t0 = time.perf_counter()
            pairing = balance_seats(pairing, field)
            spent += time.perf_counter() - t0
        counts.update(seated_counts(pairing.pods, counts))
        for pod in pairing.pods:
            order = list(pod.sides)
            rng.shuffle(order)
            for place, sid in enumerate(order):
                met = sides[sid].opponents | {x for x in pod.sides if x != sid}
                points = sides[sid].points + POINTS[len(order)][place]
                sides[sid] = replace(sides[sid], points=points, opponents=frozenset(met))
    largest, mean = seat_imbalance(counts, POSITIONS)
    first = max(c[0] for c in counts.values())
    return (
        f"players={n} method={method} rotation={'on' if rotation else 'off'} "
        f"largest={largest} mean={mean:.3f} first={first} ms={spent * 1000 / rounds:.1f}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[40, 400])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=35)
    args = parser.parse_args(argv)
    for n in args.players:
        for method in ("swiss", "random"):
            for rotation in (False, True):
                print(simulate(n, method, args.rounds, args.seed, rotation), flush=True)


if __name__ == "__main__":
    main_with_baseline(__file__, main)
