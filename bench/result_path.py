"""The path of a player's result through the code: which project files one report and one
confirmation run, and how many queries each makes.

    .venv/bin/python bench/result_path.py [--files] [--baseline REV]

On a scratch SQLite file, an event of six players (two tables of three) that accepts a report
on one opponent's confirmation: at the first table a side reports and another confirms through
``POST /me/<token>/`` (Django's test client, as the form sends it), to warm the caches and
imports; at the second table the same two posts are measured. A profile function
(``sys.setprofile``, and ``threading.setprofile`` for the threads a push may run in) records
every function called while they run; the project's files among them (not Django, not any
installed package, not this bench) are counted, with their packages (top-level folders),
and ``--files`` lists them in the order they were first entered. ``CaptureQueriesContext``
counts each post's queries. docs/architecture.md ("Life of a result") quotes the figures.
"""

import argparse
import os
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from baseline import main_with_baseline  # noqa: E402 - bench/ is on the path

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
os.environ.pop("DATABASE_URL", None)
os.environ.pop("REDIS_URL", None)


class FileRecorder:
    """The project files whose functions run while ``recording``, in the order first entered."""

    def __init__(self, root: Path):
        self.root = str(root) + os.sep
        self.skip = (str(root / ".venv"), str(root / "bench"))
        self.recording = False
        self.seen: dict[str, None] = {}

    def __call__(self, frame, event, arg):
        if self.recording and event == "call":
            name = frame.f_code.co_filename
            known = name in self.seen or not name.startswith(self.root)
            if not known and not name.startswith(self.skip):
                self.seen[name] = None

    def install(self) -> None:
        sys.setprofile(self)
        threading.setprofile(self)

    def files(self) -> list[str]:
        return [name.removeprefix(self.root) for name in self.seen]


RECORDER = FileRecorder(ROOT)
RECORDER.install()  # before Django starts: every thread made later is profiled too

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

from matches.models import MatchStatus, ResultVersion  # noqa: E402
from tournament.models import Entrant, Player, Tournament  # noqa: E402
from tournament.services.rounds import generate_swiss_round, publish_round  # noqa: E402

CUPS, SURVIVORS = (12, 5, 10), (1, 0, 1)


def build_event() -> list:
    """The two published tables of a fresh event, each with its seats in order."""
    organiser = get_user_model().objects.create(username="bench-path")
    tournament = Tournament.objects.create(
        name="Path bench", slug="path-bench", organiser=organiser, confirmations="one"
    )
    for i in range(6):
        Entrant.objects.create(
            tournament=tournament, player=Player.objects.create(name=f"P{i}"), display_name=f"P{i}"
        )
    round_ = publish_round(generate_swiss_round(tournament, seed=1))
    tables = round_.matches.order_by("table_number")
    return [
        (match, list(match.seats.select_related("entrant").order_by("position")))
        for match in tables
    ]


def report_body(match, seats) -> dict:
    body = {"action": "report", "match": match.pk, "g-ended_by": "time"}
    for seat, cups, alive in zip(seats, CUPS, SURVIVORS, strict=True):
        body[f"s{seat.position}-victory_cup_tokens"] = cups
        body[f"s{seat.position}-survivors"] = alive
    return body


def post(client: Client, entrant, body: dict) -> int:
    """One post to the side's private page, its queries counted; a refusal stops the bench."""
    with CaptureQueriesContext(connection) as queries:
        response = client.post(f"/me/{entrant.access_token}/", body)
    if response.status_code != 302:
        raise SystemExit(f"{body['action']}: {response.status_code} {response.content[:300]!r}")
    return len(queries)


def report_and_confirm(client: Client, match, seats) -> tuple[int, int]:
    """A side reports the table's result and another confirms it: each post's queries."""
    reporter, confirmer = seats[0].entrant, seats[1].entrant
    reported = post(client, reporter, report_body(match, seats))
    version = ResultVersion.objects.get(match=match)
    confirmed = post(client, confirmer, {"action": "confirm", "version": version.pk})
    match.refresh_from_db()
    if match.status != MatchStatus.ACCEPTED:
        raise SystemExit(f"table {match.table_number} is {match.status}, not accepted")
    return reported, confirmed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", action="store_true", help="list the files in order")
    args = parser.parse_args(argv)
    setup_test_environment()
    call_command("migrate", verbosity=0)
    (warm, warm_seats), (measured, seats) = build_event()
    client = Client()
    report_and_confirm(client, warm, warm_seats)
    RECORDER.recording = True
    reported, confirmed = report_and_confirm(client, measured, seats)
    RECORDER.recording = False
    files = RECORDER.files()
    packages = sorted({name.split(os.sep)[0] for name in files})
    if args.files:
        print("\n".join(files))
    print(f"packages: {' '.join(packages)}")
    print(
        f"report+confirmation: files={len(files)} packages={len(packages)} "
        f"report_queries={reported} confirmation_queries={confirmed}"
    )


if __name__ == "__main__":
    main_with_baseline(__file__, main)
