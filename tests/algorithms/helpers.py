"""Shared helpers for the algorithm tests: simulated histories and brute-force checks."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from itertools import combinations

from tournament.logic.pairing import Pairing, Side, pod_sizes

POINTS = {4: (4, 3, 2, 1), 3: (4, 2, 1), 2: (4, 2)}


def random_history(n: int, rounds: int, seed: int, preferred: int = 4) -> list[Side]:
    """``n`` sides after ``rounds`` rounds of random pods (repeats allowed), with points."""
    rng = random.Random(seed)
    ids = [f"s{i:03d}" for i in range(n)]
    met: dict[str, set[str]] = {i: set() for i in ids}
    points = dict.fromkeys(ids, 0)
    for _ in range(rounds):
        order = ids[:]
        rng.shuffle(order)
        pos = 0
        for k in pod_sizes(n, preferred) if n >= 2 else []:
            pod = order[pos : pos + k]
            pos += k
            for place, sid in enumerate(pod):
                points[sid] += POINTS[k][place]
                met[sid].update(x for x in pod if x != sid)
    return [Side(i, points[i], frozenset(met[i])) for i in ids]


def play(pairing: Pairing, sides: list[Side], rng: random.Random) -> list[Side]:
    """Sides after playing ``pairing`` with random places."""
    by_id = {s.id: s for s in sides}
    out = dict(by_id)
    for pod in pairing.pods:
        order = list(pod.sides)
        rng.shuffle(order)
        for place, sid in enumerate(order):
            s = by_id[sid]
            out[sid] = replace(
                s,
                points=s.points + POINTS[len(order)][place],
                opponents=s.opponents | {x for x in pod.sides if x != sid},
            )
    return [out[s.id] for s in sides]


def max_met(sides: list[Side]) -> int:
    present = {s.id for s in sides}
    return max((len(s.opponents & present) for s in sides), default=0)


def count_repeats(pairing: Pairing, sides: list[Side]) -> int:
    opp = {s.id: s.opponents for s in sides}
    return sum(
        1
        for pod in pairing.pods
        for a, b in combinations(pod.sides, 2)
        if b in opp[a] or a in opp[b]
    )


def brute_min_repeats(sides: list[Side], sizes: list[int]) -> int:
    """Fewest repeat pairs over every grouping with these pod sizes (plain memo search,
    independent of the solver in tournament.logic.pairing.exact)."""
    ids = [s.id for s in sides]
    n = len(ids)
    met = [
        [ids[j] in sides[i].opponents or ids[i] in sides[j].opponents for j in range(n)]
        for i in range(n)
    ]
    kinds = sorted(set(sizes))

    @cache
    def best(remaining: frozenset[int], left: tuple[int, ...]) -> int:
        if not remaining:
            return 0
        first = min(remaining)
        rest = sorted(remaining - {first})
        result = 10**9
        for ki, k in enumerate(kinds):
            if not left[ki]:
                continue
            nleft = left[:ki] + (left[ki] - 1,) + left[ki + 1 :]
            for combo in combinations(rest, k - 1):
                pod = (first, *combo)
                cost = sum(met[a][b] for a, b in combinations(pod, 2))
                if cost < result:
                    result = min(result, cost + best(remaining - set(pod), nleft))
        return result

    return best(frozenset(range(n)), tuple(sizes.count(k) for k in kinds))
