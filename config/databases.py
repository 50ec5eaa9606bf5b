"""The ``DATABASES`` setting: PostgreSQL from ``DATABASE_URL``, else the embedded SQLite file.

PostgreSQL goes through psycopg 3 with its connection pool (``DB_POOL_MIN``, ``DB_POOL_MAX``,
``DB_POOL_TIMEOUT``) and server-side parameter binding (``DB_SERVER_SIDE_BINDING``, on by
default): psycopg then prepares a statement once it has run ``DB_PREPARE_THRESHOLD`` times on a
connection, and PostgreSQL stops planning it afresh on every call. On the result path that
planning was half of PostgreSQL's work (bench/http_load.py). Behind a pooler in transaction mode
(PgBouncer without prepared-statement support) set ``DB_SERVER_SIDE_BINDING=0``.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_str

#: connections each process's pool holds at most (``DB_POOL_MAX``)
POOL_MAX_DEFAULT = 20
#: connections a web process's pool keeps beyond its views (``ASGI_MAX_VIEWS``): the websockets'
#: database work (one thread per process) and a spare
POOL_SPARE = 2


def pool_max_size() -> int:
    """The pool's ``max_size`` (``DB_POOL_MAX``)."""
    return env_int("DB_POOL_MAX", POOL_MAX_DEFAULT)


def most_views(threads: int) -> int:
    """How many views a web process runs at once by default: as many as its pool has
    connections for, keeping ``POOL_SPARE`` (never fewer than its ``threads``)."""
    return max(threads, pool_max_size() - POOL_SPARE)


def postgres_database(url: str) -> dict:
    """The PostgreSQL database named by ``url``, pooled and with server-side binding."""
    database = dj_database_url.parse(url, conn_max_age=0)
    if database["ENGINE"] != "django.db.backends.postgresql":
        raise ImproperlyConfigured("DATABASE_URL must be a postgres:// URL")
    # psycopg 3's pool keeps connections open; Django requires CONN_MAX_AGE = 0 with it.
    database["OPTIONS"] = {
        "pool": {
            "min_size": env_int("DB_POOL_MIN", 2),
            "max_size": pool_max_size(),
            "timeout": env_int("DB_POOL_TIMEOUT", 10),
        },
        "server_side_binding": env_bool("DB_SERVER_SIDE_BINDING", True),
        "prepare_threshold": env_int("DB_PREPARE_THRESHOLD", 5),
    }
    return database


def sqlite_database(base_dir: Path) -> dict:
    """The embedded default: a SQLite file in WAL mode whose writers queue instead of failing."""
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": env_str("SQLITE_PATH", str(base_dir / "db.sqlite3")),
        # The test database is a file, so servers started by the tests (daphne for the
        # browser tests) can open the same database as the test process; one per test
        # process, so test runs side by side do not share it.
        "TEST": {
            "NAME": env_str(
                "SQLITE_TEST_PATH", str(base_dir / "var" / f"test-{os.getpid()}.sqlite3")
            )
        },
        "OPTIONS": {
            # WAL lets readers continue while one writer writes; IMMEDIATE takes the write
            # lock when a transaction starts, so two writers queue instead of deadlocking.
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": (
                "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;"
            ),
        },
    }
