"""Seat a field into pods of given sizes with as few repeat pairings as possible.

The arrangement is a permutation of the sides; pod ``q`` takes the positions
``start[q] .. start[q] + size[q] - 1``. Both repair stages only swap two sides between
pods, so the pod sizes never change:

1. ``repair_nearby``: for every pod holding a pair that met before, look outwards from
   the offending side's position for a swap partner that removes the repeat without
   creating another, preferring partners with the same points (nearest positions first,
   so a Swiss field keeps its points order and its spread). Fast: O(conflicts * window).
2. ``repair_tabu``: if repeats remain, a seeded min-conflicts tabu search over swaps
   (a conflicting side swaps with the best partner anywhere, even uphill, and recently
   moved sides may not move back for a few steps). Bounded by an iteration budget so it
   is deterministic for a given seed; it keeps the best arrangement seen.

Opponent lookups use the caller's ``frozenset`` of opponent ids directly. The arrangement
counts every pod's repeat pairs once when it is seated (``set_order``) and keeps the counts up
to date on every swap (only the two pods touched are counted again), so no stage re-scans the
field to learn how many repeats are left or where they are.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import accumulate, chain, groupby, repeat
from typing import Any


def chunked(values: list[Any], sizes: Sequence[int]) -> list[tuple[Any, ...]]:
    """``values`` cut into consecutive tuples of ``sizes``. Each run of equal sizes is cut at
    once by ``zip`` (no Python step per pod: this is on the path of every 10,000-side round)."""
    out: list[tuple[Any, ...]] = []
    start = 0
    for k, run in groupby(sizes):
        end = start + k * len(list(run))
        chunk = iter(values[start:end])
        out += zip(*[chunk] * k, strict=True)
        start = end
    return out


class Arrangement:
    """A mutable seating of ``n`` sides (by index) into consecutive pods."""

    def __init__(
        self,
        ids: Sequence[str],
        pts: Sequence[float],
        opp: Sequence[frozenset[str]],
        order: Sequence[int],
        sizes: Sequence[int],
    ) -> None:
        self.ids = ids
        self.pts = pts
        self.opp = opp
        self.order = list(order)
        self.sizes = list(sizes)
        #: the first position of each pod, and the pod of each position
        self.start = list(accumulate(self.sizes, initial=0))[:-1]
        self.pod_at = list(chain.from_iterable(map(repeat, range(len(self.sizes)), self.sizes)))
        self.pos = [0] * len(self.order)
        #: repeat pairs in each pod (``len(pod_repeats(q))``), kept up to date by every move
        self.rep = [0] * len(self.sizes)
        #: their sum
        self.total = 0
        self.set_order(self.order)

    # --- queries -------------------------------------------------------------------
    def pod_of(self, v: int) -> int:
        return self.pod_at[self.pos[v]]

    def members(self, q: int) -> list[int]:
        s = self.start[q]
        return self.order[s : s + self.sizes[q]]

    def met_in(self, v: int, q: int, skip: int = -1) -> int:
        """How many sides of pod ``q`` (other than ``v`` and ``skip``) ``v`` has met."""
        o = self.opp[v]
        if not o:
            return 0
        ids, order = self.ids, self.order
        c = 0
        s = self.start[q]
        for p in range(s, s + self.sizes[q]):
            u = order[p]
            if u != v and u != skip and ids[u] in o:
                c += 1
        return c

    def pod_repeats(self, q: int) -> list[tuple[int, int]]:
        """Pairs of sides in pod ``q`` that have met before."""
        m = self.members(q)
        ids, opp = self.ids, self.opp
        out = []
        for i in range(len(m) - 1):
            o = opp[m[i]]
            if o:
                for j in range(i + 1, len(m)):
                    if ids[m[j]] in o:
                        out.append((m[i], m[j]))
        return out

    def count_repeats(self, q: int) -> int:
        """``len(pod_repeats(q))`` without building the list."""
        ids, opp, order = self.ids, self.opp, self.order
        s = self.start[q]
        e = s + self.sizes[q]
        c = 0
        for i in range(s, e - 1):
            o = opp[order[i]]
            if o:
                for j in range(i + 1, e):
                    if ids[order[j]] in o:
                        c += 1
        return c

    def total_repeats(self) -> int:
        return self.total

    def pods_with_repeats(self) -> list[int]:
        return [q for q, r in enumerate(self.rep) if r]

    def pod_spread(self, q: int, out_side: int = -1, in_side: int = -1) -> float:
        """Spread of pod ``q``, optionally as if ``out_side`` were replaced by ``in_side``."""
        pts = self.pts
        vals = [pts[in_side] if u == out_side else pts[u] for u in self.members(q)]
        return max(vals) - min(vals)

    def pod_spreads(self) -> list[float]:
        """``pod_spread(q)`` of every pod, in one pass (each pod's points a slice dropped at
        once, so the pass leaves nothing for the garbage collector to count)."""
        vals = list(map(self.pts.__getitem__, self.order))
        out = []
        for s, k in zip(self.start, self.sizes, strict=True):
            chunk = vals[s : s + k]
            out.append(max(chunk) - min(chunk))
        return out

    def spread(self) -> float:
        return sum(self.pod_spreads())

    def swap_delta(self, v: int, w: int) -> int:
        """Change in repeat pairs if ``v`` and ``w`` (in different pods) swap."""
        pv, pw = self.pod_of(v), self.pod_of(w)
        loss = self.met_in(v, pv) + self.met_in(w, pw)
        gain = self.met_in(v, pw, skip=w) + self.met_in(w, pv, skip=v)
        return gain - loss

    def spread_delta(self, v: int, w: int) -> float:
        if self.pts[v] == self.pts[w]:
            return 0.0
        pv, pw = self.pod_of(v), self.pod_of(w)
        before = self.pod_spread(pv) + self.pod_spread(pw)
        after = self.pod_spread(pv, v, w) + self.pod_spread(pw, w, v)
        return after - before

    # --- moves ---------------------------------------------------------------------
    def swap(self, v: int, w: int) -> None:
        a, b = self.pos[v], self.pos[w]
        self.order[a], self.order[b] = w, v
        self.pos[v], self.pos[w] = b, a
        qa, qb = self.pod_at[a], self.pod_at[b]
        self._recount(qa)
        if qb != qa:
            self._recount(qb)

    def set_order(self, order: list[int]) -> None:
        """Seat the sides in ``order`` (a permutation of the same sides) and count afresh."""
        self.order = order
        pos = self.pos
        for p, v in enumerate(order):
            pos[v] = p
        # Count every pod in one pass. The usual sizes are written out (pair by pair, as
        # count_repeats checks them): the set lookups are what costs, not the arithmetic.
        oid = list(map(self.ids.__getitem__, order))
        oo = list(map(self.opp.__getitem__, order))
        rep = self.rep
        for q, (s, k) in enumerate(zip(self.start, self.sizes, strict=True)):
            if k == 4:
                b, c, d = oid[s + 1], oid[s + 2], oid[s + 3]
                oa, ob, oc = oo[s], oo[s + 1], oo[s + 2]
                rep[q] = (b in oa) + (c in oa) + (d in oa) + (c in ob) + (d in ob) + (d in oc)
            elif k == 3:
                b, c = oid[s + 1], oid[s + 2]
                oa = oo[s]
                rep[q] = (b in oa) + (c in oa) + (c in oo[s + 1])
            elif k == 2:
                rep[q] = int(oid[s + 1] in oo[s])
            else:
                rep[q] = self.count_repeats(q)
        self.total = sum(rep)

    def _recount(self, q: int) -> None:
        new = self.count_repeats(q)
        self.total += new - self.rep[q]
        self.rep[q] = new


def repair_nearby(arr: Arrangement, window: int = 48) -> int:
    """Remove repeats by swaps with nearby positions; returns the repeats left."""
    n = len(arr.order)
    for q in arr.pods_with_repeats():
        for _attempt in range(8):
            if not arr.rep[q]:
                break
            pairs = arr.pod_repeats(q)
            movers = sorted({x for pair in pairs for x in pair}, key=arr.pos.__getitem__)
            best = None  # (spread increase, delta, spread_delta, distance, v, w)
            for v in movers:
                need = arr.met_in(v, q)
                p0 = arr.pos[v]
                for d in range(1, window + 1):
                    found = False
                    for p in (p0 - d, p0 + d):
                        if p < 0 or p >= n or arr.pod_at[p] == q:
                            continue
                        w = arr.order[p]
                        delta = arr.swap_delta(v, w)
                        if delta >= 0:
                            continue
                        sd = arr.spread_delta(v, w)
                        key = (max(sd, 0.0), delta, sd, d, v, w)
                        if best is None or key < best:
                            best = key
                        if delta <= -need and sd <= 0:
                            found = True
                            break
                    if found:
                        break
                if best is not None and best[1] <= -need and best[0] <= 0:
                    break
            if best is None:
                break
            arr.swap(best[4], best[5])
    return arr.total


def polish_spread(arr: Arrangement, window: int = 12, max_passes: int = 6) -> None:
    """Swiss only: swap sides between pods when that lowers the spread without adding
    repeats. Only pods with a non-zero spread can gain, so only those are visited."""
    n = len(arr.order)
    pts = arr.pts
    spreads = arr.pod_spreads()  # kept up to date below: only swaps change a pod's spread
    for _ in range(max_passes):
        improved = False
        for q in range(len(arr.sizes)):
            if spreads[q] == 0:
                continue
            for v in arr.members(q):
                if arr.pod_of(v) != q:
                    continue
                p0 = arr.pos[v]
                done = False
                for d in range(1, window + 1):
                    for p in (p0 - d, p0 + d):
                        if p < 0 or p >= n or arr.pod_at[p] == q:
                            continue
                        w = arr.order[p]
                        if pts[w] == pts[v]:
                            continue
                        if arr.spread_delta(v, w) < 0 and arr.swap_delta(v, w) <= 0:
                            qw = arr.pod_of(w)
                            arr.swap(v, w)
                            spreads[q] = arr.pod_spread(q)
                            spreads[qw] = arr.pod_spread(qw)
                            improved = done = True
                            break
                    if done:
                        break
        if not improved:
            return


def repair_tabu(
    arr: Arrangement,
    rng: random.Random,
    *,
    swiss: bool,
    max_iters: int | None = None,
    window: int = 400,
) -> tuple[int, int]:
    """Min-conflicts tabu search over swaps. Returns (repeats left, iterations used).

    Candidates for a conflicting side are all sides in other pods when the field has at
    most ``2 * window`` sides, else the ``window`` positions either side of it. For
    Swiss rounds the spread change breaks ties between equally good swaps.
    """
    n = len(arr.order)
    nq = len(arr.sizes)
    if max_iters is None:
        max_iters = max(1000, 100_000 // max(n, 1))
    conf = [arr.met_in(v, arr.pod_of(v)) for v in range(n)]
    total = sum(conf) // 2
    best_total, best_order = total, arr.order[:]
    tabu = [0] * n
    it = 0
    while it < max_iters and total > 0 and nq > 1:
        it += 1
        hot = [v for v in range(n) if conf[v]]
        v = hot[rng.randrange(len(hot))]
        q = arr.pod_of(v)
        p0 = arr.pos[v]
        lo, hi = (0, n) if n <= 2 * window else (max(0, p0 - window), min(n, p0 + window + 1))
        cands = range(lo, hi)
        move = None  # key, w
        ties = 0
        for p in cands:
            if arr.pod_at[p] == q:
                continue
            w = arr.order[p]
            delta = arr.swap_delta(v, w)
            if (tabu[w] > it or tabu[v] > it) and total + delta >= best_total:
                continue
            key = (delta, arr.spread_delta(v, w) if swiss else 0.0)
            if move is None or key < move[0]:
                move, ties = (key, w), 1
            elif key == move[0]:
                ties += 1
                if rng.randrange(ties) == 0:
                    move = (key, w)
        if move is None:
            continue
        w = move[1]
        qw = arr.pod_of(w)
        arr.swap(v, w)
        total += move[0][0]
        tenure = 5 + rng.randrange(6)
        tabu[v] = tabu[w] = it + tenure
        for u in arr.members(q) + arr.members(qw):
            conf[u] = arr.met_in(u, arr.pod_of(u))
        if total < best_total:
            best_total, best_order = total, arr.order[:]
    if total > best_total:
        arr.set_order(best_order)
        total = best_total
    return total, it
