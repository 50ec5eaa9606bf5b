"""bench/rehearsal.py, the rehearsal of a convention round, run small (``--quick``: 40 players,
a 10-second window) end to end against the real PostgreSQL and Redis of the test run, with the
processes of compose.yaml started by deploy/entrypoint.sh: every report and confirmation is
answered, every phone hears of the next round and shows its new table, every result reaches the
projector. Its times are never asserted (the machine decides them).
"""

import re

import pytest

from tests.deploy.conftest import run_quick_bench
from tests.deploy.deploy_files import ROOT


@pytest.mark.services
@pytest.mark.django_db
def test_a_quick_rehearsal_has_no_errors_and_loses_nothing(on_postgres, spare_redis_url):
    code, stdout, out = run_quick_bench("rehearsal.py", "eye_rehearsal", spare_redis_url, ROOT)
    assert code == 0, out
    figures = re.search(r"^errors=(\d+) lost=(\d+)", stdout, re.MULTILINE)
    assert figures, out
    assert (int(figures[1]), int(figures[2])) == (0, 0), out
    assert "players=40 tables=10" in stdout
    # the phones heard of the new round and their reloaded pages showed the new table
    assert re.search(r"last_confirmation_to_last_phone_s=\d", stdout), out
    assert re.search(r"last_page_showing_it_s=\d", stdout), out
