"""Exact fewest-repeats grouping for small fields (up to ``EXACT_LIMIT`` sides).

Used only when the heuristic repair leaves repeats, to either find a better grouping or
prove that the heuristic one is optimal. Depth-first search over pods that always seat
the lowest unseated side next, with memoisation on (unseated sides, pod sizes left) and
a budget: a state either gets its exact minimum or a proven lower bound.

The cost is lexicographic: repeat pairs first, then (Swiss only) the spread.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

EXACT_LIMIT = 16


def exact_grouping(
    adj: Sequence[int],
    sizes: Sequence[int],
    pts: Sequence[float] | None,
    budget: float,
) -> tuple[float, list[tuple[int, ...]]] | None:
    """Find a grouping cheaper than ``budget``, or ``None`` if none exists.

    adj[i] is a bitmask of the sides side ``i`` has met. With ``pts`` the cost of a
    grouping is ``repeats * big + spread``; without, just ``repeats``. Returns the
    optimal cost and its pods (tuples of side indices).
    """
    n = len(adj)
    counter = Counter(sizes)
    kinds = tuple(sorted(counter))
    big = 1.0
    if pts is not None and n:
        big = (max(pts) - min(pts)) * len(sizes) + 1.0
    memo: dict[tuple[int, tuple[int, ...]], tuple[float, bool]] = {}
    choice: dict[tuple[int, tuple[int, ...]], tuple[tuple[int, ...], tuple[int, ...]]] = {}

    def pod_cost(pod: tuple[int, ...], mask: int) -> float:
        rep = sum((adj[i] & mask).bit_count() for i in pod) // 2
        if pts is None:
            return float(rep)
        vals = [pts[i] for i in pod]
        return rep * big + (max(vals) - min(vals))

    # Every candidate pod, grouped by size and lowest member, cheapest first.
    candidates: list[list[list[tuple[float, int, tuple[int, ...]]]]] = []
    for k in kinds:
        per_low: list[list[tuple[float, int, tuple[int, ...]]]] = []
        for low in range(n):
            row = []
            for combo in combinations(range(low + 1, n), k - 1):
                pod = (low, *combo)
                pm = 0
                for i in pod:
                    pm |= 1 << i
                row.append((pod_cost(pod, pm), pm, pod))
            row.sort()
            per_low.append(row)
        candidates.append(per_low)

    def solve(mask: int, counts: tuple[int, ...], bound: float) -> float:
        if mask == 0:
            return 0.0
        key = (mask, counts)
        hit = memo.get(key)
        if hit is not None and (hit[1] or hit[0] >= bound):
            return hit[0]
        low = (mask & -mask).bit_length() - 1
        best, pick = bound, None
        for ki in range(len(kinds)):
            if not counts[ki]:
                continue
            left = counts[:ki] + (counts[ki] - 1,) + counts[ki + 1 :]
            for c, pm, pod in candidates[ki][low]:
                if c >= best:
                    break
                if pm & mask != pm:
                    continue
                sub = solve(mask ^ pm, left, best - c)
                if c + sub < best:
                    best, pick = c + sub, (pod, left)
        if pick is None:
            memo[key] = (bound, False)
            return bound
        memo[key] = (best, True)
        choice[key] = pick
        return best

    full = (1 << n) - 1
    start = tuple(counter[k] for k in kinds)
    cost = solve(full, start, budget)
    if cost >= budget:
        return None
    pods: list[tuple[int, ...]] = []
    key = (full, start)
    while key[0]:
        pod, left = choice[key]
        pods.append(pod)
        pm = 0
        for i in pod:
            pm |= 1 << i
        key = (key[0] ^ pm, left)
    return cost, pods
