"""Pod sizes and the Swiss spread lower bound.

``pod_sizes`` decides how many pods of 4, 3 (and, only when unavoidable, 2) a field of
``n`` sides is split into. ``best_size_order`` orders a multiset of pod sizes along a
points-sorted field so that the spread (sum over pods of highest minus lowest points)
is as small as possible; that minimum is a true lower bound for any grouping with the
same pod sizes (see docs/algorithms.md for the exchange argument).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import product

from common.logic.words import Worded, gettext_noop
from tournament.logic.pairing.types import PairingError, too_few_sides


def pod_sizes(n: int, preferred: int = 4) -> list[int]:
    """Split ``n`` sides into pod sizes, largest pods first.

    preferred=4: pods of 4, remainders in pods of 3 (n=6 -> [3, 3], n=9 -> [3, 3, 3]).
    preferred=3: pods of 3, remainders in pods of 4 (n=7 -> [4, 3], n=8 -> [4, 4]).
    A pod of 2 appears only when nothing else fits: n=2 -> [2], n=5 -> [3, 2].
    Fewer than two sides cannot play and are refused.
    """
    if not isinstance(n, int) or isinstance(n, bool):
        raise PairingError(f"number of sides must be an integer, got {n!r}")
    if preferred not in (3, 4):
        sentence = gettext_noop("preferred pod size must be 3 or 4, got %(value)s")
        raise PairingError(Worded("bad_preferred_size", sentence, {"value": repr(preferred)}))
    if n < 2:
        raise PairingError(too_few_sides(n))
    if n == 2:
        return [2]
    if n == 5:
        return [3, 2]
    if preferred == 4:
        pods = -(-n // 4)  # ceil(n / 4)
        threes = 4 * pods - n
        return [4] * (pods - threes) + [3] * threes
    fours = n % 3  # 0, 1 or 2 pods of 4 absorb the remainder
    threes = (n - 4 * fours) // 3
    return [4] * fours + [3] * threes


def pod_spread(points: Sequence[float]) -> float:
    """Highest minus lowest points within one pod."""
    return max(points) - min(points)


def best_size_order(points_desc: Sequence[float], sizes: Sequence[int]) -> tuple[float, list[int]]:
    """Order ``sizes`` along ``points_desc`` (sorted, highest first) to minimise spread.

    Returns ``(bound, order)``: the least total spread of consecutive grouping over all
    orderings of the pod sizes, and one ordering that reaches it. Dynamic programme over
    how many pods of each size are already placed (the position follows from that): one
    step per state, (pods of one size + 1) x (pods of the other + 1) for the usual two
    distinct sizes, where one of the two counts is small (at most three pods of 3 among
    pods of 4, at most two pods of 4 among pods of 3, one pod of 3 among pods of 2).
    """
    n = len(points_desc)
    if sum(sizes) != n:
        raise PairingError(f"pod sizes {sizes!r} do not add up to {n} sides")
    counts = Counter(sizes)
    kinds = sorted(counts, reverse=True)
    default = [k for k in kinds for _ in range(counts[k])]
    if n == 0 or points_desc[0] == points_desc[-1] or len(kinds) == 1:
        bound = _consecutive_spread(points_desc, default)
        return bound, default
    if len(kinds) == 2:
        return _two_kinds(points_desc, kinds[0], counts[kinds[0]], kinds[1], counts[kinds[1]])
    return _any_kinds(points_desc, kinds, counts)


def _any_kinds(
    pts: Sequence[float], kinds: list[int], counts: Counter[int]
) -> tuple[float, list[int]]:
    """The DP of ``best_size_order`` over any number of distinct sizes (``kinds``, largest
    first): one state per tuple of pods placed of each size."""
    inf = float("inf")
    best: dict[tuple[int, ...], float] = {}
    back: dict[tuple[int, ...], int] = {}
    ranges = [range(counts[k] + 1) for k in kinds]
    for used in product(*ranges):
        pos = sum(u * k for u, k in zip(used, kinds, strict=True))
        if pos == 0:
            best[used] = 0.0
            continue
        value, arg = inf, -1
        for i, k in enumerate(kinds):
            if used[i]:
                prev = used[:i] + (used[i] - 1,) + used[i + 1 :]
                cand = best[prev] + pts[pos - k] - pts[pos - 1]
                if cand < value:
                    value, arg = cand, i
        best[used] = value
        back[used] = arg
    state = tuple(counts[k] for k in kinds)
    order: list[int] = []
    while sum(state):
        i = back[state]
        order.append(kinds[i])
        state = state[:i] + (state[i] - 1,) + state[i + 1 :]
    order.reverse()
    return best[tuple(counts[k] for k in kinds)], order


def _two_kinds(
    pts: Sequence[float], big: int, bigs: int, small: int, smalls: int
) -> tuple[float, list[int]]:
    """The same DP for two distinct sizes (what ``pod_sizes`` gives), on flat lists.

    State (a, b) = ``a`` pods of ``big`` and ``b`` of ``small`` placed, ending at position
    ``a * big + b * small``. Every value is computed by the same expression and the same
    tie-break as ``_any_kinds`` (a pod of ``big`` last wins a tie), so the two agree exactly;
    this one is about ten times faster on 10,000 sides.
    """
    inf = float("inf")
    # rows[b][a] = least spread with a big and b small pods placed; took_big[b][a] = whether
    # the last pod of that best placement is a big one.
    rows: list[list[float]] = []
    took_big: list[list[bool]] = []
    below: list[float] | None = None
    for b in range(smalls + 1):
        row: list[float] = []
        flags: list[bool] = []
        left = inf  # value of (a - 1, b)
        base = b * small
        for a in range(bigs + 1):
            end = base + a * big  # the position after the last pod placed
            if end == 0:
                left = 0.0
                row.append(0.0)
                flags.append(False)
                continue
            value, last_big = inf, False
            if a:
                value, last_big = left + pts[end - big] - pts[end - 1], True
            if below is not None:
                cand = below[a] + pts[end - small] - pts[end - 1]
                if cand < value:
                    value, last_big = cand, False
            row.append(value)
            flags.append(last_big)
            left = value
        rows.append(row)
        took_big.append(flags)
        below = row
    order: list[int] = []
    a, b = bigs, smalls
    while a or b:
        if took_big[b][a]:
            order.append(big)
            a -= 1
        else:
            order.append(small)
            b -= 1
    order.reverse()
    return rows[smalls][bigs], order


def _consecutive_spread(points_desc: Sequence[float], order: Sequence[int]) -> float:
    total, pos = 0.0, 0
    for k in order:
        total += points_desc[pos] - points_desc[pos + k - 1]
        pos += k
    return total
