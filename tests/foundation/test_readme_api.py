"""The README's "REST API in five minutes" block runs as written against a live server.

The block is read from README.md itself and run with bash (``-euo pipefail``; every call in it
fails on an HTTP error) against a live server (pytest-django's, a thread of this test process)
serving this run's test database with the demo logins, as ``./scripts/serve.sh`` would serve
them. What is tested is the README's block against the API, not the server: a daphne
process of its own cost a Django start (about 4 s of CPU) per test, and the servers themselves
are tested in tests/browser and tests/realtime. On the embedded default and on PostgreSQL alike.
"""

import os
import shutil
import subprocess
from urllib.parse import urlsplit

import pytest

from tests.browser.helpers import ROOT
from tournament.management.demo_events import demo_users

pytestmark = pytest.mark.django_db(transaction=True)


def readme_api_block() -> str:
    text = (ROOT / "README.md").read_text()
    section = text.index("## The REST API in five minutes")
    start = text.index("```sh\n", section) + len("```sh\n")
    return text[start : text.index("```", start)]


@pytest.fixture
def demo_server(live_server):
    """The port of a live server on the test database, with the demo logins in it.

    The logins are what ``seed_demo`` makes them (``demo_users``); its three events, a few
    hundred games, are left out: the walkthrough makes its own event and reads no other, and
    tests/foundation/test_demo.py tests the demo itself."""
    if shutil.which("curl") is None:
        pytest.skip("needs curl (apt-get install curl)")
    demo_users()
    return urlsplit(live_server.url).port


def test_the_readme_api_block_runs_verbatim(demo_server):
    block = readme_api_block()
    assert "<" not in block.replace("<<", ""), "the block must have no placeholder to fill in"
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", block],
        env={**os.environ, "PORT": str(demo_server)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    answers = done.stdout.strip().splitlines()
    assert '"state":"accepted"' in answers[-4]  # the player's report, confirmed by all sides
    assert answers[-1].startswith('[{"position":1')  # the standings after round 1
