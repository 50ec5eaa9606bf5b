"""What ``/readyz`` checks: the database, its migrations, Redis, a Celery worker.

Each check answers ``"ok"``, ``"skipped"`` (not configured) or a short fixed reason; never an
exception's text, which may name a host or a user. Cheap enough for a probe every few seconds:
one ``SELECT 1``, one Redis ``PING`` and one ``GET``; the migrations are compared with the
code once per process, and only a positive answer is remembered (a process keeps its code, and
migrations are not rolled back under a running server).
"""

from __future__ import annotations

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.migrations.executor import MigrationExecutor
from redis import RedisError

from config import worker_heartbeat

OK, SKIPPED = "ok", "skipped"

_migrated: set[str] = set()


def database() -> str:
    """The default database answers a query."""
    try:
        with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:  # noqa: BLE001 - a pool timeout is not a DatabaseError
        return "unreachable"
    return OK


def migrations() -> str:
    """Every migration of the code is applied (checked until true, then remembered)."""
    if DEFAULT_DB_ALIAS in _migrated:
        return OK
    try:
        executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
        plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    except DatabaseError:
        return "unknown"
    if plan:
        return f"{len(plan)} not applied"
    _migrated.add(DEFAULT_DB_ALIAS)
    return OK


def redis_reachable() -> str:
    """Redis answers a ping, when ``REDIS_URL`` is set."""
    if not settings.REDIS_URL:
        return SKIPPED
    try:
        worker_heartbeat.client(settings.REDIS_URL).ping()
    except (RedisError, OSError):
        return "unreachable"
    return OK


def worker() -> str:
    """A Celery worker wrote its heartbeat recently, when tasks do not run in the web process."""
    if settings.CELERY_TASK_ALWAYS_EAGER or not settings.REDIS_URL:
        return SKIPPED
    try:
        age = worker_heartbeat.seconds_since_last_beat(settings.REDIS_URL)
    except (RedisError, OSError, ValueError):
        return "unknown"
    if age is None or age > settings.WORKER_HEARTBEAT_SECONDS:
        return f"no heartbeat in the last {settings.WORKER_HEARTBEAT_SECONDS} s"
    return OK


def run_checks() -> dict[str, str]:
    """Every check's answer; the migrations are asked only of a database that answered."""
    results = {"database": database()}
    results["migrations"] = migrations() if results["database"] == OK else "unknown"
    results["redis"] = redis_reachable()
    results["worker"] = worker()
    return results


def ready(results: dict[str, str]) -> bool:
    """Whether every check passed or was skipped."""
    return all(value in (OK, SKIPPED) for value in results.values())
