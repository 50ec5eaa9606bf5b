"""The waitlist's order: moving one registration to another position.

Pure: queue numbers in, queue numbers out.
"""

from __future__ import annotations


def reordered(queue: list[int], moved: int, position: int) -> list[int]:
    """``queue`` (registration ids in waitlist order) with ``moved`` at ``position`` (1 is the
    front; a position past the end puts it last)."""
    if moved not in queue:
        raise ValueError("the moved registration is not in the queue")
    rest = [item for item in queue if item != moved]
    index = min(max(position, 1), len(queue)) - 1
    return rest[:index] + [moved] + rest[index:]


def renumbered(numbers: list[int], order: list[int]) -> dict[int, int]:
    """The queue number each id of ``order`` takes: the same set of ``numbers`` handed out
    again in the new order (so the rest of the queue keeps its numbers)."""
    return dict(zip(order, sorted(numbers), strict=True))
