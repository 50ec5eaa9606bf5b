"""Issue 41: every answer of the API's main flows matches the OpenAPI document it serves.

Each call goes through ``ConformingClient``: the status must be one the operation documents and
the body must match its schema (nullable fields, enums, required keys), as a client generated
from the document reads it. The flows: the README's walkthrough, a whole event played to its
champion (elimination rounds, bracket, standings, audit), seasons, ratings, tokens, and the
error answers (400 by field, a refused result, 401, 403, 404, 409, 413, 415).
"""

import random

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from accounts.tokens import issue as issue_token
from tests.api.conftest import game
from tests.contract.conformance import ConformingClient
from tests.factories import TournamentFactory, UserFactory, verify_email
from tournament.models import Player
from tournament.services.simulation import player_pool, register_sides, run_event

pytestmark = pytest.mark.django_db

B = "/api/v1"
PLAYERS_CSV = (
    b"name,club\nAda,North\nBen,North\nCleo,South\nDara,South\nEli,East\nFern,East\n"
    b"Gus,West\nHana,West\n"
)


def signed_in(user) -> ConformingClient:
    client = ConformingClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {issue_token(verify_email(user), 'tests').key}")
    return client


def player(token) -> ConformingClient:
    client = ConformingClient()
    client.credentials(HTTP_X_ENTRANT_TOKEN=token)
    return client


def ok(response, status=200):
    assert response.status_code == status, response.content[:1000]
    return response.json()


def test_the_readme_walkthrough_answers_match_the_schema(django_capture_on_commit_callbacks):
    organiser = UserFactory(username="organiser", password="organiser-demo")
    verify_email(organiser)
    anon = ConformingClient()
    token = ok(
        anon.post(f"{B}/auth/token/", {"username": "organiser", "password": "organiser-demo"})
    )["token"]
    staff = ConformingClient()
    staff.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    ok(
        staff.post(
            f"{B}/tournaments/", {"name": "Friday Arena", "slug": "friday", "swiss_rounds": 3}
        ),
        201,
    )
    upload = SimpleUploadedFile("players.csv", PLAYERS_CSV, content_type="text/csv")
    entrants = ok(
        staff.post(
            f"{B}/tournaments/friday/entrants/import/", {"file": upload}, format="multipart"
        ),
        201,
    )["entrants"]
    tokens = {e["side"]: e["access_token"] for e in entrants}
    with django_capture_on_commit_callbacks(execute=True):
        job = ok(staff.post(f"{B}/tournaments/friday/rounds/generate/", {}), 202)
    ok(staff.get(job["status_url"]))
    ok(staff.post(f"{B}/tournaments/friday/rounds/1/publish/", {}))
    tables = ok(anon.get(f"{B}/tournaments/friday/rounds/1/matches/"))["results"]
    ok(anon.get(f"{B}/tournaments/friday/rounds/"))
    ok(anon.get(f"{B}/tournaments/friday/rounds/1/"))

    def report(table, first=8):
        sides = [
            {"side": s["side"], "victory_cup_tokens": first - 2 * i, "survivors": 1}
            for i, s in enumerate(table["seats"])
        ]
        return {"report": {"ended_by": "time", "sides": sides}}

    m1, m2 = tables[0], tables[1]
    ok(staff.post(f"{B}/matches/{m1['id']}/results/", report(m1)), 201)
    first, *others = [s["side"] for s in m2["seats"]]
    number = ok(player(tokens[first]).post(f"{B}/matches/{m2['id']}/results/", report(m2)), 201)[
        "number"
    ]
    for side in others:
        ok(player(tokens[side]).post(f"{B}/matches/{m2['id']}/results/{number}/confirm/", {}))
    ok(staff.get(f"{B}/matches/{m2['id']}/results/"))
    ok(anon.get(f"{B}/matches/{m2['id']}/"))
    ok(staff.post(f"{B}/tournaments/friday/rounds/1/complete/", {}))
    ok(anon.get(f"{B}/tournaments/friday/standings/"))
    ok(anon.get(f"{B}/tournaments/friday/"))
    ok(anon.get(f"{B}/tournaments/"))
    ok(staff.get(f"{B}/tournaments/friday/entrants/"))
    ok(staff.get(f"{B}/tournaments/friday/audit/"))


def test_a_played_event_a_season_and_ratings_answer_as_documented():
    boss = UserFactory(username="boss")
    staff = signed_in(boss)
    anon = ConformingClient()
    ok(
        staff.post(
            f"{B}/organisations/", {"name": "East Club", "slug": "east", "region": "Eastshire"}
        ),
        201,
    )
    season = {
        "organisation": "east",
        "name": "Spring league",
        "slug": "spring",
        "best_of": 2,
        "planned_events": 3,
    }
    ok(staff.post(f"{B}/seasons/", season), 201)
    rng = random.Random(1)
    pool = player_pool(9, rng)
    for number in (1, 2):
        event = TournamentFactory(
            organiser=boss, slug=f"night-{number}", swiss_rounds=2, cut_size=4
        )
        ok(staff.post(f"{B}/seasons/spring/events/", {"event": event.slug}), 201)
        register_sides(event, 8, False, rng, pool=pool)
        run_event(event, rng)
    ok(anon.get(f"{B}/seasons/"))
    ok(anon.get(f"{B}/seasons/spring/"))
    ok(staff.get(f"{B}/organisations/"))
    ok(anon.get(f"{B}/seasons/spring/standings/"))
    ok(anon.get(f"{B}/tournaments/night-1/rounds/"))
    ok(anon.get(f"{B}/tournaments/night-1/bracket/"))
    ok(anon.get(f"{B}/tournaments/night-1/standings/"))
    ok(anon.get(f"{B}/ratings/eye_for_an_eye/"))
    someone = Player.objects.filter(entries__isnull=False).first()
    Player.objects.filter(pk=someone.pk).update(profile_public=True)
    ok(anon.get(f"{B}/players/{someone.pk}/ratings/"))
    ok(anon.get(f"{B}/players/{someone.pk}/head-to-head/"))
    assert staff.delete(f"{B}/seasons/spring/events/night-2/").status_code == 204


def test_tokens_answer_as_documented():
    user = verify_email(UserFactory(username="tok", password="tok-password"))
    session = ConformingClient()
    session.force_login(user)
    made = ok(session.post(f"{B}/tokens/", {"name": "laptop", "days": 10}), 201)
    ok(session.get(f"{B}/tokens/"))
    assert session.delete(f"{B}/tokens/{made['id']}/").status_code == 204
    ok(session.post(f"{B}/tokens/revoke-all/", {}))


def test_error_answers_match_the_schema(event):
    staff = signed_in(event.referee)
    anon = ConformingClient()
    sides = [str(s.entrant_id) for s in event.match.seats.order_by("position")]
    refused = {"sides": [{"side": sides[0], "victory_cup_tokens": 3, "survivors": 9}]}
    results = f"{B}/matches/{event.match.pk}/results/"
    assert set(staff.post(results, {"report": refused}).json()) == {"errors"}
    assert staff.post(results, {"report": "4-3-2-1"}).status_code == 400
    assert staff.post(results, {"report": game(event.match)}).status_code == 201
    assert staff.post(results, {"report": game(event.match, 1)}).status_code == 409
    assert anon.post(results, {"report": game(event.match)}).status_code == 401
    assert (
        signed_in(event.other_organiser)
        .post(f"{B}/tournaments/spring-cup/rounds/generate/", {})
        .status_code
        == 403
    )
    assert anon.get(f"{B}/tournaments/no-such/").status_code == 404
    assert anon.get(f"{B}/matches/999999/").status_code == 404
    assert staff.post(f"{B}/tournaments/", {"name": ""}).status_code == 400
    bad = ConformingClient()
    bad.credentials(HTTP_AUTHORIZATION="Token nonsense")
    assert bad.get(f"{B}/tournaments/").status_code == 401
    assert anon.post(f"{B}/auth/token/", {"username": "x", "password": "y"}).status_code == 400
    huge = staff.generic("POST", results, "{}", "application/json", CONTENT_LENGTH=str(10**9))
    assert huge.status_code == 413
    assert staff.generic("POST", results, "a,b", "text/csv").status_code == 415
