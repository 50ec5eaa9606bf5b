"""HTTP load: the public standings page and result submission against several ASGI processes.

    DATABASE_URL=postgres://eye:eye@127.0.0.1:5432/eye REDIS_URL=redis://127.0.0.1:6390/0 \\
        .venv/bin/python bench/http_load.py [--servers 2] [--server uvicorn|daphne] \\
        [--clients 32] [--seconds 20]

It works in its own PostgreSQL database (``<name>_bench`` next to the one in ``DATABASE_URL``,
created and migrated when missing) and builds there, once, a public event of 2,000 players
after 5 Swiss rounds (bulk inserts for the players, the services for rounds and results), with
round 6 published and open. Later runs reuse it (``--rebuild`` starts again), pairing round 6
again when an earlier run left results on it.

Then it collects the static files and starts ``--servers`` ASGI processes (uvicorn or daphne)
with production settings (``DEBUG=0``; no HTTPS redirect, there is no TLS proxy on loopback)
and ``REDIS_URL`` set. There is no proxy here: the clients spread their connections round-robin
over the processes' ports. Two phases run from ``--clients`` concurrent keep-alive connections
on 127.0.0.1 (asyncio, a minimal HTTP/1.1 client, so the client costs little CPU), each bounded
by ``--seconds`` and ``--max-requests``:

1. ``GET /events/<slug>/standings/``;
2. ``POST /api/v1/matches/{id}/results/`` with a referee's token: first an entry on each open
   match of round 6, then ``results/correct/`` with a reason, round-robin over the matches.

It prints requests/s, p50/p99 latency and errors for each phase, and the CPU each request cost
the servers, PostgreSQL and the whole machine (``bench/cpu_usage.py``, from ``/proc``). The
servers run with the result rate limit raised (``RATE_LIMIT_RESULTS``): one referee token
posting 100 results a second is the bench's shape, not a venue's. Figures vary with the
machine; they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
sys.path.insert(0, str(ROOT))
import cpu_usage  # noqa: E402 - bench/ is on the path
from baseline import main_with_baseline  # noqa: E402 - bench/ is on the path

from bench.http_event import (  # noqa: E402
    PLAYERS,
    ROUNDS,
    build_event,
    open_bench_database,
)
from config.asgi_servers import SERVERS, asgi_command  # noqa: E402

# --- servers ---------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def production_env(database_url: str, redis_url: str) -> dict:
    """The servers' environment: production settings (``DEBUG=0``), plain HTTP on loopback.

    There is no TLS proxy in front of the bench, so the HTTPS redirect is off; everything else
    is as ``docs/operations.md`` deploys it.
    """
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",
        LOG_LEVEL="WARNING",
        RATE_LIMIT_RESULTS="1000000/1m",
        DB_POOL_MIN="2",
        DB_POOL_MAX="10",
    )
    return env


def start_servers(count: int, database_url: str, redis_url: str, kind: str) -> list[tuple]:
    env = production_env(database_url, redis_url)
    subprocess.run(
        [str(BIN / "python"), "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    servers = []
    for _ in range(count):
        port = free_port()
        proc = subprocess.Popen(
            asgi_command(kind, port, BIN),
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        servers.append((proc, port))
    deadline = time.monotonic() + 40
    for proc, port in servers:
        while True:
            if proc.poll() is not None:
                raise SystemExit(f"a {kind} process exited at start")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                break
            if time.monotonic() > deadline:
                raise SystemExit(f"{kind} did not start in 40 s")
            time.sleep(0.1)
    return servers


def stop_servers(servers) -> None:
    for proc, _ in servers:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
    for proc, _ in servers:
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


# --- a minimal keep-alive HTTP/1.1 client ----------------------------------------------


class Connection:
    def __init__(self, port: int):
        self.port = port
        self.reader = self.writer = None
        self.last_headers: dict[str, str] = {}  # the last answer's (lower-case names)

    async def request(self, method: str, path: str, headers: dict, body: bytes = b"") -> int:
        return (await self.exchange(method, path, headers, body))[0]

    async def exchange(
        self, method: str, path: str, headers: dict, body: bytes = b""
    ) -> tuple[int, bytes]:
        """Send one request; the answer's status and body."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        lines.append(f"Content-Length: {len(body)}")
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        await self.writer.drain()
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split()[1])
        fields = {}
        for line in header_lines:
            if ":" in line:
                k, v = line.split(":", 1)
                fields[k.strip().lower()] = v.strip()
        content = b""
        if "content-length" in fields:
            content = await self.reader.readexactly(int(fields["content-length"]))
        elif fields.get("transfer-encoding") == "chunked":
            chunks = []
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).strip(), 16)
                chunks.append((await self.reader.readexactly(size + 2))[:-2])
                if size == 0:
                    break
            content = b"".join(chunks)
        self.last_headers = fields
        if fields.get("connection", "").lower() == "close":
            self.close()
        return status, content

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def run_phase(
    name, ports, clients, seconds, max_requests, make_request, expected, server_pids=()
):
    latencies: list[float] = []
    errors: dict[str, int] = {}
    issued = 0
    deadline = time.monotonic() + seconds

    async def client(index):
        nonlocal issued
        conn = Connection(ports[index % len(ports)])
        while time.monotonic() < deadline and issued < max_requests:
            issued += 1
            method, path, headers, body = make_request(issued)
            started = time.perf_counter()
            try:
                status = await asyncio.wait_for(conn.request(method, path, headers, body), 30)
            except Exception as exc:  # noqa: BLE001 - counted as an error
                errors[type(exc).__name__] = errors.get(type(exc).__name__, 0) + 1
                conn.close()
                continue
            latencies.append(time.perf_counter() - started)
            if status not in expected:
                errors[str(status)] = errors.get(str(status), 0) + 1
        conn.close()

    cpu_before = cpu_usage.snapshot(list(server_pids))
    started = time.monotonic()
    await asyncio.gather(*(client(i) for i in range(clients)))
    elapsed = time.monotonic() - started
    cpu_after = cpu_usage.snapshot(list(server_pids))
    done = len(latencies)
    ms = sorted(x * 1000 for x in latencies) or [0.0]
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(
        f"{name}: {done} requests in {elapsed:.1f} s = {done / elapsed:.0f} req/s; "
        f"p50 {statistics.median(ms):.0f} ms, p99 {p99:.0f} ms; "
        f"errors {sum(errors.values())} {errors or ''}",
        flush=True,
    )
    if server_pids:
        print(f"{name}: {cpu_usage.per_request(cpu_before, cpu_after, done)}", flush=True)
    return done / elapsed, p99, errors


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--server", choices=SERVERS, default="uvicorn")
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--max-requests", type=int, default=50_000)
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--phase", choices=["all", "standings", "results"], default="all")
    args = parser.parse_args(argv)
    args.clients = max(1, min(args.clients, 500))
    args.seconds = max(1.0, min(args.seconds, 120.0))

    database_url, redis_url = open_bench_database()
    event = build_event(args.rebuild)
    print(
        f"event {event['slug']}: {PLAYERS} players, {ROUNDS} rounds played, "
        f"{len(event['matches'])} tables in round 6 ({len(event['open'])} open)"
    )

    servers = start_servers(args.servers, database_url, redis_url, args.server)
    ports = [port for _, port in servers]
    server_pids = [proc.pid for proc, _ in servers]
    print(f"{len(ports)} {args.server} processes on ports {ports}; {args.clients} clients")
    try:
        if args.phase in ("all", "standings"):
            path = f"/events/{event['slug']}/standings/"
            asyncio.run(
                run_phase("warm-up", ports, 4, 3, 200, lambda i: ("GET", path, {}, b""), {200})
            )
            asyncio.run(
                run_phase(
                    "standings page",
                    ports,
                    args.clients,
                    args.seconds,
                    args.max_requests,
                    lambda i: ("GET", path, {}, b""),
                    {200},
                    server_pids,
                )
            )
        if args.phase in ("all", "results"):
            auth = {"Authorization": f"Token {event['token']}", "Content-Type": "application/json"}
            fresh = list(event["open"])
            # Corrections go round the tables in the order their entries went out, so the
            # first correction of a table comes hundreds of requests after its entry (never
            # before it: an entry after a correction is a 409, rightly).
            opened = set(fresh)
            already = [pk for pk in event["matches"] if pk not in opened]
            matches = list(reversed(fresh)) + already
            entries = len(fresh)

            def result_request(i):
                if fresh:
                    pk = fresh.pop()
                    body = {"report": event["bodies"][pk][0]}
                    return "POST", f"/api/v1/matches/{pk}/results/", auth, json.dumps(body).encode()
                pk = matches[(i - entries - 1) % len(matches)]
                body = {"report": event["bodies"][pk][i % 3], "reason": f"bench correction {i}"}
                path = f"/api/v1/matches/{pk}/results/correct/"
                return "POST", path, auth, json.dumps(body).encode()

            asyncio.run(
                run_phase(
                    "result submission",
                    ports,
                    args.clients,
                    args.seconds,
                    args.max_requests,
                    result_request,
                    {201},
                    server_pids,
                )
            )
    finally:
        stop_servers(servers)


if __name__ == "__main__":
    main_with_baseline(__file__, main)
