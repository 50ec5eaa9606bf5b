"""Shared fixtures and the switches for tests that need real services."""

import pytest
from django.db import connection


@pytest.fixture
def on_postgres():
    """Skip the test unless it runs against PostgreSQL (DATABASE_URL set)."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: run with DATABASE_URL set")
