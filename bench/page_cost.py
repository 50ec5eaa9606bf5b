"""What one page of the rehearsal costs: CPU and queries per request of each page it loads.

    DATABASE_URL=postgres://eye:eye@127.0.0.1:5432/eye REDIS_URL=redis://127.0.0.1:6390/5 \\
        .venv/bin/python bench/page_cost.py [--requests 200] [--profile KIND] [--baseline REV]

The event is the rehearsal's (``bench/rehearsal.py``): 1,000 players after 2 played Swiss
rounds, round 3 open, half its tables' results in (as in the middle of the rush). It is built
once in the bench database (``<name>_bench``, as ``bench/result_cost.py``'s) and reused. Then,
in a child process with production settings (``DEBUG=0``, the cache in Redis), the pages the
rehearsal's clients load are asked through Django's test client, as its page clients and phones
ask them (anonymous, ``Accept: text/html``, no gzip): the standings, the round's pairings, the
event page and players' private pages (``/me/<token>/``, a different player each time).

Each kind is measured twice:

- **warm**: the same page asked again and again, the cache kept (what a page costs between two
  changes of the event);
- **cold**: the cache emptied before every request (what the first request after a restart or
  a new round costs);
- **changed**: a referee corrects one table's result before every request (not counted), the
  cache kept: what a request costs in the rush, where every result moves the round's page and
  the standings.

For each it prints the CPU of this process (``python``) and of its PostgreSQL backend
(``postgres``) per request, in ms, and the queries one request makes (counted once, cold and
warm). Figures vary with the machine; they are printed, never asserted. ``--kinds round,private``
measures only those. ``--profile KIND`` prints cProfile's top functions of the warm requests of
one kind instead (``PAGE_COST_COLD=1``: of the cold ones, ``PAGE_COST_CHANGED=1``: of the
changed ones, the corrections included; ``PAGE_COST_SORT=tottime``,
``PAGE_COST_LINES=60``, ``PAGE_COST_CALLERS=<pattern>`` shape the listing).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import subprocess
import sys
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from baseline import main_with_baseline  # noqa: E402 - bench/ is on the path

from bench.http_event import create_event, open_bench_database, play_rounds  # noqa: E402
from bench.http_load import production_env  # noqa: E402
from bench.result_cost import backend_cpu_seconds  # noqa: E402

SLUG = "page-cost"
PLAYERS = 1000
ROUNDS_BEFORE = 2
WARM_UP = 5
KINDS = ("standings", "round", "event", "private")
HEADERS = {"HTTP_ACCEPT": "text/html", "HTTP_X_FORWARDED_PROTO": "https"}


def build_event() -> None:
    """The rehearsal's event, built once: round 3 open with half its tables' results in."""
    from django.contrib.auth import get_user_model
    from django.db.models import Prefetch

    from common.audit.actor import Actor
    from matches.models import Seat
    from matches.services.results import enter_result
    from tournament.logic.simulated_games import random_battle
    from tournament.models import RoundStatus, Tournament

    tournament = Tournament.objects.filter(slug=SLUG).first()
    if tournament is not None and tournament.rounds.filter(status=RoundStatus.COMPLETE).count():
        return
    if tournament is not None:
        tournament.delete()
    started = time.monotonic()
    organiser, _ = get_user_model().objects.get_or_create(username="page-cost-organiser")
    tournament = create_event(SLUG, "Page cost", PLAYERS, organiser)
    play_rounds(tournament, ROUNDS_BEFORE, organiser, seed=3000)
    current = tournament.rounds.order_by("-number").first()
    seats = Seat.objects.select_related("entrant")
    matches = list(
        current.matches.filter(is_bye=False)
        .prefetch_related(Prefetch("seats", seats))
        .order_by("table_number")
    )
    import random

    rng = random.Random(3)
    for match in matches[: len(matches) // 2]:
        sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
        enter_result(match, random_battle("every_eye", sides, rng), Actor(user=organiser))
    print(f"built {SLUG} in {time.monotonic() - started:.0f} s", flush=True)


def page_paths() -> dict[str, list[str]]:
    """The paths of each kind of page (the private pages: every player's)."""
    from tournament.models import Entrant, Tournament

    tournament = Tournament.objects.get(slug=SLUG)
    number = tournament.rounds.order_by("-number").first().number
    tokens = Entrant.objects.filter(tournament=tournament).order_by("pk")
    return {
        "standings": [f"/events/{SLUG}/standings/"],
        "round": [f"/events/{SLUG}/rounds/{number}/"],
        "event": [f"/events/{SLUG}/"],
        "private": [f"/me/{token}/" for token in tokens.values_list("access_token", flat=True)],
    }


def measure(ask, paths: list[str], count: int, cold: bool, change=None) -> dict:
    """Ask ``count`` requests of ``paths`` in turn; CPU per request (ms) of both processes.
    ``change(i)``, when given, runs before each request (not counted)."""
    from django.core.cache import cache

    for i in range(WARM_UP):
        ask(paths[i % len(paths)])
    python = postgres = 0.0
    for i in range(count):
        if cold:
            cache.clear()
        if change is not None:
            change(i)
        started_pg, started = backend_cpu_seconds(), time.thread_time()
        ask(paths[(i + WARM_UP) % len(paths)])
        python += time.thread_time() - started
        postgres += backend_cpu_seconds() - started_pg
    return {"python": python / count * 1000, "postgres": postgres / count * 1000}


def result_corrections():
    """``change(i)``: a referee corrects one of round 3's results (a new random battle), as
    the rush moves one table and the standings at a time; committed, pushes sent."""
    import random

    from django.contrib.auth import get_user_model

    from common.audit.actor import Actor
    from matches.models import MatchStatus
    from matches.services.results import correct_result
    from matches.services.table_queries import read_match
    from tournament.logic.simulated_games import random_battle
    from tournament.models import Tournament

    current = Tournament.objects.get(slug=SLUG).rounds.order_by("-number").first()
    accepted = list(
        current.matches.filter(status=MatchStatus.ACCEPTED, is_bye=False)
        .prefetch_related("seats")
        .order_by("table_number")
    )
    referee = Actor(user=get_user_model().objects.get(username="page-cost-organiser"))
    rng = random.Random(37)

    def change(i: int) -> None:
        match = accepted[i % len(accepted)]
        sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
        report = random_battle("every_eye", sides, rng)
        correct_result(read_match(match.pk), report, referee, f"page cost {i}")

    return change


def queries_of(ask, path: str, cold: bool, change=None) -> int:
    """How many queries one request of ``path`` makes (the cache emptied first when ``cold``,
    after ``change`` when given)."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    if cold:
        cache.clear()
    else:
        ask(path)
    if change is not None:
        change(0)
    with CaptureQueriesContext(connection) as captured:
        ask(path)
    return len(captured)


def run_measurements(count: int, profile: str | None, kinds: list[str]) -> None:
    """The measuring child: production settings are in its environment before Django starts."""
    # no collected static files in a baseline's worktree: this bench serves none
    warnings.filterwarnings("ignore", message="No directory at", category=UserWarning)
    import django

    django.setup()
    from django.test import Client

    client = Client()

    def ask(path: str) -> None:
        response = client.get(path, **HEADERS)
        if response.status_code != 200:
            raise SystemExit(f"{path}: {response.status_code} {response.content[:300]!r}")
        client.cookies.clear()  # the page clients hold no session

    paths = page_paths()
    if profile:
        profiler = cProfile.Profile()
        cold = bool(os.environ.get("PAGE_COST_COLD"))  # profile the cold requests instead
        # or the changed ones (the corrections are in the profile too: read the view's line)
        moved = result_corrections() if os.environ.get("PAGE_COST_CHANGED") else None
        measure(ask, paths[profile], 5, cold=cold, change=moved)
        profiler.enable()
        measure(ask, paths[profile], count, cold=cold, change=moved)
        profiler.disable()
        stats = pstats.Stats(profiler).sort_stats(os.environ.get("PAGE_COST_SORT", "cumulative"))
        stats.print_stats(int(os.environ.get("PAGE_COST_LINES", "45")))
        if os.environ.get("PAGE_COST_CALLERS"):
            stats.print_callers(os.environ["PAGE_COST_CALLERS"])
        return
    change = result_corrections()
    for kind in kinds:
        for state in ("warm", "cold", "changed"):
            cold = state == "cold"
            moved = change if state == "changed" else None
            figures = measure(ask, paths[kind], count, cold, moved)
            queries = queries_of(ask, paths[kind][0], cold, moved)
            total = figures["python"] + figures["postgres"]
            print(
                f"{kind} {state}: python={figures['python']:.2f}ms "
                f"postgres={figures['postgres']:.2f}ms cpu={total:.2f}ms queries={queries}",
                flush=True,
            )


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--profile", choices=KINDS)
    parser.add_argument("--kinds", default=",".join(KINDS), help="which pages, comma-separated")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    count = max(20, min(args.requests, 5000))
    if args.measure:
        run_measurements(count, args.profile, [k for k in args.kinds.split(",") if k in KINDS])
        return
    database_url, redis_url = open_bench_database()
    build_event()  # built here, with eager tasks; measured in a child
    env = production_env(database_url, redis_url)
    env.update(DJANGO_SETTINGS_MODULE="config.settings", ALLOWED_HOSTS="testserver")
    env.update(DB_POOL_MIN="1", DB_POOL_MAX="1")  # one connection: one backend to read
    collect = [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"]
    subprocess.run(collect, cwd=ROOT, env=env, check=True)  # the pages name hashed files
    command = [sys.executable, __file__, "--measure", "--requests", str(count)]
    command += ["--kinds", args.kinds]
    if args.profile:
        command += ["--profile", args.profile]
    subprocess.run(command, cwd=ROOT, env=env, check=True)


if __name__ == "__main__":
    main_with_baseline(__file__, main)
