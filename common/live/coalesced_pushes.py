"""Coalesced pushes: a message that comes in bursts goes out at most once a window per key,
and the last one of a burst always goes out.

The standings ping (``standings.changed``) is the case: each accepted result moves the
standings, and every phone following the event reloads its standings page on the ping, so a
hundred results a second must not mean a hundred pings a second to each phone. It is a
throttle with a leading and a trailing edge, shared by every server process through the
Django cache (Redis with ``REDIS_URL``, this process's memory otherwise):

* ``offer`` is called once the change has committed. It marks the key *pending* with its
  message, then tries to open the key's *window* (``cache.add``: one caller wins, whatever the
  process). The winner sends its message at once - a lone result is heard with no delay - and
  owns the window; everyone else leaves the pending mark for the owner.
* The owner, one window later, takes the mark: if there is one it sends the message (the last
  one offered) and keeps the window for another round; if not, it closes the window and looks
  once more, so that a mark set between its look and the close is never stranded (the marker
  then finds the window open, or the owner sees the mark).

Every change is followed by a message sent after it committed, so a page that reloads on the
message shows the latest state; at most one message leaves per window (plus one when a window
closes and a result arrives in the same instant).

The owner waits in a thread of the process that sent the first message, and sends on the event
loop the first message went through (the ASGI server's, where the in-memory channel layer's
sockets live; a fresh loop when there is none, e.g. a management command with Redis). Not a
Celery countdown task: with the embedded default Celery is eager and ignores countdowns, so the
trailing message would go at once. If the owning process dies within a window, that window's
trailing message is lost with it; its marks expire after ``MARK_SECONDS``, the next change opens
a new window, and pages poll while their socket is down (docs/realtime.md).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable

from asgiref.sync import async_to_sync
from django.core.cache import cache

from common.live import realtime

log = logging.getLogger(__name__)

#: at most one message a key per this many seconds (the last of a burst sent at its end)
WINDOW_SECONDS = 1.0
#: how long a window or pending mark outlives an owner that stopped (a process that died)
MARK_SECONDS = 10


def _keys(key: str) -> tuple[str, str]:
    return f"coalesce:{key}:window", f"coalesce:{key}:pending"


def offer(key: str, group: str, payload: dict) -> bool:
    """Offer ``payload`` for ``group`` under ``key`` (after the change committed).

    True: the caller sends it now (it opened the window, and a thread now owns the window's
    trailing edge). False: a window is open; its owner sends the last offered message when the
    window ends. With the cache unreachable every message goes at once (True), as if uncoalesced.
    """
    # the loop is found from this thread: the server's loop under a server
    return _offer(key, payload, lambda: _to_group(group, _event_loop()))


def offer_to(key: str, payload: dict, send: Callable[[dict], None]) -> bool:
    """``offer`` for any sender (the webhooks' ``standings.changed``): True, the caller sends
    now; False, the window's owner calls ``send`` with the last offered payload at its end
    (from the owner's thread)."""
    return _offer(key, payload, lambda: send)


def _offer(key: str, payload: dict, sender: Callable[[], Callable[[dict], None]]) -> bool:
    window, pending = _keys(key)
    try:
        if not _mark_and_open(pending, payload, window):
            return False
        # it goes now: a mark set meanwhile is a change that committed before this send
        cache.delete(pending)
    except Exception as exc:  # noqa: BLE001 - a push must never break the change that made it
        log.warning("coalescing %s skipped: cache unavailable (%s)", key, exc)
        return True
    send = sender()
    _spawn(lambda: _own_window(key, payload, send))
    return True


def _to_group(group: str, loop) -> Callable[[dict], None]:
    return lambda payload: _deliver(group, payload, loop)


def _mark_and_open(pending: str, payload: dict, window: str) -> bool:
    """Set the pending mark, then try to open the window: True if this call opened it (the
    Redis cache does both in one round trip, ``config.redis_cache``)."""
    set_and_add = getattr(cache, "set_and_add", None)
    if set_and_add is not None:
        return set_and_add(pending, payload, window, MARK_SECONDS)
    cache.set(pending, payload, MARK_SECONDS)
    return cache.add(window, 1, MARK_SECONDS)


def _own_window(key: str, last: dict, send: Callable[[dict], None]) -> None:
    """The window's owner: every ``WINDOW_SECONDS`` send the pending message, if any; close
    the window when a round brought none."""
    window, pending = _keys(key)
    wait = True
    try:
        while True:
            if wait:
                _sleep(WINDOW_SECONDS)
            wait = True
            message = cache.get(pending)
            if cache.delete(pending):
                last = message or last
                cache.set(window, 1, MARK_SECONDS)  # still ours, for another round
                send(last)
                continue
            cache.delete(window)
            if cache.get(pending) is None or not cache.add(window, 1, MARK_SECONDS):
                return
            wait = False  # a mark came as the window closed: ours again, and it goes now
    except Exception as exc:  # noqa: BLE001
        log.warning("coalesced push for %s stopped (%s); sending the last one", key, exc)
        send(last)


def _deliver(group: str, payload: dict, loop) -> None:
    """Send ``payload`` to ``group`` with a fresh server time, on ``loop`` if it still runs."""
    if "server_time_ms" in payload:
        payload = {**payload, "server_time_ms": realtime.server_time_ms()}
    if loop is not None and loop.is_running():
        future = asyncio.run_coroutine_threadsafe(realtime.apush(group, payload), loop)
        try:
            future.result(realtime.SEND_TIMEOUT + 1)
        except Exception as exc:  # noqa: BLE001
            log.warning("coalesced push to %s failed (%s)", group, exc)
        return
    realtime.push_now(group, payload)


def _event_loop():
    """The event loop this thread's pushes run on (the ASGI server's under a server)."""
    loop = realtime.server_loop.get()
    if loop is not None and loop.is_running():
        return loop

    async def running():
        return asyncio.get_running_loop()

    try:
        return async_to_sync(running)()
    except Exception:  # noqa: BLE001 - no loop: the owner sends on a fresh one
        return None


def _spawn(target) -> None:
    """Run ``target`` in a daemon thread (tests replace this to run it when they choose)."""
    threading.Thread(target=target, name="coalesced-push", daemon=True).start()


def _sleep(seconds: float) -> None:
    time.sleep(seconds)
