"""Seeding by rating: order a field into pods by the sides' strengths instead of by chance.

Plain numbers in, plain indices out. A side's strength is whatever number the caller rates it
by (the service passes the sum of its players' skill estimates, ``mu``); higher is stronger.
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
from collections.abc import Sequence

from .types import PairingError, Side

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
) -> list[list[int]]:
    """Group the sides (indices into ``strengths``, given in the seeded draw's order) into
    pods of ``sizes`` (in that order) by the seeding style; returns each pod's members."""
    check_seeding(seeding)
    if sum(sizes) != len(order):
        raise PairingError(f"pod sizes {list(sizes)!r} do not add up to {len(order)} sides")
    ranked = strongest_first(order, strengths) if seeding != OFF else list(order)
    if seeding == SPREAD:
        return _draw_from_pots(ranked, sizes, rng)
    pods, start = [], 0
    for size in sizes:
        pods.append(ranked[start : start + size])
        start += size
    return pods


def _draw_from_pots(ranked: list[int], sizes: Sequence[int], rng: random.Random) -> list[list[int]]:
    """Deal each pot (consecutive strengths) over the pods that still have a seat for it."""
    pods: list[list[int]] = [[] for _ in sizes]
    start = 0
    for k, count in enumerate(pot_sizes(sizes)):
        pot = ranked[start : start + count]
        start += count
        rng.shuffle(pot)
        open_pods = [q for q, size in enumerate(sizes) if size > k]
        for q, side in zip(open_pods, pot, strict=True):
            pods[q].append(side)
    return pods


def seeding_record(seeding: str, swiss: bool, sides: Sequence[Side]) -> dict:
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
