"""Rehearsal of a convention round against the compose process set, without containers.

    DATABASE_URL=postgres://eye:eye@127.0.0.1:5432/eye REDIS_URL=redis://127.0.0.1:6390/0 \\
        .venv/bin/python bench/rehearsal.py [--players 1000] [--window 60] [--pages 32]
    .venv/bin/python bench/rehearsal.py --quick      # 40 players, a 10 s window: a smoke test

The processes are compose.yaml's, each started by ``deploy/entrypoint.sh`` with its role
(``bench/rehearsal_services.py``): migrate and collectstatic once, two ``web`` (uvicorn, on two
ports, no proxy: the clients spread over them as Caddy would) and one ``worker`` (Celery), with
production settings, against PostgreSQL (its own database, ``<name>_rehearsal`` beside the one
in ``DATABASE_URL``, dropped and made again by the migrate role at each run: ``--database-url``
names another, whose name must say "rehearsal") and Redis (database 9 of ``REDIS_URL``'s server,
emptied before and after; ``--redis-url`` names another).

The event is built afresh each run (``bench/rehearsal_event.py``): ``--players`` players at
tables of four after ``--rounds-before`` Swiss rounds, the next round open. Then
(``bench/rehearsal_clients.py``): every player's phone holds its event socket, two projector
pages hold theirs (the round's clock, the pairings board) and ``--pages`` clients load the
public pages in a loop (``bench/rehearsal_pages.py``). The rush: every table reports and is
confirmed through the players' API door within ``--window`` seconds, spread at random. The
organiser then closes the round and pairs the next (the worker pairs it) and publishes it.

It prints: the seconds from the last confirmation to the last phone holding its next table
(the ``round.published`` push on every phone's socket; goal < 10 s), and to the last phone
whose reloaded page shows it; the pages' p99 during the rush (goal < 300 ms); the errors and
the lost messages (goal 0); each process's CPU in the rush and in the turnover, sampled from
``/proc`` (``bench/rehearsal_cpu.py``), and which one limits this machine. ``--baseline REV``
runs it at commit REV first, for the side-by-side figures. Figures vary with the machine; they
are printed, never asserted (the smoke test asserts only no errors and nothing lost).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import resource
import statistics
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

from bench import rehearsal_pages  # noqa: E402
from bench.http_event import bench_database_url, ensure_database, setup_django  # noqa: E402
from bench.rehearsal_clients import (  # noqa: E402
    Phone,
    Socket,
    Tally,
    run_board_projector,
    run_clock_projector,
    run_phone,
    run_table,
    turn_over,
)
from bench.rehearsal_cpu import Sampler, cpu_line, limit_note, process_groups  # noqa: E402
from bench.rehearsal_event import build  # noqa: E402
from bench.rehearsal_services import prepared_process_set, start_serving  # noqa: E402

QUICK = {"players": 40, "window": 10.0, "pages": 4, "rounds_before": 1}
REDIS_DB = 9
#: how long the phones may take to hear of the new round before they count as lost
PUSH_TIMEOUT = 120


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=1000, help="players, at tables of four")
    parser.add_argument("--window", type=float, default=60.0, help="seconds of the rush")
    parser.add_argument("--pages", type=int, default=32, help="page-loading clients")
    parser.add_argument("--rounds-before", type=int, default=2, help="rounds played before")
    parser.add_argument("--quick", action="store_true", help="40 players, a 10 s window")
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--database-url", help="default: <DATABASE_URL's name>_rehearsal")
    parser.add_argument("--redis-url", help=f"default: REDIS_URL's server, database {REDIS_DB}")
    args = parser.parse_args(argv)
    if args.quick:
        for name, value in QUICK.items():
            setattr(args, name, value)
    if not (8 <= args.players <= 2000 and args.players % 4 == 0):
        parser.error("--players must be a multiple of 4 from 8 to 2000")
    if not (1 <= args.window <= 600 and 1 <= args.pages <= 200 and 1 <= args.rounds_before <= 6):
        parser.error("--window 1-600 s, --pages 1-200, --rounds-before 1-6")
    return args


def service_urls(args) -> tuple[str, str]:
    """The rehearsal's database and Redis (both on the servers the environment names)."""
    database_url = args.database_url
    if not database_url:
        base = os.environ.get("DATABASE_URL", "")
        if not base.startswith("postgres"):
            raise SystemExit("set DATABASE_URL to a PostgreSQL server (or --database-url)")
        database_url = bench_database_url(base).removesuffix("_bench") + "_rehearsal"
    if "rehearsal" not in urlparse(database_url).path:
        raise SystemExit("the rehearsal drops its database first: its name must say rehearsal")
    redis_url = args.redis_url
    if not redis_url:
        base = os.environ.get("REDIS_URL") or os.environ.get("TEST_REDIS_URL")
        if not base:
            raise SystemExit("set REDIS_URL (or --redis-url)")
        redis_url = urlparse(base)._replace(path=f"/{REDIS_DB}").geturl()
    return database_url, redis_url


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def page_figures(records: list[tuple], start: float, end: float, label: str) -> tuple[str, int]:
    """The pages asked between two wall-clock times: a figures line, and the failed ones."""
    inside = [r for r in records if start <= r[0] <= end]
    failed = sum(1 for r in inside if r[2] != 200)
    ms = [r[1] for r in inside if r[2] == 200]
    line = (
        f"pages {label}: pages_loaded={len(inside)} page_p50_ms={percentile(ms, 0.5):.0f} "
        f"page_p99_ms={percentile(ms, 0.99):.0f} page_errors={failed}"
    )
    for kind in ("standings", "round", "event", "private"):
        mine = [r for r in inside if r[3] == kind]
        kind_ms = [r[1] for r in mine if r[2] == 200]
        line += (
            f"\n  {kind}: loaded={len(mine)} p50_ms={percentile(kind_ms, 0.5):.0f} "
            f"p99_ms={percentile(kind_ms, 0.99):.0f} max_ms={max(kind_ms, default=0):.0f} "
            f"errors={sum(1 for r in mine if r[2] != 200)}"
        )
    return line, failed


async def rehearse(args, info: dict, services) -> dict:
    """Connect everyone, run the rush and the turnover; the raw figures."""
    ports, tally, rng = services.ports, Tally(), random.Random(args.seed)
    info["next"] = info["number"] + 1
    limit = asyncio.Semaphore(100)  # handshakes in flight, as phones arrive over minutes
    phones = [Phone(token, ports[i % len(ports)]) for i, token in enumerate(info["tokens"])]
    sockets = [Socket(p.port, "", tally) for p in phones]
    phone_tasks = [
        asyncio.create_task(run_phone(p, s, info, tally, limit, random.Random(i)))
        for i, (p, s) in enumerate(zip(phones, sockets, strict=True))
    ]
    accepted: set[int] = set()
    clock = asyncio.create_task(run_clock_projector(info, ports[0], tally, limit, accepted))
    board = asyncio.create_task(run_board_projector(info, ports[-1], tally, limit))
    started = time.perf_counter()
    while not all(s.connected.is_set() for s in sockets):
        await asyncio.sleep(0.2)
        if time.perf_counter() - started > 300:
            raise SystemExit("the phones could not all connect in 5 minutes")
    print(f"{len(phones)} phones connected in {time.perf_counter() - started:.1f} s", flush=True)

    context = multiprocessing.get_context("spawn")
    stop, results = context.Event(), context.Queue()
    paths = rehearsal_pages.page_paths(info["slug"], info["number"], info["tokens"], 50, args.seed)
    loader = context.Process(
        target=rehearsal_pages.run, args=(ports, args.pages, paths, stop, results), daemon=True
    )
    loader.start()
    sampler = Sampler(process_groups(services.pids(), info["database"], [os.getpid(), loader.pid]))
    sampling = asyncio.create_task(sampler.run())
    try:
        await asyncio.sleep(3)  # the page clients get going
        rush_wall, rush = time.time(), time.perf_counter()
        table_ports = {p.token: p.port for p in phones}
        await asyncio.gather(
            *(run_table(t, table_ports, args.window, tally, rng) for t in info["tables"])
        )
        last_confirmation = max(tally.confirmed_at, default=time.perf_counter())
        rush_end_wall = time.time() - (time.perf_counter() - last_confirmation)
        moments = await turn_over(info, ports[0], tally)
        await asyncio.wait(phone_tasks, timeout=PUSH_TIMEOUT)
        turnover_end = time.perf_counter()
        stop.set()
        records = await asyncio.to_thread(results.get, timeout=60)
        await asyncio.sleep(1)  # the projector hears the last acceptances still in flight
    finally:
        stop.set()
        loader.join(10)
        if loader.is_alive():
            loader.terminate()
        for task in [*phone_tasks, clock, board, sampling]:
            task.cancel()
    done = await asyncio.gather(board, return_exceptions=True)
    return {
        "phones": phones,
        "tally": tally,
        "accepted": accepted,
        "board": done[0] is True,
        "moments": moments,
        "last_confirmation": last_confirmation,
        "rush": (rush, last_confirmation),
        "rush_wall": (rush_wall, rush_end_wall),
        "turnover": (last_confirmation, turnover_end),
        "records": records,
        "sampler": sampler,
    }


def report(args, info: dict, run: dict, server_errors: int) -> None:
    """Print the figures (``key=value``, for ``--baseline``)."""
    phones, tally, last = run["phones"], run["tally"], run["last_confirmation"]
    pushed = [p.published_at - last for p in phones if p.published_at]
    shown = [p.shown_at - last for p in phones if p.shown_at]
    moments = {k: v - last for k, v in run["moments"].items()}
    print(
        f"players={len(phones)} tables={len(info['tables'])} window_s={args.window:.0f} "
        f"page_clients={args.pages}"
    )
    print(
        f"turnover: close_and_pair_s={moments['closed']:.2f} paired_s={moments['paired']:.2f} "
        f"published_s={moments['published']:.2f} (after the last confirmation)"
    )
    print(
        f"last_confirmation_to_last_phone_s={max(pushed, default=float('nan')):.2f} (goal < 10) "
        f"push_p50_s={statistics.median(pushed) if pushed else float('nan'):.2f} "
        f"last_page_showing_it_s={max(shown, default=float('nan')):.2f}"
    )
    rush_line, rush_failed = page_figures(run["records"], *run["rush_wall"], "in the rush")
    print(f"{rush_line} (goal p99 < 300)")
    turnover_wall = (run["rush_wall"][1], run["rush_wall"][1] + run["turnover"][1] - last)
    turnover_line, turnover_failed = page_figures(run["records"], *turnover_wall, "at turnover")
    print(turnover_line)
    lost_phones = sum(1 for p in phones if p.published_at is None)
    lost_tables = len(info["tables"]) - len(run["accepted"])
    lost = lost_phones + lost_tables + (0 if run["board"] else 1)
    errors = sum(tally.errors.values()) + rush_failed + turnover_failed + server_errors
    print(f"errors={errors} lost={lost} (goal 0)")
    print(f"busy: phone_reloads_answered_503_then_asked_again={tally.busy}")
    if errors or lost:
        print(f"  errors by kind: {dict(tally.errors)}; ERROR lines in the logs: {server_errors}")
        board = "heard" if run["board"] else "missed"
        print(
            f"  lost: {lost_phones} phones never heard of the new round, the clock projector "
            f"missed {lost_tables} tables' results, the board {board} it"
        )
    for label, (start, end) in (("rush", run["rush"]), ("turnover", run["turnover"])):
        average, peak = run["sampler"].usage(start, end)
        print(cpu_line(f"cpu {label} (cores, average)", average))
        print(cpu_line(f"cpu {label} (cores, busiest second)", peak))
        print(f"{label} {limit_note(average, peak)}")


def main(argv: list[str] | None = None) -> None:
    args = arguments(argv)
    database_url, redis_url = service_urls(args)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(
        resource.RLIMIT_NOFILE, (min(hard, max(soft, 4 * args.players + 1024)), hard)
    )
    ensure_database(database_url, fresh=True)
    redis.Redis.from_url(redis_url).flushdb()
    with tempfile.TemporaryDirectory(prefix="rehearsal-") as workdir:
        services = prepared_process_set(database_url, redis_url, Path(workdir))
        # the organiser's session is signed with the servers' key
        os.environ["SECRET_KEY"] = services.env["SECRET_KEY"]
        setup_django(database_url)
        info = build(args.players, args.rounds_before, args.seed)
        info["database"] = urlparse(database_url).path.lstrip("/")
        connections.close_all()
        start_serving(services)
        print(f"web processes on ports {services.ports}, a worker; {args.pages} page clients")
        try:
            run = asyncio.run(rehearse(args, info, services))
        finally:
            services.stop()
            redis.Redis.from_url(redis_url).flushdb()
        report(args, info, run, services.errors_logged())


if __name__ == "__main__":
    main_with_baseline(__file__, main)
