"""The rehearsal's event (``bench/rehearsal.py``): built in its own PostgreSQL database, made
afresh on every run, with what its clients need to act as the players and the organiser.

A public Every Eye event of N players (tables of four) after ``rounds_before`` played Swiss
rounds, the next one published and open; its organiser has an API token (close-and-pair and
publish, as the console's buttons do) and a signed-in session (the projector pages). Each table
gets the report one of its players will send (a random battle) and the order in which its
players report and confirm.
"""

from __future__ import annotations

import random
import time

from bench.http_event import create_event, fresh_api_token, play_rounds

SLUG = "rehearsal"
ORGANISER = "rehearsal-organiser"


def session_cookie(user) -> str:
    """A signed-in session of ``user`` (stored in the database), as a ``Cookie`` header."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    return "sessionid=" + client.cookies["sessionid"].value


def table_plan(match, rng: random.Random) -> dict:
    """One table's part in the rush: who reports what, then who confirms."""
    from tournament.logic.simulated_games import random_battle

    seats = list(match.seats.all())
    sides = [(str(s.entrant_id), 1) for s in seats]
    tokens = [s.entrant.access_token for s in seats]
    rng.shuffle(tokens)
    return {
        "match": match.pk,
        "table": match.table_number,
        "report": random_battle("every_eye", sides, rng),
        "reporter": tokens[0],
        "confirmers": tokens[1:],
    }


def build(players: int, rounds_before: int, seed: int) -> dict:
    """The event, rebuilt from nothing; what the clients need (ids, tokens, the tables)."""
    from django.contrib.auth import get_user_model
    from django.db.models import Prefetch

    from matches.models import Seat
    from tournament.models import Entrant

    started = time.monotonic()
    organiser, _ = get_user_model().objects.get_or_create(username=ORGANISER)
    tournament = create_event(SLUG, "Rehearsal", players, organiser)
    play_rounds(tournament, rounds_before, organiser, seed=seed)
    current = tournament.rounds.order_by("-number").first()
    rng = random.Random(seed)
    seats = Seat.objects.select_related("entrant").order_by("position")
    matches = (
        current.matches.filter(is_bye=False)
        .prefetch_related(Prefetch("seats", seats))
        .order_by("table_number")
    )
    tables = [table_plan(match, rng) for match in matches]
    entrants = Entrant.objects.filter(tournament=tournament).order_by("pk")
    print(
        f"built event {SLUG}: {players} players, {rounds_before} rounds played, round "
        f"{current.number} open with {len(tables)} tables ({time.monotonic() - started:.0f} s)",
        flush=True,
    )
    return {
        "slug": SLUG,
        "tournament": tournament.pk,
        "round": current.pk,
        "number": current.number,
        "tokens": [e.access_token for e in entrants],
        "tables": tables,
        "api_token": fresh_api_token(organiser, "rehearsal-organiser@bench.invalid"),
        "cookie": session_cookie(organiser),
    }
