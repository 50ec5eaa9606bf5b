"""Handing a Celery task its work once the caller's transaction commits.

With a worker (``REDIS_URL``) the task is queued. On the embedded default Celery is eager (the
task would run inside the request), so with ``in_background`` it runs on a daemon thread of
the web process instead: the organiser's click does not wait for phones or webhook receivers.
"""

from __future__ import annotations

import logging
import threading

from django.db import connections

log = logging.getLogger(__name__)


def hand_over(task, args: tuple, *, in_background: bool) -> None:
    """Queue ``task`` with ``args`` for a worker, or (eager) run it on a background thread."""
    if task.app.conf.task_always_eager and in_background:
        threading.Thread(
            target=_in_background, args=(task, args), name=task.name, daemon=True
        ).start()
    else:
        task.delay(*args)


def _in_background(task, args: tuple) -> None:
    try:
        task.apply(args=args)
    except Exception:  # noqa: BLE001 - a thread's failure is logged, nobody waits for it
        log.exception("%s failed", task.name)
    finally:
        connections.close_all()  # this thread's own connections
