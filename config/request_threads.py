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
import threading
import time
import weakref
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from config.request_gate import PriorityGate

#: idle threads kept for the next requests; more are made when more requests run at once, and
#: the ones beyond this are stopped once their request is done
KEEP_IDLE = 64

#: a view that has used this many seconds of CPU gives its turn to the next request: a slow page
#: (an import, a recompute) runs on its own, never holding up the quick ones behind it (of the
#: wall clock's when its thread's CPU clock cannot be read)
SLOW_VIEW_SECONDS = 0.2
#: a view still running after this many seconds gives its turn up whatever CPU it used (one
#: waiting on a lock or a slow query does not hold a turn for long)
SLOW_VIEW_WALL_SECONDS = 0.5
#: the shortest wait before the CPU a view used is looked at again
RECHECK_SECONDS = 0.02

T = TypeVar("T")


class RequestThread(ThreadPoolExecutor):
    """One worker thread that knows whether the work last given to it has finished, and how
    much CPU it has used."""

    def __init__(self):
        super().__init__(max_workers=1, thread_name_prefix="request", initializer=self._started)
        self.last = None
        self._cpu_clock: int | None = None

    def _started(self) -> None:
        if hasattr(time, "pthread_getcpuclockid"):  # Linux and most Unix; not Windows
            self._cpu_clock = time.pthread_getcpuclockid(threading.get_ident())

    def cpu_seconds(self) -> float | None:
        """The CPU the thread has used since it started (0 before it runs anything), or None
        when this platform cannot tell."""
        if not hasattr(time, "pthread_getcpuclockid"):
            return None
        clock = self._cpu_clock
        return 0.0 if clock is None else time.clock_gettime(clock)

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
    (``in_turn``): by the CPU it used, so that on a saturated process, where every view runs
    past a wall-clock limit, the quick ones still run in turn and in arrival order instead of
    all at once.

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
        wall_after: float = SLOW_VIEW_WALL_SECONDS,
    ):
        self.keep_idle = keep_idle
        self.at_once = at_once
        self.slow_after = slow_after
        self.wall_after = max(slow_after, wall_after)
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

    async def in_turn(
        self,
        work: Awaitable[T],
        urgent: bool = False,
        cpu_seconds: Callable[[], float | None] | None = None,
    ) -> T:
        """Await ``work`` (a request's synchronous part) once it is this request's turn.

        The turn is held while the work runs, but only until it has used ``slow_after``
        seconds of CPU (``cpu_seconds``: its thread's CPU clock; without one, of the wall
        clock), or run ``wall_after`` seconds whatever it used: a view still running then (a
        CSV import, a recompute, a wait on a lock) gives its turn to the next request in line
        and goes on outside the turn, though still under the ceiling. So ``at_once`` can stay
        small, as the interpreter likes it, without two slow pages stalling every quick request
        of the process behind them. By the CPU, because on a saturated process every view runs
        past a wall-clock limit (each gets a share of the interpreter): all gave their turn up,
        ran at once, and were served in no order (bench/rehearsal.py: p50 0.6 s, p99 16.5 s).
        """
        turn, ceiling = self.gates()
        if ceiling is not None:
            await ceiling.acquire(urgent)
        try:
            await turn.acquire(urgent)
            held = True
            loop = asyncio.get_running_loop()
            started = loop.time()
            cpu_at_start = cpu_seconds() if cpu_seconds else None

            def give_up_turn():
                nonlocal held
                if held:
                    held = False
                    turn.release()

            def look():
                nonlocal timer
                if not held:
                    return
                cpu_now = cpu_seconds() if cpu_seconds else None
                ran = loop.time() - started
                if cpu_at_start is None or cpu_now is None or ran >= self.wall_after:
                    give_up_turn()
                    return
                left = self.slow_after - (cpu_now - cpu_at_start)
                if left <= 0:
                    give_up_turn()
                    return
                wait = min(max(left, RECHECK_SECONDS), self.wall_after - ran)
                timer = loop.call_later(wait, look)

            timer = loop.call_later(self.slow_after, look)
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
