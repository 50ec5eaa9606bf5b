"""One request computes a missing cache entry; the others asking for it meanwhile wait for it.

In a rush every accepted result moves the standings' revision, and each page reader that
arrived after it found the new revision's entry missing and computed it (the standings of
1,000 sides, about 90 ms of CPU), several at once: the same work done by every reader racing.
Now the first reader to miss takes a short claim in the cache and computes; the others poll
the cache for its value (a poll costs a GET) and serve that. Nobody is served anything older:
they wait for the entry of the version they asked for. A claim outlives a computation that
died by ``CLAIM_SECONDS`` at most, and a reader waits ``WAIT_SECONDS`` at most before it
computes itself, so a lost claim only costs the old race.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from tournament.services.soft_cache import soft_add, soft_delete, soft_get, soft_set

#: how long a claim holds when its request never gives it back
CLAIM_SECONDS = 10
#: how long a reader waits for the claimant's value before computing it itself
WAIT_SECONDS = 5.0
#: how often a waiting reader looks
POLL_SECONDS = 0.02

T = TypeVar("T")


def claim_key(key: str) -> str:
    return f"{key}:computing"


def claim(key: str) -> bool:
    """Whether this request now computes ``key``'s value (no other request is): True when the
    cache is unreachable."""
    return soft_add(claim_key(key), 1, CLAIM_SECONDS)


def give_back(key: str) -> None:
    """End this request's claim on ``key`` (its value is kept, or it will not be)."""
    soft_delete(claim_key(key))


def awaited(key: str, seconds: float | None = None):
    """``key``'s value once another request has kept it, or None after ``seconds``."""
    deadline = time.monotonic() + (WAIT_SECONDS if seconds is None else seconds)
    while True:
        value = soft_get(key)
        if value is not None or time.monotonic() >= deadline:
            return value
        time.sleep(POLL_SECONDS)


def computed_once(key: str, compute: Callable[[], T], timeout: int) -> T:
    """The value kept under ``key``, else computed by one request at a time and kept for
    ``timeout`` seconds (the others asking meanwhile get that value)."""
    value = soft_get(key)
    if value is not None:
        return value
    claimed = claim(key)
    if not claimed:
        value = awaited(key)
        if value is not None:
            return value
    try:
        value = compute()
        soft_set(key, value, timeout)
    finally:
        if claimed:
            give_back(key)
    return value
