"""Rounds: drafts hidden from the public, generation, publishing, completion; matches with seats."""

import pytest

from common.audit.actor import Actor
from matches.services.results import enter_result
from tests.api.conftest import entrant_client, game, user_client
from tournament.models import RoundStatus

pytestmark = pytest.mark.django_db

ROUNDS = "/api/v1/tournaments/spring-cup/rounds/"


def test_generate_publish_complete(event, django_capture_on_commit_callbacks):
    client = user_client(event.organiser)
    assert client.post(f"{ROUNDS}generate/", {}, format="json").json() == {
        "detail": "round 1 is not complete yet"
    }
    response = client.post(f"{ROUNDS}1/complete/", {}, format="json")
    assert response.status_code == 409
    assert "give a reason" in response.json()["detail"]
    for match in event.round.matches.all():
        enter_result(match, game(match), Actor(user=event.referee))
    assert client.post(f"{ROUNDS}1/complete/", {}, format="json").status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"{ROUNDS}generate/", {"seed": 99}, format="json")
    assert response.status_code == 202, response.json()
    job = response.json()
    assert job["status_url"].endswith(f"/api/v1/jobs/{job['id']}/")
    followed = client.get(job["status_url"]).json()
    assert (followed["status"], followed["progress"], followed["round"]) == ("done", 100, 2)
    # Asking again before round 2 is complete finds the same job: no second round.
    again = client.post(f"{ROUNDS}generate/", {}, format="json")
    assert again.status_code == 202 and again.json()["id"] == job["id"]
    assert user_client(event.referee).get(job["status_url"]).status_code == 200
    assert entrant_client(event.players[0]).get(job["status_url"]).status_code == 404
    data = client.get(f"{ROUNDS}2/").json()
    assert (data["number"], data["status"], data["seed"], data["match_count"]) == (
        2,
        "draft",
        99,
        2,
    )
    assert client.post(f"{ROUNDS}2/publish/", {}, format="json").json()["status"] == "published"
    assert client.post(f"{ROUNDS}2/publish/", {}, format="json").status_code == 409
    actions = set(event.tournament.audit_entries.values_list("action", flat=True))
    assert {"round.completed", "round.generated", "round.published"} <= actions


def test_complete_with_reason_records_it(event):
    client = user_client(event.organiser)
    response = client.post(f"{ROUNDS}1/complete/", {"reason": "venue closed"}, format="json")
    assert response.status_code == 200
    assert response.json()["closed_reason"] == "venue closed"
    assert event.tournament.audit_entries.get(action="round.completed").reason == "venue closed"


def test_generate_refuses_unknown_fields_and_bad_seed(event):
    client = user_client(event.organiser)
    assert client.post(f"{ROUNDS}generate/", {"sede": 1}, format="json").json() == {
        "sede": ["Unknown field."]
    }
    assert "seed" in client.post(f"{ROUNDS}generate/", {"seed": -1}, format="json").json()


def test_drafts_are_listed_for_staff_only(event, anon, django_capture_on_commit_callbacks):
    client = user_client(event.organiser)
    client.post(f"{ROUNDS}1/complete/", {"reason": "x"}, format="json")
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"{ROUNDS}generate/", {}, format="json")
    assert [r["number"] for r in anon.get(ROUNDS).json()["results"]] == [1]
    assert [r["number"] for r in client.get(ROUNDS).json()["results"]] == [1, 2]
    assert [r["number"] for r in user_client(event.referee).get(ROUNDS).json()["results"]] == [1, 2]
    draft = event.tournament.rounds.get(number=2)
    draft_match = draft.matches.first()
    assert anon.get(f"{ROUNDS}2/matches/").status_code == 404
    assert anon.get(f"/api/v1/matches/{draft_match.pk}/").status_code == 404
    assert anon.get("/api/v1/matches/?tournament=spring-cup&round=2").json()["count"] == 0
    player = entrant_client(draft_match.seats.first().entrant)
    assert player.get(f"/api/v1/matches/{draft_match.pk}/results/").status_code == 404
    assert user_client(event.referee).get(f"{ROUNDS}2/matches/").status_code == 200
    assert draft.status == RoundStatus.DRAFT


def test_matches_of_a_round_with_seats(event, anon):
    enter_result(event.match, game(event.match), Actor(user=event.referee))
    data = anon.get(f"{ROUNDS}1/matches/").json()
    assert data["count"] == 2
    table = data["results"][0]
    assert table["table_number"] == 1 and table["status"] == "accepted"
    seat = table["seats"][0]
    assert set(seat) == {
        "side",
        "entrant",
        "entrant_name",
        "position",
        "flower_colour",
        "character",
        "place",
        "points",
        "win_chance",
    }
    assert seat["entrant_name"] and seat["flower_colour"]
    assert seat["win_chance"] is None  # nobody in the event's game system is rated
    assert all(s["place"] is not None for s in table["seats"])
    assert all(s["place"] is None for s in data["results"][1]["seats"])


def test_match_list_filters(event, anon):
    data = anon.get("/api/v1/matches/?tournament=spring-cup&round=1&table_number=2").json()
    assert [m["id"] for m in data["results"]] == [event.other_match.pk]
    assert anon.get("/api/v1/matches/?tournament=spring-cup&status=accepted").json()["count"] == 0
    one = anon.get(f"/api/v1/matches/{event.match.pk}/").json()
    assert one["tournament"] == "spring-cup" and one["round"] == 1 and len(one["seats"]) == 4
