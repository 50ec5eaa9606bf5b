"""A Celery worker's sign of life: a timestamp in Redis that ``/readyz`` reads.

Celery's own heartbeats travel as events (only with ``-E``) and asking the workers
(``inspect ping``) costs a broadcast and a wait on every probe. Instead each worker runs
``WorkerHeartbeat``, a consumer bootstep that writes the time to one Redis key every
``INTERVAL`` seconds from the worker's own timer (the loop that takes tasks from the queue,
so a stuck worker stops writing); the key expires on its own. ``/readyz`` reads it in one
``GET``: cheap enough for a probe every few seconds, and honest about a worker that stopped.
"""

from __future__ import annotations

import functools
import logging
import time

import redis
from celery import bootsteps
from django.conf import settings

log = logging.getLogger(__name__)

KEY = "eye:worker-heartbeat"
#: seconds between two heartbeats of one worker
INTERVAL = 15
#: seconds Redis may take to answer a probe or a heartbeat
TIMEOUT = 1.0


@functools.cache
def client(url: str) -> redis.Redis:
    """One small Redis client per process for the probes and the heartbeats."""
    return redis.Redis.from_url(url, socket_timeout=TIMEOUT, socket_connect_timeout=TIMEOUT)


def beat() -> None:
    """Write the time now as the newest heartbeat (never raises: a worker goes on without it)."""
    try:
        client(settings.REDIS_URL).set(KEY, f"{time.time():.3f}", ex=INTERVAL * 8)
    except redis.RedisError as exc:
        log.warning("worker heartbeat not written (%s)", type(exc).__name__)


def seconds_since_last_beat(url: str) -> float | None:
    """How long ago a worker last wrote its heartbeat; None when none is stored."""
    value = client(url).get(KEY)
    return None if value is None else max(0.0, time.time() - float(value))


class WorkerHeartbeat(bootsteps.StartStopStep):
    """The consumer bootstep that writes the heartbeat every ``INTERVAL`` seconds."""

    def __init__(self, parent, **kwargs):
        super().__init__(parent, **kwargs)
        self.timer_entry = None

    def start(self, parent):
        if not getattr(settings, "REDIS_URL", ""):
            return
        beat()
        self.timer_entry = parent.timer.call_repeatedly(INTERVAL, beat)

    def stop(self, parent):
        if self.timer_entry is not None:
            self.timer_entry.cancel()
            self.timer_entry = None
