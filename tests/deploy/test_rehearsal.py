"""bench/rehearsal.py, the rehearsal of a convention round, run small (``--quick``: 40 players,
a 10-second window) end to end against the real PostgreSQL and Redis of the test run, with the
processes of compose.yaml started by deploy/entrypoint.sh: every report and confirmation is
answered, every phone hears of the next round and shows its new table, every result reaches the
projector. Its times are never asserted (the machine decides them).
"""

import re
import subprocess
import sys

import pytest

from tests.deploy.conftest import dropped_afterwards
from tests.deploy.deploy_files import ROOT


@pytest.mark.services
@pytest.mark.django_db
def test_a_quick_rehearsal_has_no_errors_and_loses_nothing(on_postgres, spare_redis_url):
    with dropped_afterwards("eye_rehearsal") as database_url:
        run = subprocess.run(
            [sys.executable, "bench/rehearsal.py", "--quick"]
            + ["--database-url", database_url, "--redis-url", spare_redis_url],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=540,
        )
    out = run.stdout + run.stderr[-3000:]
    assert run.returncode == 0, out
    figures = re.search(r"^errors=(\d+) lost=(\d+)", run.stdout, re.MULTILINE)
    assert figures, out
    assert (int(figures[1]), int(figures[2])) == (0, 0), out
    assert "players=40 tables=10" in run.stdout
    # the phones heard of the new round and their reloaded pages showed the new table
    assert re.search(r"last_confirmation_to_last_phone_s=\d", run.stdout), out
    assert re.search(r"last_page_showing_it_s=\d", run.stdout), out
