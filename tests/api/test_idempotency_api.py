"""The Idempotency-Key header on the result API: a retry is answered with the first outcome."""

import uuid

import pytest

from matches.models import ResultResponse, ResultVersion
from tests.api.conftest import entrant_client, game, user_client

pytestmark = pytest.mark.django_db


def url(event, tail=""):
    return f"/api/v1/matches/{event.match.pk}/results/{tail}"


def test_a_retried_report_makes_one_version_and_says_it_is_a_replay(event):
    client = entrant_client(event.players[0])
    key = str(uuid.uuid4())
    body = {"report": game(event.match)}
    first = client.post(url(event), body, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert first.status_code == 201, first.json()
    again = client.post(url(event), body, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert again.status_code == 200 and again["Idempotent-Replayed"] == "true"
    assert again.json()["number"] == first.json()["number"]
    assert ResultVersion.objects.filter(match=event.match).count() == 1
    other = client.post(
        url(event), {"report": game(event.match, 3)}, format="json", HTTP_IDEMPOTENCY_KEY=key
    )
    assert other.status_code == 409 and "already used" in other.json()["detail"]


def test_a_retried_confirmation_and_entry(event):
    reporter, confirmer = event.players[:2]
    version = entrant_client(reporter).post(
        url(event), {"report": game(event.match)}, format="json"
    )
    number = version.json()["number"]
    key = str(uuid.uuid4())
    client = entrant_client(confirmer)
    for _ in range(2):
        answer = client.post(
            url(event, f"{number}/confirm/"), {}, format="json", **{"HTTP_IDEMPOTENCY_KEY": key}
        )
        assert answer.status_code == 200, answer.json()
    assert answer["Idempotent-Replayed"] == "true"
    assert ResultResponse.objects.filter(version__match=event.match).count() == 1
    referee = user_client(event.referee)
    entry_url = f"/api/v1/matches/{event.other_match.pk}/results/"
    entry = {"report": game(event.other_match)}
    key = str(uuid.uuid4())
    assert (
        referee.post(entry_url, entry, format="json", HTTP_IDEMPOTENCY_KEY=key).status_code == 201
    )
    assert (
        referee.post(entry_url, entry, format="json", HTTP_IDEMPOTENCY_KEY=key).status_code == 200
    )
    assert ResultVersion.objects.filter(match=event.other_match).count() == 1


@pytest.mark.parametrize("hostile", ["nope", "x" * 300, "12345678-1234-1234-1234-12345678901Z"])
def test_a_key_that_is_not_a_uuid_is_a_field_error(event, hostile):
    response = entrant_client(event.players[0]).post(
        url(event), {"report": game(event.match)}, format="json", HTTP_IDEMPOTENCY_KEY=hostile
    )
    assert response.status_code == 400
    assert "must be a UUID" in response.json()["Idempotency-Key"][0]
    assert not ResultVersion.objects.filter(match=event.match).exists()
