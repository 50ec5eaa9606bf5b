"""Benchmark standings from the database: 10,000 entrants after five rounds.

Fills a scratch database (a temporary SQLite file, or PostgreSQL when DATABASE_URL is set:
the rows go into a tournament created here and removed at the end) with five rounds of pods of
four and their accepted outcomes on the seats (and the entrants' running totals tallied from
them), then times ``compute_standings`` (its queries plus the pure ranking) and counts its
queries.

Usage: python bench/standings.py [--entrants N] [--rounds R] [--repeat K]
"""

import argparse
import os
import random
import statistics
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
from django.test.utils import CaptureQueriesContext  # noqa: E402

from matches.models import Match, Seat  # noqa: E402
from tournament.models import Entrant, Player, Round, Stage, Tournament  # noqa: E402
from tournament.services.standing_totals import rebuild_entrant_totals  # noqa: E402
from tournament.services.standings import compute_standings  # noqa: E402

POINTS = (4, 3, 2, 1)


def populate(entrants: int, rounds: int, seed: int) -> Tournament:
    """A tournament with ``rounds`` complete rounds of random pods of four."""
    rng = random.Random(seed)
    user, _ = get_user_model().objects.get_or_create(username="bench")
    tournament = Tournament.objects.create(name="Bench", slug=f"bench-{seed}", organiser=user)
    players = Player.objects.bulk_create(Player(name=f"Player {i}") for i in range(entrants))
    people = Entrant.objects.bulk_create(
        Entrant(tournament=tournament, player=p, display_name=p.name, access_token=f"b{p.pk}")
        for p in players
    )
    stage = Stage.objects.create(tournament=tournament, kind="swiss", sequence=1)
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(
            tournament=tournament,
            stage=stage,
            number=number,
            number_in_stage=number,
            seed=0,
            status="complete",
        )
        order = list(people)
        rng.shuffle(order)
        pods = [order[i : i + 4] for i in range(0, len(order), 4)]
        matches = Match.objects.bulk_create(
            Match(round=round_, table_number=t, status="accepted") for t in range(1, len(pods) + 1)
        )
        seats = []
        for match, pod in zip(matches, pods, strict=True):
            for position, entrant in enumerate(pod, 1):
                seats.append(
                    Seat(
                        match=match,
                        round=round_,
                        entrant=entrant,
                        position=position,
                        place=position,
                        points=POINTS[position - 1],
                        stats={"victory_cup_tokens": rng.randint(0, 20)},
                    )
                )
        Seat.objects.bulk_create(seats, batch_size=2000)
    # the rows went in by bulk, past the result service: tally the running totals once
    rebuild_entrant_totals(tournament)
    return tournament


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    tournament = populate(args.entrants, args.rounds, seed=int(time.time()))
    print(
        f"populated {args.entrants} entrants x {args.rounds} rounds "
        f"in {time.perf_counter() - started:.1f} s ({connection.vendor})"
    )
    timings = []
    for _ in range(args.repeat):
        with CaptureQueriesContext(connection) as queries:
            began = time.perf_counter()
            rows = compute_standings(tournament)
            timings.append(time.perf_counter() - began)
    assert len(rows) == args.entrants
    print(
        f"entrants={args.entrants} rounds={args.rounds} queries={len(queries)} "
        f"best_ms={min(timings) * 1000:.0f} median_ms={statistics.median(timings) * 1000:.0f}"
    )
    if connection.vendor == "postgresql":
        tournament.delete()


if __name__ == "__main__":
    main_with_baseline(__file__, main)
