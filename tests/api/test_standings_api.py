"""Standings, bracket and CSV exports over the API."""

import csv
import io

import pytest

from common.audit.actor import Actor
from matches.services.results import enter_result
from tests.api.conftest import game, user_client
from tournament.services.rounds import complete_round, generate_swiss_round

pytestmark = pytest.mark.django_db
BASE = "/api/v1/tournaments/spring-cup"


def finish_round_one(event):
    for match in event.round.matches.all():
        enter_result(match, game(match, match.table_number), Actor(user=event.referee))
    complete_round(event.round)


def test_standings_json_and_csv_agree(event, anon):
    finish_round_one(event)
    rows = anon.get(f"{BASE}/standings/").json()
    assert [r["position"] for r in rows] == list(range(1, 9))
    assert rows[0]["points"] >= rows[-1]["points"]
    assert set(rows[0]["tiebreaks"]) == {
        "victory_cup_tokens",
        "strength_of_schedule",
        "first_places",
    }
    response = anon.get(f"{BASE}/standings.csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    table = list(csv.reader(io.StringIO(response.content.decode())))
    assert table[0][:5] == ["rank", "position", "name", "status", "points"]
    assert [line[2] for line in table[1:]] == [r["name"] for r in rows]


def test_pairings_csv_lists_every_seat_and_hides_drafts(event, anon):
    response = anon.get(f"{BASE}/rounds/1/pairings.csv")
    lines = list(csv.reader(io.StringIO(response.content.decode())))
    assert lines[0] == [
        "round", "table", "group", "seat", "entrant", "flower", "bye", "status", "place", "points"
    ]  # fmt: skip
    assert len(lines) == 9
    assert {line[5] for line in lines[1:]} <= {"red", "orange", "yellow", "green", "blue", "purple"}
    finish_round_one(event)
    generate_swiss_round(event.tournament, seed=5)  # a draft round 2
    assert anon.get(f"{BASE}/rounds/2/pairings.csv").status_code == 404
    assert user_client(event.referee).get(f"{BASE}/rounds/2/pairings.csv").status_code == 200


def test_bracket_is_empty_before_the_cut(event, anon):
    data = anon.get(f"{BASE}/bracket/").json()
    assert data == {"tournament": "spring-cup", "status": "swiss", "stages": []}


def test_private_event_standings_are_hidden(event, anon):
    event.tournament.is_public = False
    event.tournament.save()
    assert anon.get(f"{BASE}/standings/").status_code == 404
    assert user_client(event.referee).get(f"{BASE}/standings/").status_code == 200


def test_bracket_of_a_finished_event_shows_groups_final_games_and_places(anon):
    from django.core.management import call_command

    call_command(
        "simulate_event", "--players", "10", "--rounds", "2", "--seed", "4", "--slug", "sim-cup"
    )
    data = anon.get("/api/v1/tournaments/sim-cup/bracket/").json()
    assert data["status"] == "finished"
    first = data["stages"][0]
    assert first["stage"] == "elimination_1"
    assert [g["label"] for g in first["groups"]] == ["A", "B"]  # 8-15 players: top 8, two groups
    finals = [s for s in data["stages"] if s["stage"] == "final"]
    assert [s["game"] for s in finals] == [1, 2, 3]
    assert all(len(s["groups"][0]["seats"]) == 4 for s in finals)
    assert all(seat["place"] is not None for s in finals for seat in s["groups"][0]["seats"])


def test_elimination_step_is_a_job_for_organisers_only(
    event, anon, django_capture_on_commit_callbacks
):
    url = f"{BASE}/elimination/step/"
    assert anon.post(url, {}, format="json").status_code == 401
    assert user_client(event.referee).post(url, {}, format="json").status_code == 403
    organiser = user_client(event.organiser)
    assert organiser.post(url, {}, format="json").status_code == 409  # round 1 is open
    finish_round_one(event)
    event.tournament.swiss_rounds = 1
    event.tournament.save()
    with django_capture_on_commit_callbacks(execute=True):
        response = organiser.post(url, {}, format="json")
    assert response.status_code == 202
    assert organiser.get(response.json()["status_url"]).json()["status"] == "done"
    assert organiser.get(f"{BASE}/bracket/").json()["stages"] == []  # drafts are not shown
    assert organiser.post(url, {}, format="json").status_code == 409  # the final is unplayed
