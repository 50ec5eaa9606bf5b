"""Registry of tiebreaker metrics.

A metric is a small object with a ``key``, a human ``label`` and ``value(i, totals)``
computing its value for entrant number ``i`` from the per-entrant totals gathered in one
pass over the placings. Higher values rank higher. Built in:

* ``victory_cup_tokens``: sum of that stat over the games given (the Swiss rounds);
* ``strength_of_schedule``: mean points of the distinct opponents met;
* ``first_places``: number of games won (place 1), and byes that score as a win;
* ``stat:<name>``: sum of any per-game stat.

``register_metric`` adds an event-specific metric; ``get_metric`` refuses unknown keys.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tournament.logic.standings.types import UnknownTiebreaker

DEFAULT_TIEBREAKERS = ("victory_cup_tokens", "strength_of_schedule", "first_places")


@dataclass
class Totals:
    """Per-entrant running totals (lists indexed by entrant number)."""

    points: list[float]
    games: list[int]
    byes: list[int]
    firsts: list[int]
    stats: dict[str, list[float]] = field(default_factory=dict)
    #: each entrant's distinct opponents, by number
    opponents: Sequence[Collection[int]] | None = None


class Metric:
    """Base class: subclasses set ``key``/``label`` and implement ``value``."""

    key: str = ""
    label: str = ""
    stats: tuple[str, ...] = ()
    needs_opponents: bool = False

    def value(self, i: int, totals: Totals) -> float | Fraction:
        raise NotImplementedError

    def values(self, totals: Totals, n: int) -> Sequence[float | Fraction]:
        """The value of every entrant at once (a metric may override it to go faster)."""
        return [self.value(i, totals) for i in range(n)]

    def display(self, value: float | Fraction) -> float | int:
        """A JSON-friendly form of a value (exact values are kept for ranking)."""
        if isinstance(value, Fraction):
            return int(value) if value.denominator == 1 else round(float(value), 4)
        return value


class StatSum(Metric):
    """Sum of one per-game stat."""

    def __init__(self, stat: str, key: str | None = None, label: str | None = None) -> None:
        self.stat = stat
        self.stats = (stat,)
        self.key = key or f"stat:{stat}"
        self.label = label or stat.replace("_", " ").capitalize()

    def value(self, i: int, totals: Totals) -> float:
        return totals.stats[self.stat][i]

    def values(self, totals: Totals, n: int) -> Sequence[float | Fraction]:
        return totals.stats[self.stat]

    def display(self, value: float | Fraction) -> float | int:
        """A whole sum as an int, however it was read (the totals store sums as floats)."""
        if isinstance(value, float) and value.is_integer():
            return int(value)
        return super().display(value)


class StrengthOfSchedule(Metric):
    """Mean points of the opponents met, each opponent counted once.

    The opponents' points are summed with ``math.fsum`` (exact, then rounded once), so the
    value does not hang on the order a set of opponents happens to iterate in. The mean is
    exact: a ``Fraction``, or, when every entrant's sum is a whole number small enough
    (``values``), the float quotient, which then orders and ties exactly as the fractions do
    and costs a fraction of their time.
    """

    key = "strength_of_schedule"
    label = "Strength of schedule"
    needs_opponents = True

    def value(self, i: int, totals: Totals) -> Fraction:
        assert totals.opponents is not None
        opps = totals.opponents[i]
        if not opps:
            return Fraction(0)
        pts = totals.points
        return Fraction(math.fsum([pts[j] for j in opps])) / len(opps)

    def values(self, totals: Totals, n: int) -> Sequence[float | Fraction]:
        assert totals.opponents is not None
        pts = totals.points
        point_of = pts.__getitem__
        sums = [math.fsum(map(point_of, opps)) for opps in totals.opponents]
        counts = [len(opps) for opps in totals.opponents]
        if all_quotients_exact(sums, counts):
            return [
                total / count if count else 0 for total, count in zip(sums, counts, strict=True)
            ]
        return [
            Fraction(total) / count if count else Fraction(0)
            for total, count in zip(sums, counts, strict=True)
        ]

    def display(self, value: float | Fraction) -> float | int:
        if isinstance(value, float):
            return int(value) if value.is_integer() else round(value, 4)
        return super().display(value)


def all_quotients_exact(sums: list[float], counts: list[int]) -> bool:
    """Whether the float quotients ``sums[i] / counts[i]`` order and tie like the exact ones.

    They do when every sum is a whole number and |sum| * count < 2**52 for all: two different
    quotients then differ by at least 1 / (count * count'), more than twice the rounding error
    of either, so rounding can neither swap nor merge them, and equal quotients round alike.
    """
    if not sums:
        return True
    biggest = max(abs(total) for total in sums)
    return biggest * max(counts) < 2**52 and all(total.is_integer() for total in sums)


class FirstPlaces(Metric):
    """Number of games finished in first place (shared first places count)."""

    key = "first_places"
    label = "First places"

    def value(self, i: int, totals: Totals) -> int:
        return totals.firsts[i]

    def values(self, totals: Totals, n: int) -> Sequence[float | Fraction]:
        return totals.firsts


_REGISTRY: dict[str, Metric] = {}


def register_metric(metric: Metric) -> Metric:
    """Add a metric to the registry (its key must be new)."""
    if not metric.key or metric.key in _REGISTRY or metric.key.startswith("stat:"):
        raise ValueError(f"cannot register a metric with key {metric.key!r}")
    _REGISTRY[metric.key] = metric
    return metric


register_metric(StatSum("victory_cup_tokens", "victory_cup_tokens", "Victory Cup tokens"))
register_metric(StrengthOfSchedule())
register_metric(FirstPlaces())


def known_keys() -> list[str]:
    return sorted(_REGISTRY) + ["stat:<name>"]


def get_metric(key: str) -> Metric:
    """The metric for a tiebreaker key; unknown keys raise ``UnknownTiebreaker``."""
    metric = _REGISTRY.get(key)
    if metric is not None:
        return metric
    if key.startswith("stat:") and len(key) > 5:
        return StatSum(key[5:])
    raise UnknownTiebreaker(f"unknown tiebreaker {key!r}; known: {', '.join(known_keys())}")
