"""Websocket fan-out: how long one update takes to reach N connected clients.

    .venv/bin/python bench/ws_fanout.py                 # 1000 clients
    .venv/bin/python bench/ws_fanout.py --clients 5000  # the big one
    .venv/bin/python bench/ws_fanout.py --servers 2     # needs TEST_REDIS_URL or REDIS_URL

    .venv/bin/python bench/ws_fanout.py --measure result --clients 5000  # a result's ping
    .venv/bin/python bench/ws_fanout.py --measure result --results 100    # a burst of results

It builds a throw-away SQLite database (migrate, one public event with a published round and a
referee with a session and an API token), starts daphne on 127.0.0.1 itself (one process with
the in-memory channel layer; with Redis, ``--servers`` processes sharing it) and connects N
read-only clients (spread over the servers). Then, by ``--measure``:

* ``clock`` (default): the clients watch the round's websocket and the referee starts the
  round clock over its own: one push to the round group, timed from the command.
* ``result``: the clients follow the event's websocket, as the standings pages do, and the
  referee posts ``--results`` results over the API one after another (a burst when more than
  one); timed from the first post to each client's ``standings.changed`` naming the last
  result. The pings are coalesced per event, so it also prints how many each client got, and
  "lost" counts the clients that never heard of the last result.

It prints the delays (p50/p99/max), the connect failures and the clients that never got it.

Bounded: at most 5000 clients and 250 results, 127.0.0.1 only, a time limit on every phase;
the servers are stopped at the end. Figures vary with the machine; they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
sys.path.insert(0, str(ROOT))
from baseline import main_with_baseline  # noqa: E402 - bench/ is on the path

from config.asgi_servers import asgi_command  # noqa: E402

MAX_CLIENTS = 5000
MAX_RESULTS = 250
ORIGIN = "http://127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def prepare_database(env: dict, tables: int) -> dict:
    """Migrate a fresh SQLite file and create the event (``tables`` tables of four); returns
    ids, the referee's session cookie and API token, and a legal result for each table."""
    script = r"""
import json, random, sys, django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.contrib.auth import get_user_model
from django.test import Client
from accounts.tokens import issue
from tournament.models import Entrant, Player, StaffRole, Tournament
from tournament.services.rounds import generate_swiss_round, publish_round
from tournament.logic.simulated_games import random_battle
User = get_user_model()
owner = User.objects.create_user("bench-owner", password="bench-password-123")
referee = User.objects.create_user("bench-referee", password="bench-password-123")
# a confirmed address: with mandatory verification an unconfirmed account gets no token
from allauth.account.models import EmailAddress
EmailAddress.objects.create(user=referee, email="ref@bench.invalid", verified=True, primary=True)
t = Tournament.objects.create(name="Bench Cup", slug="bench-cup", organiser=owner)
StaffRole.objects.create(tournament=t, user=referee, role="referee")
for i in range(4 * int(sys.argv[1])):
    Entrant.objects.create(tournament=t, player=Player.objects.create(name=f"P{i}"))
r = publish_round(generate_swiss_round(t, seed=1))
c = Client()
c.force_login(referee)
results = []
for m in r.matches.filter(is_bye=False).order_by("table_number"):
    sides = [(str(s.entrant_id), 1) for s in m.seats.order_by("position")]
    results.append([m.pk, random_battle("every_eye", sides, random.Random(m.pk))])
print(json.dumps({"tournament": t.pk, "round": r.pk, "results": results,
                  "token": issue(referee, "bench").key,
                  "cookie": "sessionid=" + c.cookies["sessionid"].value}))
"""
    out = subprocess.run(
        [sys.executable, "-c", script, str(tables)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def start_server(env: dict, kind: str = "daphne") -> tuple[subprocess.Popen, int]:
    """An ASGI server process (daphne or uvicorn) on a free port; its errors go to
    ``var/ws-fanout-<port>.log``."""
    port = free_port()
    log = ROOT / "var" / f"ws-fanout-{port}.log"
    proc = subprocess.Popen(
        asgi_command(kind, port, BIN),
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log.open("w"),
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"{kind} exited at start")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return proc, port
        time.sleep(0.1)
    raise SystemExit(f"{kind} did not start within 30 s")


def post_result(port: int, token: str, match: int, report: dict) -> int:
    """POST one result over the API as the referee; the HTTP status."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/v1/matches/{match}/results/",
        data=json.dumps({"report": report}).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status


def is_awaited(args, info: dict, message: dict) -> bool:
    """Whether ``message`` is the one the clients wait for."""
    if args.measure == "clock":
        return message.get("type") == "clock" and message.get("state") == "running"
    last = info["results"][args.results - 1][0]
    return message.get("type") == "standings.changed" and message.get("match") == last


async def trigger(args, ports: list[int], info: dict, path: str, connect) -> tuple[float, list]:
    """Make the change the clients wait for; returns when it was started and what to close."""
    if args.measure == "result":
        sent = time.perf_counter()
        for match, report in info["results"][: args.results]:
            status = await asyncio.to_thread(post_result, ports[0], info["token"], match, report)
            if status != 201:
                raise SystemExit(f"posting the result of match {match} answered {status}")
        print(f"{args.results} result(s) posted in {time.perf_counter() - sent:.2f} s")
        return sent, []
    staff = await connect(
        f"ws://127.0.0.1:{ports[0]}{path}",
        origin=ORIGIN,
        additional_headers={"Cookie": info["cookie"]},
        open_timeout=30,
    )
    for _ in range(2):
        await staff.recv()
    sent = time.perf_counter()
    await staff.send(json.dumps({"action": "clock", "command": "start"}))
    return sent, [staff]


async def run(args, ports: list[int], info: dict) -> None:
    from websockets.asyncio.client import connect

    if args.measure == "result":
        path, greeting = f"/ws/tournaments/{info['tournament']}/", 1  # hello
    else:
        path, greeting = f"/ws/rounds/{info['round']}/", 2  # hello and the current clock
    received: list[float | None] = [None] * args.clients
    pings = [0] * args.clients  # standings.changed messages each client got
    failures: list[str] = []
    closed: collections.Counter = collections.Counter()  # why connected clients were lost
    conns = []
    sem = asyncio.Semaphore(args.concurrency)

    async def client(i: int):
        port = ports[i % len(ports)]
        async with sem:
            try:
                conn = await connect(
                    f"ws://127.0.0.1:{port}{path}",
                    origin=ORIGIN,
                    open_timeout=30,
                    ping_interval=None,
                    max_queue=64,
                )
                for _ in range(greeting):
                    await asyncio.wait_for(conn.recv(), 30)
            except Exception as exc:  # noqa: BLE001 - counted and printed
                failures.append(f"{type(exc).__name__}: {exc}"[:120])
                return
        conns.append(conn)
        try:
            while True:
                message = json.loads(await conn.recv())
                pings[i] += message.get("type") == "standings.changed"
                if is_awaited(args, info, message):
                    received[i] = time.perf_counter()
                    return
        except asyncio.CancelledError:  # still open, nothing came before the time limit
            raise
        except Exception as exc:  # noqa: BLE001 - a lost client counts as missing, with why
            closed[f"{type(exc).__name__}: {exc}"[:120]] += 1
            return

    t0 = time.perf_counter()
    tasks = [asyncio.create_task(client(i)) for i in range(args.clients)]
    deadline = time.monotonic() + args.connect_timeout
    while len(conns) + len(failures) < args.clients and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    connect_s = time.perf_counter() - t0
    print(
        f"connected {len(conns)}/{args.clients} in {connect_s:.1f} s "
        f"({len(failures)} failed) over {len(ports)} server(s)"
    )

    sent, extra = await trigger(args, ports, info, path, connect)
    done, pending = await asyncio.wait(tasks, timeout=args.push_timeout)
    delays = sorted((t - sent) * 1000 for t in received if t is not None)
    missing = sum(1 for i, t in enumerate(received) if t is None) - len(failures)
    for task in pending:
        task.cancel()
    await asyncio.gather(*(c.close() for c in conns + extra), return_exceptions=True)
    since = "the staff command" if args.measure == "clock" else "the first result's post"
    if delays:
        p50 = statistics.median(delays)
        p99 = delays[min(len(delays) - 1, int(len(delays) * 0.99))]
        print(
            f"delivered to {len(delays)} clients: p50 {p50:.0f} ms, p99 {p99:.0f} ms, "
            f"max {delays[-1]:.0f} ms (from {since} to each client's receipt)"
        )
    if args.measure == "result":
        heard = [pings[i] for i in range(args.clients) if received[i] is not None]
        if heard:
            print(
                f"standings.changed per client for {args.results} result(s): "
                f"min {min(heard)}, mean {statistics.mean(heard):.1f}, max {max(heard)}"
            )
    print(f"connect failures: {len(failures)}; connected but never received: {missing}")
    for reason in sorted(set(failures))[:5]:
        print(f"  e.g. {reason}")
    if missing:
        lost = sum(closed.values())
        print(f"  of those, {lost} lost their connection first, {missing - lost} stayed open:")
        for reason, count in closed.most_common(5):
            print(f"  {count} x {reason}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=1000)
    parser.add_argument("--servers", type=int, default=None, help="server processes (Redis)")
    parser.add_argument("--server", choices=["daphne", "uvicorn"], default="daphne")
    parser.add_argument("--concurrency", type=int, default=200, help="connects in flight")
    parser.add_argument("--connect-timeout", type=float, default=180)
    parser.add_argument("--push-timeout", type=float, default=60)
    parser.add_argument("--measure", choices=["clock", "result"], default="clock")
    parser.add_argument("--results", type=int, default=1, help="results posted (--measure result)")
    args = parser.parse_args(argv)
    if not 1 <= args.clients <= MAX_CLIENTS:
        parser.error(f"--clients must be 1..{MAX_CLIENTS}")
    if not 1 <= args.results <= MAX_RESULTS:
        parser.error(f"--results must be 1..{MAX_RESULTS}")
    redis_url = os.environ.get("TEST_REDIS_URL") or os.environ.get("REDIS_URL")
    servers = args.servers or (2 if redis_url else 1)
    if servers > 1 and not redis_url:
        parser.error("several servers need Redis: set TEST_REDIS_URL or REDIS_URL")
    servers = min(servers, 8)

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, max(soft, args.clients * 2 + 512))
    resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))

    with tempfile.TemporaryDirectory(prefix="ws-bench-") as tmp:
        env = dict(os.environ)
        env.update(SQLITE_PATH=str(Path(tmp) / "bench.sqlite3"), DEBUG="1", LOG_LEVEL="WARNING")
        env.pop("DATABASE_URL", None)
        if redis_url:
            env["REDIS_URL"] = redis_url
        else:
            env.pop("REDIS_URL", None)
        env["DJANGO_SETTINGS_MODULE"] = "config.settings"
        info = prepare_database(env, max(2, args.results))
        layer = "Redis" if redis_url else "in-memory"
        print(f"{args.clients} clients, {servers} {args.server} process(es), {layer} channel layer")
        procs = []
        try:
            for _ in range(servers):
                procs.append(start_server(env, args.server))
            asyncio.run(run(args, [port for _, port in procs], info))
        finally:
            for proc, _ in procs:
                proc.send_signal(signal.SIGTERM)
            for proc, _ in procs:
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()


if __name__ == "__main__":
    main_with_baseline(__file__, main)
