"""bench/registration_rush.py, the registration rush, run small (``--quick``: 100 people for 30
places from 8 clients) end to end against the real PostgreSQL and Redis of the test run, with
the processes of compose.yaml started by deploy/entrypoint.sh: every registration is answered,
the places go to the first 30 and the rest wait in order. Its times are never asserted."""

import re

import pytest

from tests.deploy.conftest import run_quick_bench
from tests.deploy.deploy_files import ROOT


@pytest.mark.services
@pytest.mark.django_db
def test_a_quick_rush_fills_the_places_in_order_without_errors(on_postgres, spare_redis_url):
    code, stdout, out = run_quick_bench(
        "registration_rush.py", "eye_registration_rush", spare_redis_url, ROOT
    )
    assert code == 0, out
    assert "people=100 places=30 clients=8" in stdout, out
    assert re.search(r"^registered=30 waitlisted=70 stored_registered=30 ", stdout, re.M), out
    assert "stored_waitlisted=70 entrants=30" in stdout, out
    assert re.search(r"^errors=0 ", stdout, re.MULTILINE), out
    assert re.search(r"p99_ms=\d+", stdout), out
