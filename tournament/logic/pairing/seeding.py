"""Seeding by rating: order a field into pods by the sides' strengths instead of by chance.

Plain numbers in, plain indices out. A side's strength is whatever number the caller rates it
by (the service passes its players' mean skill estimate, ``mu``); higher is stronger.
Two styles:

* ``spread``: the field is cut into pots by strength (pot 1 the strongest sides, one per
  table; pot 2 the next ones, and so on) and every table draws one side from each pot by the
  seeded chance, so the strongest sides start at different tables and every table gets a mix.
* ``similar``: the field is sorted by strength and cut into consecutive tables, table 1 the
  strongest, so sides of similar strength meet (a Swiss round played on ratings).

Equal strengths (every newcomer has the same) keep the order of the seeded draw the caller
made, so the same sides and seed always give the same pods.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tournament.logic.pairing.types import PairingError, Side

OFF = "off"
SPREAD = "spread"
SIMILAR = "similar"
SEEDINGS = (OFF, SPREAD, SIMILAR)


def check_seeding(seeding: str) -> None:
    """Refuse a seeding style the pairing does not know."""
    if seeding not in SEEDINGS:
        raise PairingError(f"unknown seeding {seeding!r}; use one of {SEEDINGS}")


def strongest_first(order: Sequence[int], strengths: Sequence[float]) -> list[int]:
    """``order`` (indices in the seeded draw's order) sorted by strength, strongest first;
    equal strengths stay in the draw's order."""
    return sorted(order, key=lambda i: -strengths[i])


def pot_sizes(sizes: Sequence[int]) -> list[int]:
    """How many sides each pot holds: pot ``k`` gives one side to every pod with more than
    ``k`` seats (pods of 4 and 3: three full pots, then one side for each pod of 4)."""
    return [sum(1 for size in sizes if size > k) for k in range(max(sizes, default=0))]


def seeded_pods(
    order: Sequence[int],
    strengths: Sequence[float],
    sizes: Sequence[int],
    seeding: str,
    rng: random.Random,
    met: Callable[[int, int], bool] | None = None,
) -> list[list[int]]:
    """Group the sides (indices into ``strengths``, given in the seeded draw's order) into
    pods of ``sizes`` (in that order) by the seeding style; returns each pod's members.

    ``met(a, b)`` says whether two sides have met before: the spread draw then deals each pot
    so that no side joins a pod holding an earlier opponent whenever the pot allows it (the
    pairing's repair removes what is left). Without it every deal is by chance alone.
    """
    check_seeding(seeding)
    if sum(sizes) != len(order):
        raise PairingError(f"pod sizes {list(sizes)!r} do not add up to {len(order)} sides")
    ranked = strongest_first(order, strengths) if seeding != OFF else list(order)
    if seeding == SPREAD:
        return _draw_from_pots(ranked, sizes, rng, met or _strangers)
    pods, start = [], 0
    for size in sizes:
        pods.append(ranked[start : start + size])
        start += size
    return pods


def _strangers(_a: int, _b: int) -> bool:
    return False


def _draw_from_pots(
    ranked: list[int], sizes: Sequence[int], rng: random.Random, met: Callable[[int, int], bool]
) -> list[list[int]]:
    """Deal each pot (consecutive strengths, shuffled) over the pods that still have a seat."""
    pods: list[list[int]] = [[] for _ in sizes]
    start = 0
    for k, count in enumerate(pot_sizes(sizes)):
        pot = ranked[start : start + count]
        start += count
        rng.shuffle(pot)
        open_pods = [q for q, size in enumerate(sizes) if size > k]

        def fits(side: int, q: int) -> bool:
            return not any(met(side, other) or met(other, side) for other in pods[q])

        for q, side in _deal(pot, open_pods, fits).items():
            pods[q].append(side)
    return pods


def _deal(sides: list[int], pods: list[int], fits: Callable[[int, int], bool]) -> dict[int, int]:
    """Give each side one of ``pods`` (as many as sides): a side takes the first free pod it
    fits, else a chain of moves frees one (a breadth-first augmenting path, so the most sides
    fit that can); a side that fits nowhere takes a pod left over. Returns pod -> side."""
    owner: dict[int, int] = {}
    pod_of: dict[int, int] = {}
    free = list(pods)  # in pod order; a side usually takes the first, so this stays cheap
    unplaced = []
    for side in sides:
        q = next((q for q in free if fits(side, q)), None)
        if q is not None:
            free.remove(q)
            owner[q], pod_of[side] = side, q
            continue
        q = _augmenting_path(side, pods, owner, pod_of, fits)  # the chain ends in a free pod
        if q is None:
            unplaced.append(side)
            continue
        owner[q], pod_of[side] = side, q
        free = [p for p in free if p not in owner]
    for side, q in zip(unplaced, free, strict=True):
        owner[q], pod_of[side] = side, q
    return owner


def _augmenting_path(
    side: int,
    pods: list[int],
    owner: dict[int, int],
    pod_of: dict[int, int],
    fits: Callable[[int, int], bool],
) -> int | None:
    """Move placed sides along a chain so that ``side`` fits; returns the pod it takes."""
    reached_by: dict[int, int] = {}  # pod -> the side that would move into it
    frontier = [side]
    while frontier:
        next_frontier = []
        for mover in frontier:
            for q in pods:
                if q in reached_by or not fits(mover, q):
                    continue
                reached_by[q] = mover
                if q not in owner:
                    return _shift(q, side, reached_by, owner, pod_of)
                next_frontier.append(owner[q])
        frontier = next_frontier
    return None


def _shift(
    q: int, side: int, reached_by: dict[int, int], owner: dict[int, int], pod_of: dict[int, int]
) -> int:
    """Walk the chain back from the free pod ``q``, each mover taking the pod it reached."""
    while True:
        mover = reached_by[q]
        if mover == side:
            return q
        previous = pod_of[mover]
        owner[q], pod_of[mover] = mover, q
        q = previous


def seeding_record(seeding: str, swiss: bool, sides: Sequence[Side]) -> dict[str, object]:
    """Whether the round is seeded and on which strengths, for the explanation record.

    A random round is always seeded; a Swiss round only while every side has the same points
    (round 1): after that its points decide who meets."""
    check_seeding(seeding)
    if swiss and len({side.points for side in sides}) > 1:
        return {
            "style": seeding,
            "applied": False,
            "reason": "a Swiss round after the first is paired by points, not by rating",
        }
    return {
        "style": seeding,
        "applied": True,
        "strengths": {side.id: round(float(side.strength), 2) for side in sides},
    }
