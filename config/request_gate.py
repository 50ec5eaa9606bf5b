"""A counting gate for the requests of one event loop, in arrival order, with a fast lane.

``asyncio.Semaphore`` wakes its waiters in arrival order, so a request that changes something (an
organiser closing a round, a player's result) waited behind every page load that arrived before
it: in the rehearsal of a convention round (bench/rehearsal.py) close-and-pair was answered
18-27 s after it was sent, behind hundreds of page loads. This gate keeps arrival order within
each lane, and a free place goes to the urgent lane's first waiter before the ordinary lane's.
The lanes share the places: urgent requests never run beyond the gate's size.
"""

from __future__ import annotations

import asyncio
from collections import deque

#: urgent waiters served in a row while an ordinary one waits, before the ordinary one's turn
URGENT_IN_A_ROW = 4


class PriorityGate:
    """At most ``size`` holders at once; waiters in arrival order, urgent ones first, but never
    more than ``URGENT_IN_A_ROW`` of them while an ordinary one waits (a rush of result posts
    must not hold every page load behind it for as long as it lasts)."""

    def __init__(self, size: int):
        if size < 1:
            raise ValueError("a gate needs at least one place")
        self.free = size
        self._urgent_in_a_row = 0
        self._urgent: deque[asyncio.Future] = deque()
        self._ordinary: deque[asyncio.Future] = deque()

    @property
    def waiting(self) -> int:
        return len(self._urgent) + len(self._ordinary)

    async def acquire(self, urgent: bool = False) -> None:
        """Take a place, waiting in the lane ``urgent`` names when none is free."""
        if self.free > 0 and not self.waiting:
            self.free -= 1
            return
        waiter = asyncio.get_running_loop().create_future()
        (self._urgent if urgent else self._ordinary).append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self.release()  # the place was handed over as the wait was cancelled
            else:
                self._forget(waiter)
            raise

    def release(self) -> None:
        """Give a place back: to the first urgent waiter, else the first ordinary one (the
        ordinary one first after ``URGENT_IN_A_ROW`` urgent ones)."""
        lanes = (self._urgent, self._ordinary)
        if self._urgent_in_a_row >= URGENT_IN_A_ROW:
            lanes = (self._ordinary, self._urgent)
        for lane in lanes:
            while lane:
                waiter = lane.popleft()
                if not waiter.done():
                    waiter.set_result(None)
                    self._urgent_in_a_row = self._urgent_in_a_row + 1 if lane is self._urgent else 0
                    return
        self.free += 1

    def _forget(self, waiter: asyncio.Future) -> None:
        for lane in (self._urgent, self._ordinary):
            if waiter in lane:
                lane.remove(waiter)
