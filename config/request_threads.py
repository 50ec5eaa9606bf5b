"""Worker threads kept from one HTTP request to the next.

Django's ASGI handler runs each request's synchronous work (signals, middleware, the view) in a
thread of its own, so that the request's database connection stays in one thread. asgiref gives
every request a brand-new single-thread executor for it: one thread started and torn down per
request, about a third of the CPU a cached page costs under load (bench/http_load.py). Here the
executors are kept: a request borrows an idle one (or a new one when all are busy) and gives it
back when it is done. Each request still has one thread to itself for its whole life, as before;
the next request in that thread finds Django's per-request clean-up done (its connection was
handed back to the pool when the previous request finished), as with a threaded WSGI server.
"""

from __future__ import annotations

import asyncio
import weakref
from collections import deque
from collections.abc import Awaitable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from config.request_gate import PriorityGate

#: idle threads kept for the next requests; more are made when more requests run at once, and
#: the ones beyond this are stopped once their request is done
KEEP_IDLE = 64

#: a view still running after this many seconds gives its turn to the next request: a slow page
#: (an import, a recompute) waits on its own, never holding up the quick ones behind it
SLOW_VIEW_SECONDS = 0.2

T = TypeVar("T")


class RequestThread(ThreadPoolExecutor):
    """One worker thread that knows whether the work last given to it has finished."""

    def __init__(self):
        super().__init__(max_workers=1, thread_name_prefix="request")
        self.last = None

    def submit(self, fn, /, *args, **kwargs):
        self.last = super().submit(fn, *args, **kwargs)
        return self.last

    @property
    def busy(self) -> bool:
        # one thread runs its work in order: when the last piece is done, all of it is
        return self.last is not None and not self.last.done()


class RequestThreads:
    """A stack of idle single-thread executors (the most recently used first: warm caches), and
    two bounds on the requests whose synchronous part runs at once.

    ``at_once``, the turn: Python runs one thread at a time, and thirty requests' threads
    contending for it got less done than a handful did, and two less than four
    (bench/http_load.py): the rest wait their turn on the event loop, in arrival order, holding
    no thread and no database connection. A view that runs long gives its turn up
    (``in_turn``).

    ``most``, the ceiling (None: none): the views running at once, counting those that gave
    their turn up. On a starved machine every view runs past ``slow_after``, each gives its turn
    up, and without a ceiling a storm of requests (a thousand phones reloading on
    ``round.published``) had them all running at once, each holding a pooled database
    connection or waiting ``DB_POOL_TIMEOUT`` for one, then failing (bench/rehearsal.py). Kept
    below the pool's size, a view always finds a connection; the rest wait on the loop.

    An ``urgent`` request (``config.asgi_http.is_urgent``: one that changes something) goes
    before the waiting ordinary ones at both bounds (``config.request_gate``).
    """

    def __init__(
        self,
        keep_idle: int = KEEP_IDLE,
        at_once: int = 2,
        slow_after: float = SLOW_VIEW_SECONDS,
        most: int | None = None,
    ):
        self.keep_idle = keep_idle
        self.at_once = at_once
        self.slow_after = slow_after
        self.most = max(at_once, most) if most else None
        self._idle: deque[RequestThread] = deque()
        self._gates: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def gates(self) -> tuple[PriorityGate, PriorityGate | None]:
        """The running event loop's turn and ceiling (one pair per loop: what waits on them
        belongs to one loop)."""
        loop = asyncio.get_running_loop()
        pair = self._gates.get(loop)
        if pair is None:
            ceiling = PriorityGate(self.most) if self.most else None
            pair = self._gates[loop] = (PriorityGate(self.at_once), ceiling)
        return pair

    async def in_turn(self, work: Awaitable[T], urgent: bool = False) -> T:
        """Await ``work`` (a request's synchronous part) once it is this request's turn.

        The turn is held while the work runs, but only for ``slow_after`` seconds: a view still
        running then (a CSV import, a recompute) gives its turn to the next request in line and
        goes on outside the turn, though still under the ceiling. So ``at_once`` can stay
        small, as the interpreter likes it, without two slow pages stalling every quick request
        of the process behind them.
        """
        turn, ceiling = self.gates()
        if ceiling is not None:
            await ceiling.acquire(urgent)
        try:
            await turn.acquire(urgent)
            held = True

            def give_up_turn():
                nonlocal held
                if held:
                    held = False
                    turn.release()

            timer = asyncio.get_running_loop().call_later(self.slow_after, give_up_turn)
            try:
                return await work
            finally:
                timer.cancel()
                give_up_turn()
        finally:
            if ceiling is not None:
                ceiling.release()

    def borrow(self) -> RequestThread:
        """An idle thread, or a new one when every kept one is busy."""
        try:
            return self._idle.pop()
        except IndexError:
            return RequestThread()

    def give_back(self, thread: RequestThread) -> None:
        """Keep ``thread`` for a later request, or let it stop.

        A thread still working is never kept: a request whose client went away is cancelled on
        the event loop, but its view runs on in the thread, and the next request must not
        queue behind it. It stops once that work is done.
        """
        if not thread.busy and len(self._idle) < self.keep_idle:
            self._idle.append(thread)
        else:
            thread.shutdown(wait=False)

    @property
    def idle(self) -> int:
        return len(self._idle)
