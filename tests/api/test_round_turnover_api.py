"""Issue 18.6 over the API: close a round and pair the next in one request, and the event
setting that starts the clock when a round is published."""

import pytest

from common.audit.actor import Actor
from common.audit.models import AuditEntry
from matches.services.results import enter_result
from tests.api.conftest import entrant_client, game, user_client
from tournament.models import GenerationJob, RoundStatus

pytestmark = pytest.mark.django_db

EVENT = "/api/v1/tournaments/spring-cup/"
ROUNDS = f"{EVENT}rounds/"


def accept_all(event, matches=None):
    for match in matches or event.round.matches.all():
        enter_result(match, game(match), Actor(user=event.referee))


def test_close_and_pair_answers_with_the_done_job_of_the_next_round(
    event, django_capture_on_commit_callbacks
):
    accept_all(event)
    client = user_client(event.organiser)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"{ROUNDS}1/close-and-pair/", {}, format="json")
    assert response.status_code == 202, response.json()
    job = response.json()
    # the test's transaction holds the task back until the request ends; a server runs it
    # eagerly before answering (the page test sees that)
    job = client.get(job["status_url"]).json()
    assert (job["kind"], job["status"], job["round"]) == ("swiss_round", "done", 2)
    assert client.get(f"{ROUNDS}1/").json()["status"] == "complete"
    assert client.get(f"{ROUNDS}2/").json()["status"] == "draft"
    channels = set(
        AuditEntry.objects.filter(
            action__in=["round.completed", "round.generation_requested"]
        ).values_list("channel", flat=True)
    )
    assert channels == {"api"}
    again = client.post(f"{ROUNDS}1/close-and-pair/", {}, format="json")
    assert again.status_code == 409 and "already complete" in again.json()["detail"]


def test_open_tables_need_a_reason_then_the_reason_is_kept(
    event, django_capture_on_commit_callbacks
):
    accept_all(event, [event.match])
    client = user_client(event.organiser)
    refused = client.post(f"{ROUNDS}1/close-and-pair/", {}, format="json")
    assert refused.status_code == 409
    assert "give a reason" in refused.json()["detail"]
    assert client.get(f"{ROUNDS}1/").json()["status"] == "published"
    assert not GenerationJob.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"{ROUNDS}1/close-and-pair/", {"reason": "table 2 ran out of time"}, format="json"
        )
    assert response.status_code == 202
    assert client.get(f"{ROUNDS}1/").json()["closed_reason"] == "table 2 ran out of time"


@pytest.mark.parametrize(
    "body, field",
    [({"reason": "x" * 2001}, "reason"), ({"reason": ["a"]}, "reason"), ({"pair": 1}, None)],
)
def test_bad_input_is_refused_and_changes_nothing(event, body, field):
    response = user_client(event.organiser).post(f"{ROUNDS}1/close-and-pair/", body, format="json")
    assert response.status_code == 400
    if field:
        assert field in response.json()
    event.round.refresh_from_db()
    assert event.round.status == RoundStatus.PUBLISHED


def test_only_organisers_turn_a_round_over(event):
    accept_all(event)
    assert user_client(event.referee).post(f"{ROUNDS}1/close-and-pair/").status_code == 403
    player = entrant_client(event.players[0]).post(f"{ROUNDS}1/close-and-pair/")
    assert player.status_code in (401, 403)
    other = user_client(event.other_organiser).post(f"{ROUNDS}1/close-and-pair/")
    assert other.status_code in (403, 404)
    event.round.refresh_from_db()
    assert event.round.status == RoundStatus.PUBLISHED


def test_the_clock_on_publish_setting_is_stored_audited_and_used(
    event, django_capture_on_commit_callbacks
):
    client = user_client(event.organiser)
    assert client.get(EVENT).json()["start_clock_on_publish"] is False
    response = client.patch(EVENT, {"start_clock_on_publish": True}, format="json")
    assert response.status_code == 200 and response.json()["start_clock_on_publish"] is True
    updated = AuditEntry.objects.get(action="tournament.updated")
    assert (updated.before, updated.after) == (
        {"start_clock_on_publish": False},
        {"start_clock_on_publish": True},
    )
    accept_all(event)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"{ROUNDS}1/close-and-pair/", {}, format="json")
    published = client.post(f"{ROUNDS}2/publish/", {}, format="json").json()
    assert published["status"] == RoundStatus.RUNNING
    assert AuditEntry.objects.filter(action="clock.start", channel="api").count() == 1


@pytest.mark.parametrize("value", ["maybe", 3, ["true"], None, {"on": True}])
def test_a_bad_clock_on_publish_value_is_refused_by_name(event, value):
    response = user_client(event.organiser).patch(
        EVENT, {"start_clock_on_publish": value}, format="json"
    )
    assert response.status_code == 400
    assert list(response.json()) == ["start_clock_on_publish"]
    event.tournament.refresh_from_db()
    assert event.tournament.start_clock_on_publish is False
