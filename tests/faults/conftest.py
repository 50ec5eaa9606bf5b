"""Real processes for the fault tests: daphne and Celery on the test database (PostgreSQL)."""

import os

import pytest

from tests.factories import EntrantFactory, TournamentFactory
from tests.realtime.conftest import event, redis_url  # noqa: F401 - fixtures
from tests.realtime.test_services_integration import (
    Servers,
    url_of_the_test_database,
)
from tournament.models import StaffRole, StaffRoleKind


@pytest.fixture
def servers(on_postgres):
    """Subprocesses that share the test database; every one is stopped at the test's end."""
    env = dict(os.environ)
    env.update(DATABASE_URL=url_of_the_test_database(), DEBUG="1", DB_POOL_MIN="1", DB_POOL_MAX="4")
    env.pop("REDIS_URL", None)
    group = Servers(env)
    yield group
    group.stop()


@pytest.fixture
def fresh_event(db):
    """A public event of 8 checked-in players and no round yet, with its organiser."""
    tournament = TournamentFactory()
    StaffRole.objects.create(
        tournament=tournament, user=tournament.organiser, role=StaffRoleKind.ORGANISER
    )
    EntrantFactory.create_batch(8, tournament=tournament)
    return tournament
