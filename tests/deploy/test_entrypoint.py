"""deploy/entrypoint.sh, the script the image, the systemd units and Kubernetes run, run here
outside a container: it refuses a production start without its secrets, and against the real
PostgreSQL and Redis of the test run (a scratch database made and dropped by the test, a spare
Redis database) its ``migrate``, ``collectstatic``, ``web`` and ``worker`` roles give a site
that answers with production settings (DEBUG=0) and a worker that answers a ping.

Like tests/realtime/test_services_integration.py these skip unless the run has
``DATABASE_URL`` (PostgreSQL) and ``TEST_REDIS_URL`` (the fixtures of tests/deploy/conftest.py);
.ci/run's PostgreSQL run has both.
"""

import contextlib
import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import time

import psycopg
import pytest

from tests.deploy.deploy_files import ENTRYPOINT, ENV_EXAMPLE

SECRET_KEY = "entrypoint-test-secret-not-used-anywhere-else-" + "x9Lq" * 5
HOSTS = "127.0.0.1,localhost"


def run_role(role: str, env: dict, *args: str, timeout=300) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(ENTRYPOINT), role, *args],
        cwd="/",  # the script finds the project from its own path
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def base_env(**settings: str) -> dict:
    """A clean environment: the system's basics, this interpreter, and ``settings`` only."""
    keep = {name: os.environ[name] for name in ("PATH", "HOME", "LANG") if name in os.environ}
    return {**keep, "PYTHON": sys.executable, **settings}


def test_a_production_start_without_its_secrets_names_each_missing_one():
    done = run_role("web", base_env(DEBUG="0", PORT="80x"), timeout=30)
    assert done.returncode == 64
    for name in ("SECRET_KEY is not set", "ALLOWED_HOSTS is not set", "PORT must be"):
        assert name in done.stderr, done.stderr
    worker = run_role("worker", base_env(DEBUG="0", SECRET_KEY="short", ALLOWED_HOSTS="a"))
    assert worker.returncode == 64
    assert "SECRET_KEY has 5 characters" in worker.stderr
    assert "REDIS_URL is not set" in worker.stderr


def test_the_placeholder_secret_of_env_example_is_refused():
    placeholder = re.search(r"^SECRET_KEY=(.+)$", ENV_EXAMPLE.read_text(), re.MULTILINE)[1]
    env = base_env(DEBUG="0", SECRET_KEY=placeholder, ALLOWED_HOSTS=HOSTS)
    done = run_role("migrate", env, timeout=30)
    assert done.returncode == 64 and "placeholder of .env.example" in done.stderr


def test_an_unknown_role_is_refused_with_the_list_of_roles():
    done = run_role("serve", base_env(), timeout=30)
    assert done.returncode == 64 and "web|worker|migrate" in done.stderr


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(port: int, path: str, proto: str | None = "https") -> http.client.HTTPResponse:
    """GET ``path`` as the proxy would pass it on (``X-Forwarded-Proto``), body read."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers={"X-Forwarded-Proto": proto} if proto else {})
    answer = conn.getresponse()
    answer.body = answer.read()  # type: ignore[attr-defined]
    conn.close()
    return answer


def wait_for_port(proc: subprocess.Popen, port: int, seconds=60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"exited {proc.returncode}: {proc.stderr.read()[-3000:]}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.2)
    raise AssertionError(f"nothing listens on {port} after {seconds} s")


def start(role: str, env: dict, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [str(ENTRYPOINT), role, *args],
        cwd="/",
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def stop(proc: subprocess.Popen) -> int:
    """SIGTERM, as systemd, docker and Kubernetes stop a process; its exit status."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(40)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
    return proc.returncode


@pytest.mark.services
@pytest.mark.django_db
def test_the_roles_give_a_site_that_answers(scratch_database, spare_redis_url, tmp_path):
    env = base_env(
        DEBUG="0",
        SECRET_KEY=SECRET_KEY,
        ALLOWED_HOSTS=HOSTS,
        DATABASE_URL=scratch_database,
        REDIS_URL=spare_redis_url,
        STATIC_ROOT=str(tmp_path / "static"),
        DB_POOL_MIN="1",
        DB_POOL_MAX="4",
        PORT=str(free_port()),
    )
    migrated = run_role("migrate", env)
    assert migrated.returncode == 0, migrated.stderr[-3000:]
    with psycopg.connect(scratch_database.replace("postgres://", "postgresql://")) as db:
        tables = db.execute(
            "SELECT count(*) FROM pg_tables WHERE tablename = 'tournament_tournament'"
        )
        assert tables.fetchone() == (1,)
    collected = run_role("collectstatic", env)
    assert collected.returncode == 0, collected.stderr[-3000:]
    assert (tmp_path / "static" / "staticfiles.json").exists()

    port = int(env["PORT"])
    web = start("web", env)
    try:
        wait_for_port(web, port)
        home = get(port, "/")
        assert home.status == 200, home.body[:500]
        # production settings: WhiteNoise serves the collected, hashed files ...
        script = re.search(rb'"(/static/[\w/.-]+\.[0-9a-f]{12}\.(?:css|js))"', home.body)
        assert script and get(port, script.group(1).decode()).status == 200
        # ... and a plain-HTTP request (no proxy header) is sent to HTTPS
        plain = get(port, "/", proto=None)
        assert plain.status == 301 and plain.getheader("Location").startswith("https://")
        # the image's HEALTHCHECK, once the process has its /healthz (docs/operations.md)
        if get(port, "/healthz").status != 404:
            checked = run_role("healthcheck", env, timeout=30)
            assert checked.returncode == 0, checked.stderr
    finally:
        status = stop(web)
    # a clean stop: uvicorn finishes, then exits by the SIGTERM it was sent (never a kill)
    log = web.stderr.read()
    assert status in (0, -signal.SIGTERM) and "Finished server process" in log, log[-3000:]

    worker = start("worker", env, "--pool", "solo", "--without-gossip", "--without-mingle")
    try:
        deadline, pinged = time.monotonic() + 90, None
        while time.monotonic() < deadline and worker.poll() is None:
            pinged = run_role("ping-worker", env, timeout=60)
            if pinged.returncode == 0:
                break
        assert pinged is not None and pinged.returncode == 0, worker.stderr.read()[-3000:]
        assert "pong" in pinged.stdout
    finally:
        stop(worker)
