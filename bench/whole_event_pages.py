"""The pages of a whole simulated event (``bench/whole_event.py --pages``): what an organiser
and a player open, each fetched with Django's test client (the organiser signed in where the
page is theirs), on the finished event of the size just played.

For each page (after one unmeasured fetch of the home page, so that the process's own first
use is not counted): the first fetch (``cold_ms``: its template compiled on first use, the
event's caches empty, as after a result), the best of the next two (``warm_ms``), each also
as this process's processor time (``cpu_ms``: on SQLite the queries' work included, on
PostgreSQL not; the figure a loaded machine does not inflate), its SQL statements and size.
The round pages show the last Swiss round (its first page of tables); the console's round page
is also opened while that round is still a draft (``draft_paths``).
"""

from __future__ import annotations

import time

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tournament.models import StageKind, Tournament

WARM_FETCHES = 2


def last_swiss_round(tournament: Tournament) -> int:
    return tournament.rounds.filter(stage__kind=StageKind.SWISS).order_by("-number").first().number


def draft_paths(tournament: Tournament) -> list[tuple[str, str, bool]]:
    """The pages of the last Swiss round while it is a draft (before its tables go up): the
    console's round page then carries the seat-swap form with every player in it."""
    event = f"/events/{tournament.slug}/"
    round_path = f"{event}manage/rounds/{last_swiss_round(tournament)}/"
    return [("console_round_draft", round_path, True)]


def page_paths(tournament: Tournament) -> list[tuple[str, str, bool]]:
    """(name, path, signed in as the organiser) of every page measured on the finished event."""
    event = f"/events/{tournament.slug}/"
    last_swiss = last_swiss_round(tournament)
    round_path = f"{event}manage/rounds/{last_swiss}/"
    entrant = tournament.entrants.order_by("seed").first()
    return [
        ("event_home", event, False),
        ("round_tables_public", f"{event}rounds/{last_swiss}/", False),
        ("standings", f"{event}standings/", False),
        ("bracket", f"{event}bracket/", False),
        ("player_table", f"/me/{entrant.access_token}/", False),
        ("player_page", f"{event}entrants/{entrant.pk}/", False),
        ("console_home", f"{event}manage/", True),
        ("console_round", round_path, True),
        ("desk", f"{event}desk/?round={last_swiss}", True),
        ("board_clock", f"{round_path}clock/", True),
        ("board_pairings", f"{round_path}board/", True),
        ("board_standings", f"{event}manage/standings-board/", True),
    ]


def fetch(client: Client, path: str) -> tuple[float, float, int, int]:
    """One fetch: (milliseconds, processor milliseconds of this process, SQL statements,
    kilobytes); stops on an error status."""
    with CaptureQueriesContext(connection) as queries:
        began, cpu = time.perf_counter(), time.process_time()
        response = client.get(path)
        content = b"".join(response) if response.streaming else response.content
        spent = (time.perf_counter() - began) * 1000
        used = (time.process_time() - cpu) * 1000
    if response.status_code != 200:
        raise SystemExit(f"{path}: HTTP {response.status_code}")
    return spent, used, len(queries), len(content) // 1024


def open_pages(tournament: Tournament, label: str, paths: list[tuple[str, str, bool]]) -> None:
    """Fetch every page of ``paths`` (cold, then warm) and print one line of figures each."""
    public, organiser = Client(), Client()
    organiser.force_login(tournament.organiser)
    public.get("/")  # the process's first request (imports, the URL map) is no page's cost
    slowest = 0.0
    for name, path, signed_in in paths:
        client = organiser if signed_in else public
        cold, cold_cpu, queries, size = fetch(client, path)
        warm, warm_cpu = min(fetch(client, path)[:2] for _ in range(WARM_FETCHES))
        slowest = max(slowest, cold)
        print(
            f"  {label} page={name} cold_ms={cold:.0f} cold_cpu_ms={cold_cpu:.0f} "
            f"warm_ms={warm:.0f} warm_cpu_ms={warm_cpu:.0f} queries={queries} kb={size}",
            flush=True,
        )
    if len(paths) > 1:
        print(f"  {label} pages_slowest_cold_ms={slowest:.0f}", flush=True)
