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
