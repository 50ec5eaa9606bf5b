"""Real processes for the fault tests: daphne and Celery on the test database (PostgreSQL)."""

import os
import subprocess

import pytest

from tests.factories import EntrantFactory, TournamentFactory
from tests.realtime.conftest import event, redis_url  # noqa: F401 - fixtures
from tests.realtime.test_services_integration import (
    BIN,
    ROOT,
    Servers,
    url_of_the_test_database,
)
from tournament.models import StaffRole, StaffRoleKind


class FaultServers(Servers):
    """``Servers`` plus a worker with extra environment variables (the fault hooks)."""

    def celery_with_env(self, queue: str, log=None, **extra) -> subprocess.Popen:
        proc = subprocess.Popen(
            [
                str(BIN / "celery"),
                "-A",
                "config",
                "worker",
                "--pool",
                "solo",
                "-Q",
                queue,
                "--loglevel",
                "WARNING",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
            ],
            cwd=ROOT,
            env={**self.env, **extra},
            stdout=subprocess.DEVNULL,
            stderr=open(log, "w") if log else subprocess.DEVNULL,  # noqa: SIM115
        )
        self.procs.append(proc)
        return proc


@pytest.fixture
def servers(on_postgres):
    """Subprocesses that share the test database; every one is stopped at the test's end."""
    env = dict(os.environ)
    env.update(DATABASE_URL=url_of_the_test_database(), DEBUG="1", DB_POOL_MIN="1", DB_POOL_MAX="4")
    env.pop("REDIS_URL", None)
    group = FaultServers(env)
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
