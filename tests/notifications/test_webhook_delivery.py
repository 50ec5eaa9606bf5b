"""Issue 40.1: webhooks delivered end to end to a local receiver - signed in the Standard
Webhooks manner, retried with a doubling wait on no answer or a 5xx, logged attempt by attempt,
and switched off (with an e-mail to the organiser) after repeated failures."""

import time
from datetime import timedelta

import pytest
from django.core import mail
from django.db import transaction
from django.utils import timezone

from common.audit.actor import Actor
from notifications.logic import webhook_signature
from notifications.models import WebhookDelivery, WebhookEndpoint
from notifications.models.webhooks import DISABLE_AFTER_FAILURES
from notifications.services import webhook_events
from notifications.services.webhooks import create_endpoint
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.services.registration import open_registration
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


def event(players=4):
    organiser = UserFactory(email="desk@example.org")
    tournament = TournamentFactory(name="Harbour Cup", organiser=organiser)
    for _ in range(players):
        EntrantFactory(tournament=tournament)
    return tournament


def hook(tournament, url, events=("round.published",), kind="standard"):
    actor = Actor(user=tournament.organiser)
    return create_endpoint(tournament, url=url, kind=kind, events=list(events), actor=actor)


def publish(tournament, capture):
    round_ = generate_swiss_round(tournament, seed=7)
    with capture(execute=True):
        publish_round(round_)
    return round_


def test_a_published_round_reaches_the_endpoint_signed(
    webhooks_on, receiver, django_capture_on_commit_callbacks
):
    tournament = event()
    endpoint, secret = hook(tournament, receiver.url("cup"))
    hook(tournament, receiver.url("results-only"), events=["result.accepted"])
    round_ = publish(tournament, django_capture_on_commit_callbacks)
    (request,) = receiver.to("cup")
    assert receiver.to("results-only") == []
    assert secret.startswith("whsec_")
    assert webhook_signature.verify(secret, request.headers, request.body, int(time.time()))
    assert not webhook_signature.verify(
        webhook_signature.new_secret(), request.headers, request.body, int(time.time())
    )
    assert request.headers["webhook-id"].startswith("msg_")
    assert request.headers["content-type"] == "application/json"
    body = request.json()
    assert body["version"] == 1 and body["type"] == "round.published"
    assert body["data"] == {
        "tournament": {
            "id": tournament.pk,
            "slug": tournament.slug,
            "name": "Harbour Cup",
            "url": f"https://events.example.org/events/{tournament.slug}/",
        },
        "round": {
            "number": 1,
            "stage": round_.stage.label or round_.stage.get_kind_display(),
            "tables": round_.matches.count(),
            "url": f"https://events.example.org/events/{tournament.slug}/rounds/1/",
        },
    }
    (delivery,) = WebhookDelivery.objects.filter(endpoint=endpoint)
    assert (delivery.attempt, delivery.status_code, delivery.retry_in) == (1, 200, None)
    assert delivery.message_id == request.headers["webhook-id"]


def test_no_private_link_nor_email_in_any_message(
    webhooks_on, receiver, django_capture_on_commit_callbacks
):
    tournament = event()
    hook(tournament, receiver.url("all"), events=["registration.opened", "round.published"])
    with django_capture_on_commit_callbacks(execute=True):
        open_registration(tournament, Actor(user=tournament.organiser))
    publish(tournament, django_capture_on_commit_callbacks)
    bodies = b"".join(r.body for r in receiver.to("all")).decode()
    assert [r.json()["type"] for r in receiver.to("all")] == [
        "registration.opened",
        "round.published",
    ]
    for entrant in tournament.entrants.all():
        assert entrant.access_token not in bodies
    assert "desk@example.org" not in bodies


def test_failures_are_retried_with_a_doubling_wait_under_one_message_id(
    webhooks_on, receiver, django_capture_on_commit_callbacks
):
    tournament = event()
    endpoint, secret = hook(tournament, receiver.url("flaky", 503, 500, 200))
    publish(tournament, django_capture_on_commit_callbacks)
    requests = receiver.to("flaky")
    assert len(requests) == 3
    assert len({r.headers["webhook-id"] for r in requests}) == 1
    for request in requests:  # each attempt signed afresh
        assert webhook_signature.verify(secret, request.headers, request.body, int(time.time()))
    log = list(endpoint.deliveries.order_by("attempt"))
    assert [(d.attempt, d.status_code, d.retry_in) for d in log] == [
        (1, 503, 0.01),
        (2, 500, 0.02),
        (3, 200, None),
    ]
    assert len(log[0].response_excerpt) == 500  # the receiver answered 2,000 characters
    endpoint.refresh_from_db()
    assert endpoint.consecutive_failures == 0 and endpoint.last_success_at is not None


def test_the_attempts_are_bounded_and_a_refusal_is_not_retried(
    webhooks_on, receiver, django_capture_on_commit_callbacks
):
    tournament = event()
    down, _ = hook(tournament, receiver.url("down", 500))
    refusing, _ = hook(tournament, receiver.url("refusing", 400))
    publish(tournament, django_capture_on_commit_callbacks)
    assert len(receiver.to("down")) == webhooks_on.WEBHOOK_MAX_ATTEMPTS == 4
    waits = list(down.deliveries.order_by("attempt").values_list("retry_in", flat=True))
    assert waits == [0.01, 0.02, 0.04, None]  # doubling, capped at 0.04, none after the last
    assert len(receiver.to("refusing")) == 1
    assert refusing.deliveries.get().retry_in is None


def test_no_answer_is_a_failure_that_is_logged(webhooks_on, django_capture_on_commit_callbacks):
    tournament = event()
    endpoint, _ = hook(tournament, "http://127.0.0.1:9/hooks/nobody")  # the discard port
    webhooks_on.WEBHOOK_MAX_ATTEMPTS = 1
    round_ = publish(tournament, django_capture_on_commit_callbacks)
    round_.refresh_from_db()
    assert round_.status == "published"
    delivery = endpoint.deliveries.get()
    assert delivery.status_code is None and "127.0.0.1" in delivery.error


def test_repeated_failures_switch_the_endpoint_off_and_tell_the_organiser(
    webhooks_on, receiver, django_capture_on_commit_callbacks
):
    tournament = event()
    endpoint, _ = hook(tournament, receiver.url("broken", 500))
    webhooks_on.WEBHOOK_MAX_ATTEMPTS = 1
    WebhookEndpoint.objects.filter(pk=endpoint.pk).update(
        consecutive_failures=DISABLE_AFTER_FAILURES - 2
    )
    with django_capture_on_commit_callbacks(execute=True):
        webhook_events.send_test(endpoint)
    endpoint.refresh_from_db()
    assert endpoint.active and endpoint.consecutive_failures == DISABLE_AFTER_FAILURES - 1
    assert mail.outbox == []
    with django_capture_on_commit_callbacks(execute=True):
        webhook_events.send_test(endpoint)
    endpoint.refresh_from_db()
    assert not endpoint.active
    assert "10 failed attempts" in endpoint.disabled_reason
    (notice,) = mail.outbox
    assert notice.to == ["desk@example.org"]
    assert "Harbour Cup" in notice.subject
    assert f"/events/{tournament.slug}/manage/webhooks/" in notice.body
    # switched off: nothing more is sent
    publish(tournament, django_capture_on_commit_callbacks)
    assert len(receiver.to("broken")) == 2


def test_a_day_of_failures_switches_it_off_too(
    webhooks_on, receiver, django_capture_on_commit_callbacks
):
    tournament = event()
    endpoint, _ = hook(tournament, receiver.url("stale", 502))
    webhooks_on.WEBHOOK_MAX_ATTEMPTS = 1
    WebhookEndpoint.objects.filter(pk=endpoint.pk).update(
        consecutive_failures=1, failing_since=timezone.now() - timedelta(hours=25)
    )
    with django_capture_on_commit_callbacks(execute=True):
        webhook_events.send_test(endpoint)
    endpoint.refresh_from_db()
    assert not endpoint.active and len(mail.outbox) == 1


def test_a_stored_url_inside_the_network_is_never_sent_to(
    webhooks_on, receiver, django_capture_on_commit_callbacks
):
    tournament = event()
    endpoint, _ = hook(tournament, receiver.url("inner"))
    webhooks_on.WEBHOOK_ALLOW_LOOPBACK = False  # a server: its own machine is off limits
    webhooks_on.WEBHOOK_MAX_ATTEMPTS = 1
    with django_capture_on_commit_callbacks(execute=True):
        webhook_events.send_test(endpoint)
    assert receiver.to("inner") == []
    assert "own network" in endpoint.deliveries.get().error


def test_nothing_is_sent_for_a_change_that_is_rolled_back(
    webhooks_on, receiver, django_capture_on_commit_callbacks
):
    tournament = event()
    hook(tournament, receiver.url("cup"))
    round_ = generate_swiss_round(tournament, seed=7)
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        publish_round(round_)
        raise RuntimeError("the request failed after publishing")
    assert callbacks == [] and receiver.received == []
