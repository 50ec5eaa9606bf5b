"""The API's error messages follow Accept-Language (field names and codes stay English), and a
report the rules refuse is worded in the reader's language, naming the same sides and fields."""

import pytest

from matches.models import ResultVersion
from tests.api.conftest import user_client

pytestmark = pytest.mark.django_db


def test_a_validation_error_reads_in_german(event):
    client = user_client(event.organiser)
    url = "/api/v1/tournaments/spring-cup/entrants/"
    german = client.post(url, {"club": "x"}, format="json", HTTP_ACCEPT_LANGUAGE="de")
    assert german.status_code == 400
    assert german.json() == {"name": ["Dieses Feld ist zwingend erforderlich."]}
    assert german["Content-Language"] == "de"
    english = client.post(url, {"club": "x"}, format="json")
    assert english.json() == {"name": ["This field is required."]}


def refused_report(event, **headers):
    sides = [str(s.entrant_id) for s in event.match.seats.order_by("position")]
    report = {
        "sides": [
            {"side": sides[0], "victory_cup_tokens": 3, "survivors": 0},
            {"side": sides[1], "victory_cup_tokens": -1, "survivors": 0},
        ]
    }
    url = f"/api/v1/matches/{event.match.pk}/results/"
    response = user_client(event.referee).post(url, {"report": report}, format="json", **headers)
    assert response.status_code == 400
    return sides[1], response.json()["errors"]


def test_the_engine_refusal_reads_in_german_with_the_same_sides_and_fields(event):
    side, english = refused_report(event)
    _side, german = refused_report(event, HTTP_ACCEPT_LANGUAGE="de")
    assert {
        "side": side,
        "field": "victory_cup_tokens",
        "message": ("victory_cup_tokens is -1 but must be at least 0"),
    } in english
    assert {
        "side": side,
        "field": "victory_cup_tokens",
        "message": ("victory_cup_tokens ist -1, muss aber mindestens 0 sein"),
    } in german
    assert [(e["side"], e["field"]) for e in german] == [(e["side"], e["field"]) for e in english]
    assert not ResultVersion.objects.filter(match=event.match).exists()
