"""Shared fixtures and the switches for tests that need real services."""

import pytest
from django.core.cache import cache
from django.db import connection


@pytest.fixture(autouse=True)
def empty_cache():
    """Every test starts with an empty cache (cached standings, rate-limit counters)."""
    cache.clear()
    yield


@pytest.fixture
def on_postgres():
    """Skip the test unless it runs against PostgreSQL (DATABASE_URL set)."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: run with DATABASE_URL set")
