"""Real servers: two ASGI processes (daphne and uvicorn) and a Celery worker sharing Redis and the
test database.

These tests start subprocesses on 127.0.0.1 and skip unless ``DATABASE_URL`` (PostgreSQL: the
subprocesses must reach the very database the test writes to, which the in-memory SQLite test
database cannot offer) and, for the fan-out, ``TEST_REDIS_URL`` are set. The test database is
the one pytest-django created (``connection.settings_dict["NAME"]``); the tests are
transactional so that the rows they write are committed and visible to the servers.
"""

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
from django.db import connection
from django.test import override_settings

from config.asgi_servers import asgi_command
from config.redis_layer import redis_channel_layer
from tests.realtime.conftest import session_cookie
from tournament.models import GenerationJob, JobStatus
from tournament.services import rounds as rounds_service

websockets_client = pytest.importorskip("websockets.asyncio.client")

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
ORIGIN = "http://127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def url_of_the_test_database() -> str:
    """The test database pytest-django made, as a DATABASE_URL for the subprocesses."""
    s = connection.settings_dict
    host, port = s["HOST"] or "127.0.0.1", s["PORT"] or 5432
    return f"postgres://{s['USER']}:{s['PASSWORD']}@{host}:{port}/{s['NAME']}"


class Servers:
    """Subprocesses started by one test, always stopped at its end."""

    def __init__(self, env: dict):
        self.env = env
        self.procs: list[subprocess.Popen] = []

    def asgi(self, kind: str, port: int | None = None) -> tuple[subprocess.Popen, int]:
        """An ASGI server process (``daphne`` or ``uvicorn``) serving the project on ``port``."""
        port = port or free_port()
        proc = subprocess.Popen(
            asgi_command(kind, port, BIN),
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        self.procs.append(proc)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"{kind} exited: {proc.stderr.read().decode()[-2000:]}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                return proc, port
            time.sleep(0.1)
        raise RuntimeError(f"{kind} did not start in 30 s")

    def daphne(self, port: int | None = None) -> tuple[subprocess.Popen, int]:
        return self.asgi("daphne", port)

    def uvicorn(self, port: int | None = None) -> tuple[subprocess.Popen, int]:
        return self.asgi("uvicorn", port)

    def celery(self, queue: str, log=None, **extra_env) -> subprocess.Popen:
        """A solo-pool worker on ``queue``; ``extra_env`` adds variables (test hooks)."""
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
            env={**self.env, **extra_env},
            stdout=subprocess.DEVNULL,
            stderr=open(log, "w") if log else subprocess.DEVNULL,  # noqa: SIM115
        )
        self.procs.append(proc)
        return proc

    @staticmethod
    def kill(proc: subprocess.Popen, sig=signal.SIGTERM) -> None:
        if proc.poll() is None:
            proc.send_signal(sig)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)

    def stop(self) -> None:
        for proc in self.procs:
            self.kill(proc)


@pytest.fixture
def servers(on_postgres, request):
    env = dict(os.environ)
    env.update(DATABASE_URL=url_of_the_test_database(), DEBUG="1", DB_POOL_MIN="1", DB_POOL_MAX="4")
    env.pop("REDIS_URL", None)
    group = Servers(env)
    yield group
    group.stop()


def in_thread(fn, *args):
    """Run ORM code from async code in a thread, closing its connection afterwards."""

    def call():
        try:
            return fn(*args)
        finally:
            connection.close()

    return asyncio.to_thread(call)


async def ws(port, path, cookie: bytes | None = None):
    headers = {"Cookie": cookie.decode()} if cookie else None
    conn = await websockets_client.connect(
        f"ws://127.0.0.1:{port}{path}", origin=ORIGIN, additional_headers=headers, open_timeout=10
    )
    return conn


async def receive(conn, wanted_type: str, timeout=10.0) -> dict:
    """The next message of ``wanted_type`` (others are skipped)."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no {wanted_type} message within {timeout} s")
        message = json.loads(await asyncio.wait_for(conn.recv(), left))
        if message.get("type") == wanted_type:
            return message


def test_updates_fan_out_across_processes_through_redis(event, servers, redis_url):
    servers.env["REDIS_URL"] = redis_url
    (_, port_a), (_, port_b) = servers.daphne(), servers.uvicorn()
    queue = f"test-{uuid.uuid4().hex[:12]}"
    servers.celery(queue)
    tournament, round_, match = event["tournament"], event["round"], event["match"]
    referee_cookie = session_cookie(event["referee"])
    redis_layer = {"default": redis_channel_layer(redis_url)}  # the servers' own layer

    async def scenario():
        # watchers on process B; the staff member on process A
        feed = await ws(port_b, f"/ws/tournaments/{tournament.pk}/")
        staff_feed = await ws(port_b, f"/ws/tournaments/{tournament.pk}/", referee_cookie)
        clock_watch = await ws(port_b, f"/ws/rounds/{round_.pk}/")
        match_watch = await ws(port_b, f"/ws/matches/{match.pk}/")
        staff = await ws(port_a, f"/ws/rounds/{round_.pk}/", referee_cookie)
        for conn in (feed, staff_feed, clock_watch, match_watch, staff):
            await receive(conn, "hello")
        assert (await receive(clock_watch, "clock"))["state"] == "idle"

        # 1. a push from this (third) process reaches process B through Redis
        def publish():
            with override_settings(CHANNEL_LAYERS=redis_layer):
                rounds_service.notify_round_published(round_)

        await in_thread(publish)
        assert (await receive(feed, "round.published"))["round"] == round_.pk

        # 2. a clock command on process A reaches a watcher on process B
        await staff.send(json.dumps({"action": "clock", "command": "start"}))
        clock = await receive(clock_watch, "clock")
        assert clock["state"] == "running" and clock["call"] == "Yarra Mark!"

        # 3. a result posted over HTTP to process A reaches watchers on process B ...
        status = await in_thread(post_result, port_a, match, event["referee"])
        assert status == 201, status
        assert (await receive(match_watch, "result.accepted"))["match"] == match.pk
        assert (await receive(feed, "standings.changed"))["match"] == match.pk
        # ... and so does the progress of a round generation run by the Celery worker
        job = await in_thread(request_round_on_worker, tournament, redis_url, queue)
        assert job.status == JobStatus.FAILED  # round 1 is still running: refused, recorded
        assert (await receive(staff_feed, "job.progress"))["job"] == job.pk
        for conn in (feed, staff_feed, clock_watch, match_watch, staff):
            await conn.close()

    asyncio.run(scenario())


def post_result(port, match, user):
    from accounts.tokens import issue as issue_token
    from tests.factories import verify_email
    from tournament.logic.simulated_games import random_battle

    token = issue_token(verify_email(user), "tests")
    sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
    body = json.dumps({"report": random_battle("every_eye", sides, random.Random(5))}).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/v1/matches/{match.pk}/results/",
        data=body,
        headers={"Content-Type": "application/json", "Authorization": f"Token {token.key}"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def request_round_on_worker(tournament, redis_url, queue):
    """Send the generation task to the worker process and wait for the job to finish."""
    from celery import Celery

    job = GenerationJob.objects.create(
        tournament=tournament, kind="swiss_round", idempotency_key=f"test:{uuid.uuid4()}"
    )
    sender = Celery(broker=redis_url, set_as_current=False)
    sender.send_task("tournament.tasks.generate_swiss_round_task", args=[job.pk], queue=queue)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.status in (JobStatus.DONE, JobStatus.FAILED):
            return job
        time.sleep(0.2)
    raise AssertionError(f"the worker did not finish job {job.pk}: {job.status}")


def test_a_hosted_game_survives_a_server_restart(event, servers):
    match = event["match"]
    a, b = event["entrants"][:2]
    proc, port = servers.daphne()
    path_a = f"/ws/matches/{match.pk}/?token={a.access_token}"
    path_b = f"/ws/matches/{match.pk}/?token={b.access_token}"

    async def play_first_half():
        conn = await ws(port, path_a)
        await receive(conn, "hello")
        await conn.send(json.dumps({"action": "create"}))
        await receive(conn, "live.state")
        for number, e in enumerate(
            [
                {"type": "start"},
                {"type": "hit", "attacker": "Grublic", "target": "Echo", "hits": 3},
            ],
            start=1,
        ):
            await conn.send(json.dumps({"action": "event", "event": {**e, "seq": number}}))
            assert (await receive(conn, "live.accepted"))["sequence"] == number
        await conn.close()

    asyncio.run(play_first_half())
    servers.kill(proc, signal.SIGKILL)  # no clean shutdown
    _, port = servers.daphne(port)

    async def play_second_half():
        conn = await ws(port, path_b)
        assert (await receive(conn, "hello"))["role"] == "side"
        state = await receive(conn, "live.state")
        assert state["sequence"] == 2
        assert state["state"]["characters"]["Echo"]["health"] == 7
        hit = {"type": "hit", "attacker": "Echo", "target": "Grublic", "hits": 2, "seq": 3}
        await conn.send(json.dumps({"action": "event", "event": hit}))
        assert (await receive(conn, "live.accepted"))["sequence"] == 3
        await conn.close()

    asyncio.run(play_second_half())
    from matches.models import LiveGame

    game = LiveGame.objects.get(match=match)
    assert game.last_sequence == 3
    assert game.state["characters"]["Grublic"]["health"] == 13
