"""A registration rush against the compose process set (issue 36, proof 2): 1,000 people
register for 300 places from 32 clients at once.

    DATABASE_URL=postgres://eye:eye@127.0.0.1:5432/eye REDIS_URL=redis://127.0.0.1:6390/0 \\
        .venv/bin/python bench/registration_rush.py [--people 1000] [--places 300] [--clients 32]
    .venv/bin/python bench/registration_rush.py --quick    # 100 people, 30 places, 8 clients

The processes are the rehearsal's (``bench/rehearsal_services.py``: migrate and collectstatic
once, two ``web`` uvicorn processes and a Celery ``worker`` started by ``deploy/entrypoint.sh``
with production settings) against PostgreSQL (its own database, ``<name>_registration_rush``
beside the one in ``DATABASE_URL``, dropped and made again at each run: ``--database-url`` names
another, whose name must say "rush") and Redis (database 10 of ``REDIS_URL``'s server, emptied
before and after; ``--redis-url`` names another).

The event (``bench/registration_rush_event.py``) opens ``--places`` places with a waitlist;
each of ``--people`` accounts holds an API token. ``--clients`` clients (asyncio, one
connection each, spread over the two ports as Caddy would) take the people in turn and send
each one's registration, ``POST /api/v1/tournaments/<slug>/registrations/``, from an address
of its own (``X-Forwarded-For``, as Caddy passes it: the rate limits count per address).

Each web process first answers one request (the list of the first person's registrations),
untimed, so that the figures leave out the processes' first imports. It prints the registered
and waitlisted counts the answers gave and the database holds, the errors (an answer other
than 201 or 200, a connection that failed, an ERROR line in a process's log, a place given
beyond the capacity or out of arrival order; goal 0) and the latency's p50/p99 (goal p99 <
500 ms on the 2-core machine). ``--baseline REV`` runs it at commit REV
first. Figures vary with the machine; they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

import redis
from django.db import connections

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from baseline import main_with_baseline  # noqa: E402 - bench/ is on the path

from bench.http_event import bench_database_url, ensure_database, setup_django  # noqa: E402
from bench.http_load import Connection  # noqa: E402
from bench.registration_rush_event import build, outcome  # noqa: E402
from bench.rehearsal import percentile  # noqa: E402
from bench.rehearsal_pages import PROXY_HEADERS  # noqa: E402
from bench.rehearsal_services import prepared_process_set, start_serving  # noqa: E402

QUICK = {"people": 100, "places": 30, "clients": 8}
REDIS_DB = 10
REGISTER_PATH = "/api/v1/tournaments/{slug}/registrations/"


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--people", type=int, default=1000, help="accounts that register")
    parser.add_argument("--places", type=int, default=300, help="the event's capacity")
    parser.add_argument("--clients", type=int, default=32, help="concurrent clients")
    parser.add_argument("--quick", action="store_true", help="100 people, 30 places, 8 clients")
    parser.add_argument("--database-url", help="default: <DATABASE_URL's name>_registration_rush")
    parser.add_argument("--redis-url", help=f"default: REDIS_URL's server, database {REDIS_DB}")
    args = parser.parse_args(argv)
    if args.quick:
        for name, value in QUICK.items():
            setattr(args, name, value)
    if not (1 <= args.places <= args.people <= 10_000 and 1 <= args.clients <= 200):
        parser.error("1 <= --places <= --people <= 10000, --clients 1-200")
    return args


def service_urls(args) -> tuple[str, str]:
    """The rush's database (``--database-url``, or ``<DATABASE_URL's name>_registration_rush``
    on its server) and Redis (``--redis-url``, or database 10 of ``REDIS_URL``'s server)."""
    base = os.environ.get("DATABASE_URL", "")
    if not (args.database_url or base.startswith("postgres")):
        raise SystemExit("set DATABASE_URL to a PostgreSQL server (or --database-url)")
    database_url = args.database_url or bench_database_url(base).replace(
        "_bench", "_registration_rush"
    )
    if "rush" not in urlparse(database_url).path:
        raise SystemExit("the rush drops its database first: its name must say rush")
    servers = args.redis_url or os.environ.get("REDIS_URL") or os.environ.get("TEST_REDIS_URL")
    if not servers:
        raise SystemExit("set REDIS_URL (or --redis-url)")
    redis_url = args.redis_url or urlparse(servers)._replace(path=f"/{REDIS_DB}").geturl()
    return database_url, redis_url


def address(index: int) -> str:
    """The person's own address, as Caddy passes it on (one per person, 10.x.y.z)."""
    return f"10.{index // 65536 % 256}.{index // 256 % 256}.{index % 256}"


async def rush(slug: str, keys: list[str], ports: list[int], clients: int) -> dict:
    """Every person registers once, ``clients`` at a time; the answers and their latencies."""
    waiting = collections.deque(enumerate(keys))
    statuses: collections.Counter = collections.Counter()
    errors: collections.Counter = collections.Counter()
    latencies: list[float] = []
    path = REGISTER_PATH.format(slug=slug)

    async def client(number: int) -> None:
        conn = Connection(ports[number % len(ports)])
        try:
            while waiting:
                index, key = waiting.popleft()
                headers = {
                    **PROXY_HEADERS,
                    "Authorization": f"Token {key}",
                    "X-Forwarded-For": address(index),
                    "Content-Type": "application/json",
                    "Accept": "application/json",
                }
                body = json.dumps({"name": f"Rusher {index:05d}"}).encode()
                started = time.perf_counter()
                try:
                    code, content = await asyncio.wait_for(
                        conn.exchange("POST", path, headers, body), 60
                    )
                except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError) as exc:
                    errors[type(exc).__name__] += 1
                    conn.close()
                    continue
                latencies.append((time.perf_counter() - started) * 1000)
                if code not in (200, 201):
                    errors[f"HTTP {code}"] += 1
                    continue
                statuses[json.loads(content).get("status", "?")] += 1
        finally:
            conn.close()

    for port in ports:  # each process answers one API request before the clock starts
        warm = Connection(port)
        await warm.exchange("GET", path, {**PROXY_HEADERS, "Authorization": f"Token {keys[0]}"})
        warm.close()
    started = time.perf_counter()
    await asyncio.gather(*(client(n) for n in range(clients)))
    return {
        "statuses": statuses,
        "errors": errors,
        "latencies": latencies,
        "seconds": time.perf_counter() - started,
    }


def report(args, run: dict, held: dict, server_errors: int) -> None:
    """Print the figures (``key=value``, for ``--baseline``)."""
    statuses, ms = run["statuses"], run["latencies"]
    stored = held["by_status"]
    over = max(0, stored.get("registered", 0) - args.places) + max(
        0, held["entrants"] - args.places
    )
    order = 0 if held["in_arrival_order"] else 1
    errors = sum(run["errors"].values()) + server_errors + over + order
    print(f"people={args.people} places={args.places} clients={args.clients}")
    print(
        f"registered={statuses['registered']} waitlisted={statuses['waitlisted']} "
        f"stored_registered={stored.get('registered', 0)} "
        f"stored_waitlisted={stored.get('waitlisted', 0)} entrants={held['entrants']}"
    )
    print(
        f"errors={errors} (goal 0) p50_ms={percentile(ms, 0.5):.0f} "
        f"p99_ms={percentile(ms, 0.99):.0f} (goal p99 < 500) "
        f"registrations_per_s={len(ms) / run['seconds']:.0f}"
    )
    if errors:
        print(
            f"  by kind: {dict(run['errors'])}; ERROR lines in the logs: {server_errors}; "
            f"places beyond the capacity: {over}; places out of arrival order: {order}"
        )


def main(argv: list[str] | None = None) -> None:
    args = arguments(argv)
    database_url, redis_url = service_urls(args)
    ensure_database(database_url, fresh=True)
    redis.Redis.from_url(redis_url).flushdb()
    with tempfile.TemporaryDirectory(prefix="registration-rush-") as workdir:
        services = prepared_process_set(database_url, redis_url, Path(workdir))
        setup_django(database_url)
        info = build(args.people, args.places)
        connections.close_all()
        start_serving(services)
        print(f"web processes on ports {services.ports}, a worker; {args.clients} clients")
        try:
            run = asyncio.run(rush(info["slug"], info["tokens"], services.ports, args.clients))
        finally:
            services.stop()
            redis.Redis.from_url(redis_url).flushdb()
        report(args, run, outcome(info["tournament"]), services.errors_logged())


if __name__ == "__main__":
    main_with_baseline(__file__, main)
