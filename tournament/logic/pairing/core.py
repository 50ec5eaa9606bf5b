"""Shared machinery for free-for-all pods and alliance games.

``seat_round`` takes the sides and a multiset of pod sizes and returns the finished
``Pairing``: it orders the field (seeded shuffle, or points order for a method that pairs
by points, such as Swiss), chunks it
into pods, removes repeat pairings (nearby swaps, then tabu search, then an exact search
on small fields), numbers the tables and deals the starting flowers.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import permutations
from operator import attrgetter, getitem, neg
from typing import Any

from tournament.logic.ids import by_id
from tournament.logic.pairing.arrange import (
    Arrangement,
    chunked,
    polish_spread,
    repair_nearby,
    repair_tabu,
)
from tournament.logic.pairing.draws import draws_below, shuffle
from tournament.logic.pairing.exact import EXACT_LIMIT, exact_grouping
from tournament.logic.pairing.seeding import OFF, seeded_pods, seeding_record
from tournament.logic.pairing.sizes import best_size_order
from tournament.logic.pairing.types import FLOWERS, Pairing, PairingError, Pod, Side

_DEALS = list(permutations(FLOWERS))
#: _DEAL_PREFIXES[d][k] = the first k flowers of deal d (made once, not once per pod)
_DEAL_PREFIXES = [[deal[:k] for k in range(len(FLOWERS) + 1)] for deal in _DEALS]
_SIDE_ID = attrgetter("id")
_POINTS = attrgetter("points")
_OPPONENTS = attrgetter("opponents")


def check_sides(sides: Sequence[Side]) -> list[Side]:
    """Validate the sides and return them in canonical (id) order."""
    ordered = by_id(sides, _SIDE_ID)
    for a, b in zip(ordered, ordered[1:], strict=False):
        if a.id == b.id:
            raise PairingError(f"side {a.id!r} is listed twice")
    return ordered


def _pair(a: str, b: str) -> tuple[str, str]:
    """Two side ids in order."""
    return (a, b) if a <= b else (b, a)


def _fmt(x: float) -> int | float:
    return int(x) if float(x).is_integer() else float(x)


def seat_round(
    sides: Sequence[Side],
    sizes: Sequence[int],
    *,
    method: str,
    by_points: bool,
    rng: random.Random,
    explanation: dict[str, Any],
    round_number: int,
    exact_limit: int = EXACT_LIMIT,
    seeding: str = OFF,
) -> Pairing:
    """Seat ``sides`` (already validated, canonical order) into pods of ``sizes``.

    ``method`` is the method's key (for the record); ``by_points`` orders the field by points
    (Swiss: similar points meet, table 1 the top pod, the spread kept low). With a ``seeding``
    style, a random round (or a Swiss round whose sides all have the same points) is ordered by
    ``Side.strength`` instead of by the draw alone (``seeding.py``).
    """
    swiss = by_points
    n = len(sides)
    ids = list(map(_SIDE_ID, sides))
    pts = list(map(_POINTS, sides))
    opp = list(map(_OPPONENTS, sides))

    order = list(range(n))
    shuffle(order, rng)
    if swiss:
        order.sort(key=list(map(neg, pts)).__getitem__)
        bound, size_order = best_size_order(list(map(pts.__getitem__, order)), sizes)
    else:
        size_order = sorted(sizes, reverse=True)
        bound, _ = best_size_order(sorted(pts, reverse=True), sizes)
    if seeding != OFF:
        record = seeding_record(seeding, swiss, sides)
        explanation["seeding"] = record
        if record["applied"]:
            strengths = [s.strength for s in sides]

            def have_met(a: int, b: int) -> bool:
                return ids[b] in opp[a]

            seeded = seeded_pods(order, strengths, size_order, seeding, rng, have_met)
            order = [i for pod in seeded for i in pod]

    arr = Arrangement(ids, pts, opp, order, size_order)
    stage = "chunk"
    repeats = arr.total_repeats()
    iterations = 0
    if repeats:
        stage = "nearby swaps"
        repeats = repair_nearby(arr)
    if repeats and n > exact_limit:
        stage = "tabu search"
        repeats, iterations = repair_tabu(arr, rng, swiss=swiss)
    proven = repeats == 0
    if repeats and n <= exact_limit:
        stage = "exact search"
        arr = _exact(arr, swiss)
        repeats = arr.total_repeats()
        proven = True
    if swiss and stage != "chunk":
        polish_spread(arr)
        repeats = arr.total_repeats()

    # Table numbers: Swiss tables go from the highest-points pod down.
    nq = len(arr.sizes)
    sizes_ = arr.sizes
    if swiss:
        # Highest points first, then the higher average, then the pod's place in the order:
        # stable sorts from the last key to the first (no tuple per pod).
        # The same pass gives each pod's spread (what arr.spread() adds up, in pod order).
        vals = list(map(pts.__getitem__, arr.order))
        tops, means, spreads = [], [], []
        for s, k in zip(arr.start, sizes_, strict=True):
            chunk = vals[s : s + k]
            top = max(chunk)
            tops.append(-top)
            means.append(-sum(chunk) / k)
            spreads.append(top - min(chunk))
        spread = sum(spreads)
        pod_order = list(range(nq))
        pod_order.sort(key=means.__getitem__)
        pod_order.sort(key=tops.__getitem__)
    else:
        spread = arr.spread()
        pod_order = list(range(nq))

    # The pods in table order, built in bulk: each pod's sides, one deal of the flowers per
    # table (in table order, as the seed has always dealt them), and the repeats (few pods).
    tables = range(1, nq + 1)
    groups = chunked(list(map(ids.__getitem__, arr.order)), sizes_)
    deals = map(_DEAL_PREFIXES.__getitem__, draws_below(len(_DEALS), nq, rng))
    flowers = list(map(getitem, deals, map(sizes_.__getitem__, pod_order)))
    repeats_at: list[tuple[tuple[str, str], ...]] = [()] * nq
    repeat_pairs: list[dict[str, object]] = []
    for table, q in [(t, q) for t, q in zip(tables, pod_order, strict=True) if arr.rep[q]]:
        pairs = tuple(sorted(_pair(ids[a], ids[b]) for a, b in arr.pod_repeats(q)))
        repeats_at[table - 1] = pairs
        repeat_pairs += [{"table": table, "sides": [a, b]} for a, b in pairs]
    pods = list(map(Pod, tables, map(groups.__getitem__, pod_order), flowers, repeats_at))

    most_met = max(map(len, opp), default=0)
    least_met: int | None = None
    if nq < most_met + 1 or repeats:
        present = set(ids)
        met = [sum(1 for x in o if x in present and x != i) for i, o in zip(ids, opp, strict=True)]
        most_met = max(met, default=0)
        least_met = min(met, default=0)
    guaranteed = nq >= most_met + 1

    explanation.update(
        {
            "method": method,
            "round": round_number,
            "sides": n,
            "pod_sizes": {str(k): c for k, c in sorted(Counter(arr.sizes).items(), reverse=True)},
            "spread": _fmt(spread),
            "spread_bound": _fmt(bound),
            "repeats": repeats,
            "repeat_pairs": repeat_pairs,
            "repair": stage,
            "tabu_iterations": iterations,
            "zero_repeats_guaranteed": guaranteed,
        }
    )
    if swiss:
        points_groups = Counter(pts)
        explanation["points_groups"] = {
            str(_fmt(p)): points_groups[p] for p in sorted(points_groups, reverse=True)
        }
    if repeats:
        if least_met == most_met:
            met_text = f"every side has already met {most_met} of the other {n - 1}"
        else:
            met_text = (
                f"the sides have already met between {least_met} and {most_met} "
                f"of the other {n - 1}"
            )
        if proven:
            reason = (
                f"field of {n} in round {round_number}: {met_text}. An exhaustive search over "
                f"all groupings proves that {nq} pod(s) cannot keep every pair that has met "
                f"apart: {repeats} repeat pair(s) is the fewest possible"
            )
        else:
            reason = (
                f"field of {n} in round {round_number}: {met_text}. The search found no "
                f"grouping with fewer than {repeats} repeat pair(s); that is not proven to be "
                f"the fewest possible (a repeat-free grouping is certain only with at least "
                f"{most_met + 1} pods, this round has {nq})"
            )
        explanation["repeat_reason"] = reason
    return Pairing(
        pods=tuple(pods),
        repeats=repeats,
        spread=float(spread),
        spread_bound=float(bound),
        explanation=explanation,
    )


def _exact(arr: Arrangement, swiss: bool) -> Arrangement:
    """Replace the arrangement by an exactly optimal one (small fields only)."""
    n = len(arr.order)
    index = {sid: i for i, sid in enumerate(arr.ids)}
    adj = []
    for v in range(n):
        mask = 0
        for x in arr.opp[v]:
            j = index.get(x)
            if j is not None and j != v:
                mask |= 1 << j
        adj.append(mask)
    # Met-before is symmetric in a real event; make it so for safety.
    for v in range(n):
        for j in range(n):
            if adj[v] >> j & 1:
                adj[j] |= 1 << v
    pts = arr.pts if swiss else None
    current = float(arr.total_repeats())
    if swiss:
        big = (max(arr.pts) - min(arr.pts)) * len(arr.sizes) + 1.0
        current = current * big + arr.spread()
    found = exact_grouping(adj, arr.sizes, pts, current + 1e-9)
    if found is None:
        return arr
    _, pods = found
    if swiss:
        pods.sort(key=lambda p: (-max(arr.pts[i] for i in p), p))
    order = [i for p in pods for i in p]
    return Arrangement(arr.ids, arr.pts, arr.opp, order, [len(p) for p in pods])
