"""Seat order balanced over the rounds: who sits first chooses their chief first.

After the tables are formed, ``balance_seats`` orders each table's seats from the sides' seat
history (``Side.seat_counts``: how often each side sat in each position so far). The order of one
table is the permutation that, compared position by position from seat 1, seats the side that has
sat there least often: seat 1 goes to the side with the fewest first seats, seat 2 to the side
(of the others) with the fewest second seats, and so on; where the counts leave a choice, the
order that spreads each side's seats most evenly (the smallest sum over the sides of "times in the
seat given, above that side's least-used seat") wins, and a remaining tie keeps the order the
pairing drew (its seeded draw; in Swiss, points order), so the same round always comes out the
same. With no history every table keeps its drawn order.

``seat_imbalance`` is the figure the explanation and the bench report: for each side, the most
minus the fewest times it has sat in one of the positions 1..``positions``; the largest over the
sides and their mean.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import permutations
from operator import getitem

from tournament.logic.pairing.types import Pairing, Pod, Side


def count_at(counts: Sequence[int], position: int) -> int:
    """How often a side sat in ``position`` (0 = the first seat) by its ``seat_counts``."""
    return counts[position] if position < len(counts) else 0


def table_order(counts: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The seat order of one table: indexes into ``counts`` (one seat history per side, in the
    order the pairing drew), position by position (module docstring)."""
    seats = len(counts)
    # at[side][p]: times in seat p; above[side][p]: that, less the side's least-used seat here
    at = [[*mine[:seats], *[0] * (seats - len(mine))] for mine in counts]
    if not any(map(any, at)):
        return tuple(range(seats))  # no history: the drawn order
    above = [[c - min(row) for c in row] for row in at]
    # The comparison as one number: seat p's count is digit p (seat 1 the most significant) in
    # a base above every count and every spread sum, the spread the last digit; the orders come
    # in the drawn order's sequence, so the first least number is the tie rule too.
    base = max(max(map(max, at)), sum(map(max, above))) + 1
    columns = [
        [at[side][p] * base ** (seats - p) + above[side][p] for side in range(seats)]
        for p in range(seats)
    ]
    orders = _ORDERS[seats] if seats < len(_ORDERS) else list(permutations(range(seats)))
    keys = [sum(map(getitem, columns, order)) for order in orders]
    return orders[keys.index(min(keys))]


#: every order of a table of 0-6 sides, in sequence (made once)
_ORDERS = [list(permutations(range(k))) for k in range(7)]


def balance_seats(pairing: Pairing, sides: Sequence[Side]) -> Pairing:
    """The pairing with each table's seats ordered by the seat history (module docstring); the
    flowers stay with the seats (a deal is per position), the tables and repeats unchanged."""
    history = {side.id: side.seat_counts for side in sides}
    pods = []
    for pod in pairing.pods:
        order = table_order([history.get(sid, ()) for sid in pod.sides])
        if order == tuple(range(len(order))):
            pods.append(pod)
        else:
            pods.append(replace(pod, sides=tuple(pod.sides[i] for i in order)))
    positions = max((len(pod.sides) for pod in pairing.pods), default=0)
    record = {
        "rotated": True,
        "positions": positions,
        "before": imbalance_record(seated_counts(pairing.pods, history), positions),
        "after": imbalance_record(seated_counts(pods, history), positions),
    }
    explanation = {**pairing.explanation, "seat_order": record}
    return replace(pairing, pods=tuple(pods), explanation=explanation)


def seated_counts(
    pods: Sequence[Pod], history: Mapping[str, Sequence[int]]
) -> dict[str, list[int]]:
    """Every seated side's seat counts once this round's seats are added."""
    counts: dict[str, list[int]] = {}
    for pod in pods:
        for position, sid in enumerate(pod.sides):
            mine = list(history.get(sid, ()))
            mine += [0] * (position + 1 - len(mine))
            mine[position] += 1
            counts[sid] = mine
    return counts


def seat_imbalance(counts: Mapping[str, Sequence[int]], positions: int) -> tuple[int, float]:
    """The largest and the mean, over the sides, of (most - fewest) times in one of the seat
    positions 1..``positions`` (0 and 0.0 for no side)."""
    gaps = []
    for mine in counts.values():
        used = mine[:positions]
        fewest = min(used) if len(used) == positions else 0  # a seat never used: 0 times
        gaps.append(max(used, default=0) - fewest)
    if not gaps:
        return 0, 0.0
    return max(gaps), sum(gaps) / len(gaps)


def imbalance_record(counts: Mapping[str, Sequence[int]], positions: int) -> dict[str, object]:
    """The imbalance as the explanation keeps it, with the most first seats any side has had."""
    largest, mean = seat_imbalance(counts, positions)
    firsts = [count_at(mine, 0) for mine in counts.values()]
    return {
        "largest": largest,
        "mean": round(mean, 3),
        "most_first_seats": max(firsts, default=0),
        "fewest_first_seats": min(firsts, default=0),
    }
