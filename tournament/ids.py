"""How the pure algorithms order ids they are given as text (entrant ids, side ids)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

T = TypeVar("T")


def id_sort_key(value: str) -> tuple[int, int, str]:
    """Whole-number ids by value (6 before 15), then any other ids as text.

    Entrant ids grow in the order people registered, so ordering them by value keeps that order
    whatever other events the database holds; as text, "15" would come before "6".
    """
    if value.isdecimal():
        return (0, int(value), value)
    return (1, 0, value)


def by_id(items: Iterable[T], id_of: Callable[[T], str]) -> list[T]:
    """``items`` sorted by ``id_sort_key(id_of(item))``, without building a tuple per item.

    The same order in two parts: the whole-number ids (sorted as text, then by value, each
    sort stable, which is the tuple's order), then the others as text. On 10,000 sides this
    is several times faster than the tuple key and leaves no 10,000 tuples for the garbage
    collector to count.
    """
    numbers: list[T] = []
    others: list[T] = []
    for item in items:
        (numbers if id_of(item).isdecimal() else others).append(item)
    numbers.sort(key=id_of)
    numbers.sort(key=lambda item: int(id_of(item)))
    others.sort(key=id_of)
    return numbers + others
