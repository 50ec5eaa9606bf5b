"""Where a result submission's CPU goes: the result service alone, then the whole API request.

    DATABASE_URL=postgres://eye:eye@127.0.0.1:5432/eye REDIS_URL=redis://127.0.0.1:6390/0 \\
        .venv/bin/python bench/result_cost.py [--corrections 400] [--baseline REV]

It uses the event of ``bench/http_load.py`` (its own ``<name>_bench`` database, built once) and
measures, one correction at a time in this process, with production settings and pushes to
Redis as on a server:

- **service**: ``correct_result`` called directly on the match, as every door calls it (the
  lock, the engine's scoring, the new version, the seats, the running totals, the audit entry,
  the commit and the pushes after it);
- **request**: ``POST /api/v1/matches/{id}/results/correct/`` with a referee's token through
  Django's test client: the same service behind the middleware, DRF's authentication,
  permissions and body validation, and the response.

Each prints the CPU one correction cost this process (``python``) and its PostgreSQL backend
(``postgres``, from ``/proc``; one pooled connection), and the rate the machine's cores could
reach if they did nothing else (``ceiling``). The gap between the two lines is what the HTTP
stack costs; an ASGI server's own work (the event loop, the thread hop) and the load generator
come on top and are measured by ``bench/http_load.py``. The two are measured in turn, twice,
and the lower figure of each is printed. Figures vary with the machine; they are printed,
never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from baseline import main_with_baseline  # noqa: E402 - bench/ is on the path

from bench.http_event import (  # noqa: E402
    build_event,
    open_bench_database,
)
from bench.http_load import production_env  # noqa: E402

WARM_UP = 20
TABLES = 40


def backend_cpu_seconds() -> float:
    """CPU time used so far by the PostgreSQL backend of this process's connection."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(name: str, correct, count: int) -> dict:
    """Run ``correct(i)`` ``count`` times; the CPU and wall time of one, in ms."""
    for i in range(WARM_UP):
        correct(i)
    postgres = backend_cpu_seconds()
    cpu, wall = time.thread_time(), time.perf_counter()
    for i in range(count):
        correct(i)
    cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
    postgres = backend_cpu_seconds() - postgres
    return {
        "name": name,
        "python": cpu / count * 1000,
        "postgres": postgres / count * 1000,
        "wall": wall / count * 1000,
    }


def report(figures: dict) -> None:
    total = figures["python"] + figures["postgres"]
    ceiling = (os.cpu_count() or 1) * 1000 / total
    print(
        f"{figures['name']}: python={figures['python']:.2f}ms postgres={figures['postgres']:.2f}ms "
        f"cpu={total:.2f}ms wall={figures['wall']:.2f}ms "
        f"ceiling={ceiling:.0f}/s on {os.cpu_count()} cores"
    )


def run_measurements(count: int) -> None:
    """The measuring child: production settings are in its environment before Django starts."""
    # no collected static files in a baseline's worktree: this bench serves none
    warnings.filterwarnings("ignore", message="No directory at", category=UserWarning)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.test import Client

    from common.audit.actor import Actor
    from common.audit.channels import Channel
    from matches.services.results import correct_result
    from matches.services.table_queries import read_match

    event = build_event(False)
    tables = event["matches"][:TABLES]
    bodies = event["bodies"]
    client = Client()
    headers = {"HTTP_AUTHORIZATION": f"Token {event['token']}"}
    referee = Actor(
        user=get_user_model().objects.get(username="bench-desk-referee"), channel=Channel.API
    )

    def post(path: str, body: dict) -> None:
        response = client.post(path, json.dumps(body), content_type="application/json", **headers)
        if response.status_code != 201:
            raise SystemExit(f"{path}: {response.status_code} {response.content[:300]!r}")

    for pk in tables:  # every table gets its entry first; then only corrections follow
        post(f"/api/v1/matches/{pk}/results/", {"report": bodies[pk][0]})

    def through_service(i: int) -> None:
        pk = tables[i % len(tables)]
        correct_result(read_match(pk), bodies[pk][i % 3], referee, f"bench correction {i}")

    def through_request(i: int) -> None:
        pk = tables[i % len(tables)]
        body = {"report": bodies[pk][i % 3], "reason": f"bench correction {i}"}
        post(f"/api/v1/matches/{pk}/results/correct/", body)

    runs = {"service": [], "request": []}
    for _ in range(2):
        runs["service"].append(measure("service", through_service, count))
        runs["request"].append(measure("request", through_request, count))
    best = {
        name: min(found, key=lambda f: f["python"] + f["postgres"]) for name, found in runs.items()
    }
    report(best["service"])
    report(best["request"])
    gap = {key: best["request"][key] - best["service"][key] for key in ("python", "postgres")}
    print(
        f"http stack: python={gap['python']:.2f}ms postgres={gap['postgres']:.2f}ms "
        "(the request minus the service)"
    )


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corrections", type=int, default=400)
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    count = max(50, min(args.corrections, 5000))
    if args.measure:
        run_measurements(count)
        return
    database_url, redis_url = open_bench_database()
    build_event(args.rebuild)  # built here, with eager tasks; measured in a child
    env = production_env(database_url, redis_url)
    env.update(DJANGO_SETTINGS_MODULE="config.settings", ALLOWED_HOSTS="testserver")
    env.update(DB_POOL_MIN="1", DB_POOL_MAX="1")  # one connection: one backend to read
    command = [sys.executable, __file__, "--measure", "--corrections", str(count)]
    subprocess.run(command, cwd=ROOT, env=env, check=True)


if __name__ == "__main__":
    main_with_baseline(__file__, main)
