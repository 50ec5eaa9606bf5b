"""Issue 38 item 4 through the API: a table's extra time and a side's penalties, the same
services as the desk page, staff of the event only; bad input changes nothing."""

import uuid

import pytest
from rest_framework.test import APIClient

from common.audit.models import AuditEntry
from tests.api.conftest import entrant_client, user_client
from tournament.models import Penalty

pytestmark = pytest.mark.django_db


def time_url(match):
    return f"/api/v1/matches/{match.pk}/extra-time/"


def penalties_url(entrant):
    return f"/api/v1/tournaments/spring-cup/entrants/{entrant.pk}/penalties/"


def test_a_referee_gives_a_table_extra_time(event):
    body = {"minutes": 4, "reason": "a player was called away"}
    response = user_client(event.referee).post(time_url(event.match), body, format="json")
    assert response.status_code == 200, response.json()
    assert response.json() == {
        "match": event.match.pk,
        "table": event.match.table_number,
        "extra_seconds": 240,
    }
    entry = AuditEntry.objects.get(action="table.extra_time")
    assert entry.channel == "api" and entry.reason == "a player was called away"
    again = user_client(event.referee).post(time_url(event.match), body, format="json")
    assert again.status_code == 200
    assert AuditEntry.objects.filter(action="table.extra_time").count() == 1


@pytest.mark.parametrize(
    ("who", "body", "code"),
    [
        ("anonymous", {"minutes": 2, "reason": "late"}, 401),
        ("player", {"minutes": 2, "reason": "late"}, 401),
        ("other_organiser", {"minutes": 2, "reason": "late"}, 403),
        ("referee", {"minutes": 99, "reason": "late"}, 400),
        ("referee", {"minutes": "two", "reason": "late"}, 400),
        ("referee", {"minutes": 2}, 400),
        ("referee", {"minutes": 2, "reason": "   "}, 400),
        ("referee", {"minutes": 2, "reason": "late", "seconds": 5}, 400),
    ],
)
def test_refused_extra_time_changes_nothing(event, who, body, code):
    client = {
        "anonymous": APIClient(),
        "player": entrant_client(event.players[0]),
        "other_organiser": user_client(event.other_organiser),
        "referee": user_client(event.referee),
    }[who]
    response = client.post(time_url(event.match), body, format="json")
    assert response.status_code == code, response.json()
    event.match.refresh_from_db()
    assert event.match.extra_seconds == 0
    assert not AuditEntry.objects.filter(action="table.extra_time").exists()


def test_a_bye_gets_no_extra_time_409(event):
    event.match.is_bye = True
    event.match.save()
    body = {"minutes": 2, "reason": "late"}
    response = user_client(event.organiser).post(time_url(event.match), body, format="json")
    assert response.status_code == 409


def test_penalties_are_given_listed_and_counted_once_per_key(
    event, django_capture_on_commit_callbacks
):
    target = event.players[1]
    # the standings were read (and cached) before: the penalty must move them all the same
    assert user_client(event.organiser).get("/api/v1/tournaments/spring-cup/standings/").json()
    key = str(uuid.uuid4())
    body = {"kind": "points", "points": 2, "reason": "slow play", "round": 1, "request_key": key}
    with django_capture_on_commit_callbacks(execute=True):
        first = user_client(event.referee).post(penalties_url(target), body, format="json")
    assert first.status_code == 201, first.json()
    again = user_client(event.referee).post(penalties_url(target), body, format="json")
    assert again.json()["id"] == first.json()["id"]
    assert Penalty.objects.count() == 1
    listed = user_client(event.organiser).get(penalties_url(target)).json()
    assert [(p["kind"], p["points"], p["reason"], p["round"]) for p in listed] == [
        ("points", 2, "slow play", 1)
    ]
    standings = user_client(event.organiser).get("/api/v1/tournaments/spring-cup/standings/")
    points = {row["entrant"]: row["points"] for row in standings.json()}
    assert points[target.pk] == -2 and points[event.players[0].pk] == 0


@pytest.mark.parametrize(
    ("who", "body", "code"),
    [
        ("player", {"kind": "warning", "reason": "noise"}, 403),
        ("other_organiser", {"kind": "warning", "reason": "noise"}, 403),
        ("referee", {"kind": "game_loss", "reason": "noise"}, 400),
        ("referee", {"kind": "points", "points": 11, "reason": "noise"}, 400),
        ("referee", {"kind": "points", "reason": "noise"}, 409),
        ("referee", {"kind": "warning", "points": 2, "reason": "noise"}, 409),
        ("referee", {"kind": "warning", "reason": ""}, 400),
        ("referee", {"kind": "warning", "reason": "noise", "round": 9}, 404),
    ],
)
def test_refused_penalties_change_nothing(event, who, body, code):
    client = {
        "player": entrant_client(event.players[0]),
        "other_organiser": user_client(event.other_organiser),
        "referee": user_client(event.referee),
    }[who]
    response = client.post(penalties_url(event.players[1]), body, format="json")
    assert response.status_code == code, response.json()
    assert Penalty.objects.count() == 0
    assert not AuditEntry.objects.filter(action__startswith="penalty.").exists()


def test_a_penalty_is_withdrawn_once_through_the_api(event):
    target = event.players[1]
    body = {"kind": "points", "points": 2, "reason": "slow play"}
    given = user_client(event.referee).post(penalties_url(target), body, format="json").json()
    url = f"{penalties_url(target)}{given['id']}/withdraw/"
    refused = user_client(event.other_organiser).post(url, {"reason": "x"}, format="json")
    assert refused.status_code == 403
    assert user_client(event.referee).post(url, {}, format="json").status_code == 400
    done = user_client(event.organiser).post(url, {"reason": "wrong table"}, format="json")
    assert done.status_code == 200, done.json()
    assert done.json()["withdrawal_reason"] == "wrong table" and done.json()["withdrawn_at"]
    again = user_client(event.organiser).post(url, {"reason": "again"}, format="json")
    assert again.json()["withdrawal_reason"] == "wrong table"
    assert AuditEntry.objects.filter(action="penalty.withdrawn").count() == 1
    standings = user_client(event.organiser).get("/api/v1/tournaments/spring-cup/standings/")
    points = {row["entrant"]: row["points"] for row in standings.json()}
    assert points[target.pk] == 0  # round 1 has no result yet: nothing left taken off
