"""The HTTP load bench's event: its own PostgreSQL database and a 2,000-player event after five
Swiss rounds, with round 6 open (used by ``bench/http_load.py``)."""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


SLUG = "bench-2000"
PLAYERS = 2000
ROUNDS = 5


# --- the database and the event ------------------------------------------------------------------


def bench_database_url(url: str) -> str:
    parsed = urlparse(url)
    name = parsed.path.lstrip("/") + "_bench"
    return parsed._replace(path="/" + name).geturl()


def ensure_database(url: str, *, fresh: bool = False) -> None:
    """Create the database of ``url`` if missing; ``fresh``: drop it first (its connections
    too)."""
    import psycopg

    parsed = urlparse(url)
    name = parsed.path.lstrip("/")
    admin = parsed._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        if fresh:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')
            print(f"created database {name}")


def setup_django(url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ.pop("REDIS_URL", None)  # eager tasks and a local cache while building
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def open_bench_database() -> tuple[str, str]:
    """The bench database's URL (created, migrated, Django set up on it) and ``REDIS_URL``, from
    the environment; exits with a message when either is missing."""
    base_url = os.environ.get("DATABASE_URL")
    redis_url = os.environ.get("REDIS_URL") or os.environ.get("TEST_REDIS_URL")
    if not base_url or not redis_url:
        raise SystemExit("set DATABASE_URL (PostgreSQL) and REDIS_URL")
    database_url = bench_database_url(base_url)
    ensure_database(database_url)
    setup_django(database_url)
    return database_url, redis_url


def create_event(slug: str, name: str, players: int, organiser):
    """A public Every Eye event of ``players`` checked-in entrants (bulk inserts), no round yet."""
    from tournament.models import Entrant, EntrantStatus, Player, Tournament

    tournament = Tournament.objects.create(
        name=name, slug=slug, organiser=organiser, mode="every_eye", swiss_rounds=8
    )
    people = Player.objects.bulk_create(
        [Player(name=f"Bench Player {i:04d}") for i in range(players)]
    )
    Entrant.objects.bulk_create(
        [
            Entrant(
                tournament=tournament,
                player=p,
                display_name=p.name,
                seed=i + 1,
                status=EntrantStatus.CHECKED_IN,
            )
            for i, p in enumerate(people)
        ]
    )
    return tournament


def play_rounds(tournament, rounds: int, referee_user, seed: int = 2000) -> None:
    """Play ``rounds`` Swiss rounds through the services (random battles entered by a referee),
    then publish the next one, open."""
    from django.db.models import Prefetch

    from common.audit.actor import Actor
    from matches.models import Seat
    from matches.services.results import enter_result
    from tournament.logic.simulated_games import random_battle
    from tournament.services.rounds import complete_round, generate_swiss_round, publish_round

    started = time.monotonic()
    rng = random.Random(seed)
    referee = Actor(user=referee_user)
    seats = Seat.objects.select_related("entrant")
    for number in range(1, rounds + 1):
        round_ = publish_round(generate_swiss_round(tournament, seed=number))
        matches = round_.matches.filter(is_bye=False).prefetch_related(Prefetch("seats", seats))
        for match in matches:
            sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
            enter_result(match, random_battle("every_eye", sides, rng), referee)
        complete_round(round_)
        print(f"  round {number} played ({time.monotonic() - started:.0f} s)", flush=True)
    publish_round(generate_swiss_round(tournament, seed=rounds + 1))


def fresh_api_token(user, email: str) -> str:
    """A new API token of ``user``, replacing the last run's (a user holds at most 50)."""
    from allauth.account.models import EmailAddress

    from accounts import tokens

    # a confirmed address: with mandatory verification an unconfirmed account gets no token
    EmailAddress.objects.update_or_create(
        user=user, email=email, defaults={"verified": True, "primary": True}
    )
    tokens.revoke_all(user)
    return tokens.issue(user, "bench").key


def build_event(rebuild: bool) -> dict:
    """The 2,000-player event after 5 rounds, round 6 open; built once, then reused."""
    from django.contrib.auth import get_user_model

    from matches.models import Match, MatchStatus, ResultVersion
    from tournament.logic.simulated_games import random_battle
    from tournament.models import RoundStatus, StaffRole, StaffRoleKind, Tournament

    user, _ = get_user_model().objects.get_or_create(username="bench-referee")
    tournament = Tournament.objects.filter(slug=SLUG).first()
    if tournament is not None and rebuild:
        tournament.delete()
        tournament = None
    if tournament is None or tournament.rounds.filter(status=RoundStatus.COMPLETE).count() < ROUNDS:
        if tournament is not None:
            tournament.delete()
        started = time.monotonic()
        tournament = create_event(SLUG, "Bench 2000", PLAYERS, user)
        play_rounds(tournament, ROUNDS, user)
        print(f"built {SLUG} in {time.monotonic() - started:.0f} s")
    # The results phase posts as a referee of the event (a staff role, not its organiser), as
    # at a venue's desk.
    desk, _ = get_user_model().objects.get_or_create(username="bench-desk-referee")
    StaffRole.objects.get_or_create(
        tournament=tournament, user=desk, defaults={"role": StaffRoleKind.REFEREE}
    )
    token = fresh_api_token(desk, "bench-desk@bench.invalid")
    current = tournament.rounds.order_by("-number").first()
    if ResultVersion.objects.filter(match__round=current).exists():
        clear_round_results(current)
        print("round 6 results cleared: every table open again")
    open_matches = list(
        Match.objects.filter(round=current, is_bye=False)
        .prefetch_related("seats")
        .order_by("table_number")
    )
    rng = random.Random(6)
    bodies = {}
    for match in open_matches:
        sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
        bodies[match.pk] = [random_battle("every_eye", sides, rng) for _ in range(3)]
    return {
        "slug": SLUG,
        "token": token,
        "open": [m.pk for m in open_matches if m.status == MatchStatus.OPEN],
        "matches": [m.pk for m in open_matches],
        "bodies": bodies,
    }


def clear_round_results(round_) -> None:
    """Take every result off a round's tables, in the bench's own database only.

    Each run leaves a few versions on every table of round 6; after dozens of runs the bench
    would measure that history rather than the server. Results are never deleted by the
    application (the models protect them), so this goes around it with plain SQL.
    """
    from django.db import connection, transaction

    matches = "SELECT id FROM matches_match WHERE round_id = %s"
    versions = f"SELECT id FROM matches_resultversion WHERE match_id IN ({matches})"
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f"DELETE FROM matches_resultresponse WHERE version_id IN ({versions})", [round_.pk]
        )
        cursor.execute(
            f"DELETE FROM matches_resultversion WHERE match_id IN ({matches})", [round_.pk]
        )
        cursor.execute(
            "UPDATE matches_seat SET place = NULL, points = NULL, stats = '{}' WHERE round_id = %s",
            [round_.pk],
        )
        cursor.execute(
            "UPDATE matches_match SET status = 'open' WHERE round_id = %s AND NOT is_bye",
            [round_.pk],
        )
