"""Shared fixtures and the switches for tests that need real services."""

import pytest
from django.core.cache import cache
from django.db import connection


@pytest.fixture(autouse=True)
def empty_cache():
    """Every test starts with an empty cache (cached standings, rate-limit counters)."""
    cache.clear()
    yield


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Test users' passwords need no slow hashing (PBKDF2 costs ~0.2 s per user made).

    PBKDF2 stays second in the list, so a password hashed by a fixture wider than one test
    (before this override applied) still verifies.
    """
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.MD5PasswordHasher",
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    ]


@pytest.fixture
def on_postgres():
    """Skip the test unless it runs against PostgreSQL (DATABASE_URL set)."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: run with DATABASE_URL set")


# Fixtures through which a test reaches the database (pytest-django's, and the module-wide data
# the browser tests commit through ``django_db_setup``).
DATABASE_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
        "django_db_setup",
        "live_server",
    }
)


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help=(
            "run only the tests that can reach the database (marked django_db, or asking for a "
            "database fixture). The others cannot tell one database from another: pytest-django "
            "refuses them any query. CI's second run, on PostgreSQL, uses this."
        ),
    )


def reaches_the_database(item) -> bool:
    """Whether ``item`` may run queries: pytest-django lets only these near the database."""
    if item.get_closest_marker("django_db") is not None:
        return True
    return not DATABASE_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


def pytest_collection_modifyitems(config, items):
    """With ``--database-tests-only``, deselect the tests that cannot reach the database."""
    if not config.getoption("--database-tests-only"):
        return
    kept, left = [], []
    for item in items:
        (kept if reaches_the_database(item) else left).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept
