"""The real services the tests of this folder run the project's processes against: a scratch
PostgreSQL database on the test run's server and a spare Redis database. Both skip unless the
run has ``DATABASE_URL`` (PostgreSQL) and ``TEST_REDIS_URL``; .ci/run's PostgreSQL run has both.
"""

import contextlib
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator

import psycopg
import pytest
import redis
from django.db import connection


def server() -> dict:
    """The test run's PostgreSQL server, as psycopg's keyword arguments."""
    s = connection.settings_dict
    return {
        "host": s["HOST"] or "127.0.0.1",
        "port": s["PORT"] or 5432,
        "user": s["USER"],
        "password": s["PASSWORD"],
    }


def on_server(sql: str) -> None:
    """Run one statement (CREATE or DROP DATABASE) on the server, outside any transaction."""
    with psycopg.connect(dbname=connection.settings_dict["NAME"], autocommit=True, **server()) as c:
        c.execute(sql)


@contextlib.contextmanager
def dropped_afterwards(prefix: str) -> Iterator[str]:
    """The URL of a database named ``<prefix>_<random>`` on the test run's server (not made
    here: the caller or the code under test makes it), dropped at the end."""
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    s = server()
    try:
        yield f"postgres://{s['user']}:{s['password']}@{s['host']}:{s['port']}/{name}"
    finally:
        on_server(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def run_quick_bench(script: str, prefix: str, redis_url: str, root) -> tuple[int, str, str]:
    """Run ``bench/<script> --quick`` in ``root`` on a scratch database named ``<prefix>_...``
    (dropped afterwards) and ``redis_url``: its exit status, its output, and the output with
    the end of its errors (for a failing assertion's message)."""
    with dropped_afterwards(prefix) as database_url:
        run = subprocess.run(
            [sys.executable, f"bench/{script}", "--quick"]
            + ["--database-url", database_url, "--redis-url", redis_url],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=540,
        )
    return run.returncode, run.stdout, run.stdout + run.stderr[-3000:]


@pytest.fixture
def scratch_database(on_postgres):
    """An empty PostgreSQL database on the test run's server, dropped at the end."""
    with dropped_afterwards("eye_deploy") as url:
        on_server(f'CREATE DATABASE "{url.rsplit("/", 1)[1]}"')
        yield url


@pytest.fixture
def spare_redis_url():
    """TEST_REDIS_URL on a database number the other tests leave alone (they use 0 to 3)."""
    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        pytest.skip("needs Redis: run with TEST_REDIS_URL set")
    base = url.rstrip("/").rsplit("/", 1)[0] if url.count("/") > 2 else url
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    url = f"{base}/{12 + int(worker[2:] or 0)}"
    yield url
    redis.Redis.from_url(url).flushdb()  # the worker's queues and the cache's keys
