"""Benchmark a hosted live game as its log grows: the cost of one event and the size of a push.

Plays one Eye for an Eye game through the live-game service (the path a websocket takes: lock
the game, check the event with the engine, store it and the new snapshot, build the push) on a
scratch database (a temporary SQLite file, or PostgreSQL when DATABASE_URL is set: the rows go
into an event made here and removed at the end). The events alternate "hit 1" and "heal 1" with
a full-length note, the pattern that never ends a game, up to the per-game cap. Prints the mean
and worst time per event and the push size for each window of the log: both must stay flat.

Usage: python bench/live_game.py [--events N] [--window W]
"""

import argparse
import json
import os
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

from django.core.management import call_command  # noqa: E402

from common.audit.actor import Actor  # noqa: E402
from common.audit.models import AuditEntry  # noqa: E402
from engine.live.log import MAX_EVENTS, MAX_NOTE_CHARS  # noqa: E402
from matches.models import LiveEvent, LiveGame, Match  # noqa: E402
from matches.services import live_games  # noqa: E402
from tournament.models import Entrant, Player, Tournament  # noqa: E402
from tournament.services.rounds import generate_swiss_round, publish_round  # noqa: E402


def make_match() -> tuple[Tournament, Match, Entrant]:
    """A published two-player table with Grublic against Riparian."""
    from django.contrib.auth import get_user_model

    organiser, _ = get_user_model().objects.get_or_create(username="bench-live")
    tournament = Tournament.objects.create(
        name="Live bench", slug=f"live-bench-{time.time_ns()}", organiser=organiser
    )
    entrants = [
        Entrant.objects.create(
            tournament=tournament, player=Player.objects.create(name=name), display_name=name
        )
        for name in ("Ada", "Bo")
    ]
    match = publish_round(generate_swiss_round(tournament, seed=1)).matches.get()
    seats = match.seats.order_by("position")
    for seat, character in zip(seats, ("Grublic", "Riparian"), strict=True):
        seat.character = character
        seat.save(update_fields=["character"])
    return tournament, match, entrants[0]


def clean_up(tournament: Tournament) -> None:
    LiveEvent.objects.filter(game__match__round__tournament=tournament).delete()
    LiveGame.objects.filter(match__round__tournament=tournament).delete()
    AuditEntry.objects.filter(tournament=tournament).delete()
    Match.objects.filter(round__tournament=tournament).delete()
    tournament.delete()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=MAX_EVENTS - 1)
    parser.add_argument("--window", type=int, default=250)
    args = parser.parse_args(argv)
    if not os.environ.get("DATABASE_URL"):
        call_command("migrate", verbosity=0)
    tournament, match, side = make_match()
    actor = Actor(entrant=side)
    live_games.create_live_game(match, actor)
    live_games.apply_live_event(match, {"type": "start"}, actor)
    note = "n" * MAX_NOTE_CHARS
    events = [
        {"type": "hit", "attacker": "Grublic", "target": "Riparian", "hits": 1, "note": note},
        {"type": "heal", "character": "Riparian", "tokens": 1, "note": note},
    ]
    database = "PostgreSQL" if os.environ.get("DATABASE_URL") else "SQLite"
    print(f"live game on {database}: {args.events} events, hit 1 / heal 1,", end=" ")
    print(f"{MAX_NOTE_CHARS}-character notes")
    print(f"{'events':>13}  {'mean ms':>8}  {'worst ms':>8}  {'push bytes':>10}")
    try:
        timings: list[float] = []
        for number in range(1, args.events + 1):
            started = time.perf_counter()
            outcome = live_games.apply_live_event(match, events[(number - 1) % 2], actor)
            push = live_games.state_payload(outcome.game, outcome.event.payload)
            timings.append((time.perf_counter() - started) * 1000)
            if number % args.window == 0 or number == args.events:
                size = len(json.dumps(push, separators=(",", ":")))
                first = number - len(timings) + 1
                print(
                    f"{first:>6}-{number:<6}  {statistics.mean(timings):8.2f}  "
                    f"{max(timings):8.2f}  {size:10d}"
                )
                timings = []
        game = LiveGame.objects.get(match=match)
        assert game.last_sequence == args.events + 1
        assert game.state == live_games.replay_state(game), "the snapshot drifted from its log"
    finally:
        clean_up(tournament)


if __name__ == "__main__":
    main_with_baseline(__file__, main)
