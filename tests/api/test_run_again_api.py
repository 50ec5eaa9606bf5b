""" "Run this again" through the API: the same service as the console page, the same refusals."""

import datetime

import pytest
from django.utils import timezone

from common.audit.models import AuditEntry
from tests.api.conftest import entrant_client, user_client
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def days(n: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=n)


URL = "/api/v1/tournaments/spring-cup/run-again/"


def test_the_organiser_runs_the_event_again(event):
    event.tournament.venue = "Main Hall"
    event.tournament.save()
    body = {"starts_on": days(7).isoformat(), "slug": "spring-cup-2", "name": "Spring Cup II"}
    response = user_client(event.organiser).post(URL, body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["slug"] == "spring-cup-2" and data["name"] == "Spring Cup II"
    assert data["entrant_count"] == 0 and data["status"] == "setup"
    copy = Tournament.objects.get(slug="spring-cup-2")
    assert copy.venue == "Main Hall" and copy.swiss_rounds == event.tournament.swiss_rounds
    entry = AuditEntry.objects.get(tournament=copy, action="tournament.created")
    assert entry.channel == "api" and entry.after["run_again_from"] == "spring-cup"


@pytest.mark.parametrize(
    ("body", "code", "problem"),
    [
        ({"starts_on": "past", "slug": "x"}, 400, "starts_on"),
        ({"slug": "spring-cup-2"}, 400, "starts_on"),
        ({"starts_on": "2000-01-01", "slug": "spring-cup-2"}, 409, "is in the past"),
        ({"starts_on": "TODAY", "slug": "other-cup"}, 409, "other-cup is taken"),
        ({"starts_on": "TODAY", "slug": "spring-cup-2", "entrants": True}, 400, "Unknown field"),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(event, body, code, problem):
    body = {k: days(1).isoformat() if v == "TODAY" else v for k, v in body.items()}
    before = Tournament.objects.count(), AuditEntry.objects.count()
    response = user_client(event.organiser).post(URL, body, format="json")
    assert response.status_code == code
    assert problem in str(response.json())
    assert (Tournament.objects.count(), AuditEntry.objects.count()) == before


def test_only_organisers_run_it_again(event, anon):
    body = {"starts_on": days(7).isoformat(), "slug": "spring-cup-2"}
    assert anon.post(URL, body, format="json").status_code == 401
    assert user_client(event.referee).post(URL, body, format="json").status_code == 403
    assert user_client(event.other_organiser).post(URL, body, format="json").status_code == 403
    assert entrant_client(event.players[0]).post(URL, body, format="json").status_code in (401, 403)
    assert not Tournament.objects.filter(slug="spring-cup-2").exists()
