"""The rating's recompute and replays through the database (issue 17): what a round close, a
correction and a rebuild cost with the reads and writes, not only the model.

    .venv/bin/python bench/ratings_db.py [--games 100000] [--players 4000] [--seed 1]

Fills a scratch database (a temporary SQLite file, or PostgreSQL when DATABASE_URL is set: the
rows go into events made here and removed at the end) with ``--games`` accepted four-player
games in finished rounds of 1,000 tables, then times

* ``recompute``: every game from scratch, reading the results and rewriting every
  ``PlayerRating`` and ``RatingChange`` row (what a player merge costs);
* ``replay`` after one more round of 1,000 tables closes (its games at the end);
* ``replay`` after a correction of a game half-way through the history.

Each replay's rows are checked against a recompute from scratch. Figures are printed, never
asserted.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from baseline import main_with_baseline  # noqa: E402 - bench/ is on the path

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
if not os.environ.get("DATABASE_URL"):
    os.environ["SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from leagues.models import PlayerRating, RatingChange  # noqa: E402
from leagues.services.ratings import recompute, replay  # noqa: E402
from matches.models import Match, ResultVersion  # noqa: E402
from tournament.models import Entrant, Player, Round, Stage, Tournament  # noqa: E402

SYSTEM = "eye_for_an_eye"
TABLES = 1000  # per round
ROUNDS_PER_EVENT = 20


def snapshot() -> tuple:
    return (
        sorted(PlayerRating.objects.values_list("player_id", "mu", "sigma", "games")),
        RatingChange.objects.count(),
    )


class Filler:
    """Makes events, rounds and accepted four-player games in bulk."""

    def __init__(self, players: int, seed: int):
        self.rng = random.Random(seed)
        self.user, _ = get_user_model().objects.get_or_create(username="bench-ratings")
        self.players = Player.objects.bulk_create(Player(name=f"R{i}") for i in range(players))
        self.events: list[Tournament] = []
        self.moment = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)

    def new_event(self) -> None:
        number = len(self.events) + 1
        event = Tournament.objects.create(
            name=f"Ratings bench {number}", slug=f"ratings-bench-{number}-{time.time_ns()}",
            organiser=self.user,
        )  # fmt: skip
        self.entrants = {
            e.player_id: e.pk
            for e in Entrant.objects.bulk_create(
                Entrant(
                    tournament=event, player=p, display_name=p.name,
                    access_token=f"r{event.pk}-{p.pk}",
                )
                for p in self.players
            )
        }  # fmt: skip
        self.stage = Stage.objects.create(tournament=event, kind="swiss", sequence=1)
        self.events.append(event)
        self.rounds = 0

    def add_round(self) -> Round:
        if not self.events or self.rounds == ROUNDS_PER_EVENT:
            self.new_event()
        self.rounds += 1
        self.moment += datetime.timedelta(hours=1)
        round_ = Round.objects.create(
            tournament=self.events[-1], stage=self.stage, number=self.rounds,
            number_in_stage=self.rounds, seed=0, status="complete", completed_at=self.moment,
        )  # fmt: skip
        matches = Match.objects.bulk_create(
            Match(round=round_, table_number=t, status="accepted") for t in range(1, TABLES + 1)
        )
        versions = []
        for match in matches:
            pod = self.rng.sample(self.players, 4)
            placings = [
                {"side": str(self.entrants[p.pk]), "place": place, "points": 5 - place,
                 "score": 0, "stats": {}}
                for place, p in enumerate(pod, 1)
            ]  # fmt: skip
            versions.append(
                ResultVersion(
                    match=match,
                    number=1,
                    kind="report",
                    state="accepted",
                    report={},
                    placings=placings,
                    decided_at=self.moment,
                )  # fmt: skip
            )
        ResultVersion.objects.bulk_create(versions, batch_size=2000)
        return round_


def timed(label: str, action) -> float:
    started = time.perf_counter()
    result = action()
    seconds = time.perf_counter() - started
    print(f"{label}: {seconds:.2f} s", flush=True)
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    filler = Filler(args.players, args.seed)
    rounds = []
    for _ in range(max(1, args.games // TABLES)):
        rounds.append(filler.add_round())
    games = len(rounds) * TABLES
    print(
        f"populated games={games} players={args.players} in "
        f"{time.perf_counter() - started:.1f} s ({connection.vendor})",
        flush=True,
    )
    run = timed(
        f"recompute games={games} (from scratch, with the database)", lambda: recompute(SYSTEM)
    )
    print(f"  rating_changes={len(run.history)} players={len(run.ratings)}")
    filler.add_round()
    timed(f"replay after a round of {TABLES} tables closed", lambda: replay(SYSTEM))
    after_round = snapshot()
    middle = rounds[len(rounds) // 2].matches.first()
    old = middle.result_versions.get()
    ResultVersion.objects.filter(pk=old.pk).update(state="superseded")
    ResultVersion.objects.create(
        match=middle, number=2, kind="correction", state="accepted", report={},
        placings=[{**row, "place": 5 - row["place"]} for row in old.placings],
        reason="bench: the finish read the wrong way round", supersedes=old,
        decided_at=filler.moment,
    )  # fmt: skip
    timed("replay after a correction half-way through", lambda: replay(SYSTEM, middle.pk))
    corrected = snapshot()
    recompute(SYSTEM)
    print(
        f"replays equal a recompute: {corrected == snapshot()} "
        f"(the round's replay changed the ratings: {after_round != corrected})"
    )
    if connection.vendor == "postgresql":
        for event in filler.events:
            RatingChange.objects.filter(match__round__tournament=event).delete()
            ResultVersion.objects.filter(match__round__tournament=event).delete()
            event.delete()
        PlayerRating.objects.filter(player__in=filler.players).delete()
        Player.objects.filter(pk__in=[p.pk for p in filler.players]).delete()


if __name__ == "__main__":
    main_with_baseline(__file__, main)
