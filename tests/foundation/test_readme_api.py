"""The README's "REST API in five minutes" block runs as written against a live server.

The block is read from README.md itself and run with bash (``-euo pipefail``; every call in it
fails on an HTTP error) against a daphne process serving this run's test database with the demo
events loaded, exactly as ``./scripts/serve.sh`` would serve them. On the embedded default and
on PostgreSQL alike (the test database is the one the run uses).
"""

import os
import shutil
import socket
import subprocess
import time

import pytest
from django.core.management import call_command

from tests.browser.conftest import database_env, free_port
from tests.browser.helpers import ROOT

pytestmark = pytest.mark.django_db(transaction=True)


def readme_api_block() -> str:
    text = (ROOT / "README.md").read_text()
    section = text.index("## The REST API in five minutes")
    start = text.index("```sh\n", section) + len("```sh\n")
    return text[start : text.index("```", start)]


@pytest.fixture
def demo_server():
    """A daphne process on the test database, with the demo events and logins in it."""
    if shutil.which("curl") is None:
        pytest.skip("needs curl (apt-get install curl)")
    call_command("seed_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
    env = {
        **os.environ,
        **database_env(),
        "DEBUG": "1",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    env.pop("REDIS_URL", None)
    port = free_port()
    proc = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "daphne"), "-b", "127.0.0.1", "-p", str(port),
         "tests.browser.asgi:application"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        wait_for_port(port, proc)
        yield port
    finally:
        proc.terminate()
        proc.wait(10)


def wait_for_port(port: int, proc) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"daphne exited: {proc.stderr.read().decode()[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), 0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("daphne did not start in 30 s")


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
