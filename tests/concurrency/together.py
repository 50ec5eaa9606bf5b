"""Callables run at the same moment, each in its own thread with its own database connection."""

import threading

from django.db import connections


def run_together(jobs, refused: tuple[type[Exception], ...] = ()):
    """Run ``jobs`` released together by a barrier; each outcome is ``("ok", value)``,
    ``("refused", message)`` for an exception of a ``refused`` type (a clear refusal), or
    ``("error", repr)`` for anything else (the test's failure)."""
    barrier = threading.Barrier(len(jobs))
    outcomes = [None] * len(jobs)

    def worker(index, job):
        try:
            barrier.wait(timeout=30)
            outcomes[index] = ("ok", job())
        except refused as exc:
            outcomes[index] = ("refused", str(exc))
        except Exception as exc:  # noqa: BLE001 - anything else is a failure of the test
            outcomes[index] = ("error", repr(exc))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i, job)) for i, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return outcomes
