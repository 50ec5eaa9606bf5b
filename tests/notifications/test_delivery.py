"""Pushes delivered end to end: the services publish and report, the Celery task (eager)
signs and encrypts through pywebpush, and the local push service checks the VAPID signature
and decrypts each push with the key the test's fake device holds."""

import time

import pytest
from django.db import transaction

from common.audit.actor import Actor
from common.webpush.subscription_data import SubscriptionData
from matches.models import MatchStatus
from matches.services.results import correct_result, enter_result
from notifications.models import MAX_FAILURES, PushSubscription
from notifications.services import pushes
from notifications.services.subscriptions import subscribe_entrant, subscribe_staff
from tests.browser.helpers import report_for
from tests.factories import EntrantFactory, TournamentFactory, UserFactory, report_then_dispute
from tests.notifications.conftest import SUBJECT
from tournament.models import StaffRole, StaffRoleKind
from tournament.services.registration import replace_private_link
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


def subscription_of(device) -> SubscriptionData:
    data = device.subscription()
    return SubscriptionData(data["endpoint"], data["keys"]["p256dh"], data["keys"]["auth"])


def subscribe(push_service, entrant, name=None, answer=201):
    device = push_service.device(name or f"entrant-{entrant.pk}", answer=answer)
    subscribe_entrant(entrant, subscription_of(device), Actor(entrant=entrant))
    return device


def event_of(players=8, name="Harbour Cup"):
    tournament = TournamentFactory(name=name)
    entrants = [EntrantFactory(tournament=tournament) for _ in range(players)]
    return tournament, entrants


def publish(tournament, capture):
    round_ = generate_swiss_round(tournament, seed=7)
    with capture(execute=True):
        publish_round(round_)
    return round_


def test_each_seated_player_hears_their_table_and_colour(
    push_on, push_service, django_capture_on_commit_callbacks
):
    tournament, entrants = event_of()
    first, second = entrants[0], entrants[5]
    subscribe(push_service, first)
    subscribe(push_service, second)
    round_ = publish(tournament, django_capture_on_commit_callbacks)
    for entrant in (first, second):
        seat = round_.seats.select_related("match").get(entrant=entrant)
        (push,) = push_service.pushes_to(f"entrant-{entrant.pk}")
        colour = seat.flower_colour.capitalize()
        assert colour  # Eye for an Eye deals a flower to every player
        assert push.payload == {
            "title": "Harbour Cup",
            "body": f"Round 1: table {seat.match.table_number}, start on {colour}",
            "url": f"/me/{entrant.access_token}/",
            "tag": f"t{tournament.pk}-table",
        }
        # signed with the server's VAPID key, for this push service, by this contact
        assert push.vapid_key == push_on.VAPID_PUBLIC_KEY
        assert push.claims["aud"] == push_service.base
        assert push.claims["sub"] == SUBJECT
        assert push.claims["exp"] > time.time()
        assert push.headers["ttl"] == "3600"
        assert push.headers["urgency"] == "high"
    assert len(push_service.received) == 2  # nobody else subscribed
    assert PushSubscription.objects.filter(last_success_at__isnull=False).count() == 2


def test_a_gone_subscription_is_removed_and_the_others_still_arrive(
    push_on, push_service, django_capture_on_commit_callbacks
):
    tournament, entrants = event_of(4)
    subscribe(push_service, entrants[0], "dropped", answer=410)
    subscribe(push_service, entrants[0], "also-dropped", answer=404)
    subscribe(push_service, entrants[1], "kept")
    publish(tournament, django_capture_on_commit_callbacks)
    assert [p.device for p in push_service.received] == ["kept"]
    assert list(PushSubscription.objects.values_list("entrant", flat=True)) == [entrants[1].pk]


def test_a_dead_endpoint_does_not_break_publishing(
    push_on, push_service, django_capture_on_commit_callbacks
):
    tournament, entrants = event_of(4)
    dead = push_service.device("dead")
    dead.endpoint = "http://127.0.0.1:9/push/dead"  # the discard port: nobody listens
    subscribe_entrant(entrants[0], subscription_of(dead), Actor(entrant=entrants[0]))
    subscribe(push_service, entrants[1], "alive")
    round_ = publish(tournament, django_capture_on_commit_callbacks)
    round_.refresh_from_db()
    assert round_.status == "published"
    assert [p.device for p in push_service.received] == ["alive"]
    failed = PushSubscription.objects.get(entrant=entrants[0])
    assert failed.failures == 1 and failed.last_failure_at is not None
    assert "127.0.0.1" in failed.last_error
    assert failed.last_success_at is None


def test_a_push_service_in_trouble_is_counted_then_given_up(
    push_on, push_service, django_capture_on_commit_callbacks
):
    tournament, entrants = event_of(4)
    subscribe(push_service, entrants[0], "troubled", answer=500)
    subscription = PushSubscription.objects.get()
    PushSubscription.objects.update(failures=MAX_FAILURES - 2)
    round_ = generate_swiss_round(tournament, seed=7)
    with django_capture_on_commit_callbacks(execute=True):
        pushes.table_published(round_)
    subscription.refresh_from_db()
    assert subscription.failures == MAX_FAILURES - 1
    assert subscription.last_error == "push service answered 500"
    with django_capture_on_commit_callbacks(execute=True):
        pushes.table_published(round_)
    assert not PushSubscription.objects.exists()


def test_a_success_clears_the_failures(push_on, push_service, django_capture_on_commit_callbacks):
    tournament, entrants = event_of(4)
    subscribe(push_service, entrants[0], "back")
    PushSubscription.objects.update(failures=3, last_error="push service answered 503")
    publish(tournament, django_capture_on_commit_callbacks)
    subscription = PushSubscription.objects.get()
    assert (subscription.failures, subscription.last_error) == (0, "")


def test_nothing_is_sent_for_a_publish_that_is_rolled_back(
    push_on, push_service, django_capture_on_commit_callbacks
):
    tournament, entrants = event_of(4)
    subscribe(push_service, entrants[0])
    round_ = generate_swiss_round(tournament, seed=7)
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        publish_round(round_)
        raise RuntimeError("the organiser's request failed after publishing")
    assert callbacks == [] and push_service.received == []


def test_with_push_off_nothing_is_sent(push_on, push_service, django_capture_on_commit_callbacks):
    settings = push_on
    tournament, entrants = event_of(4)
    subscribe(push_service, entrants[0])
    settings.VAPID_PRIVATE_KEY = settings.VAPID_PUBLIC_KEY = ""
    publish(tournament, django_capture_on_commit_callbacks)
    assert push_service.received == []
    assert PushSubscription.objects.count() == 1  # kept for when push is on again


def one_table(push_service):
    tournament, entrants = event_of(4, name="Cellar Open")
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    match = round_.matches.get()
    seats = list(match.seats.select_related("entrant").order_by("position"))
    devices = [subscribe(push_service, seat.entrant, f"seat-{seat.position}") for seat in seats]
    return tournament, match, seats, devices


def bodies(push_service, name):
    return [p.payload["body"] for p in push_service.pushes_to(name)]


def test_a_report_asks_the_other_sides_and_a_dispute_reaches_the_table_and_the_staff(
    push_on, push_service, django_capture_on_commit_callbacks
):
    tournament, match, seats, devices = one_table(push_service)
    referee = UserFactory()
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)
    former = UserFactory()  # subscribed at the desk, then left the staff
    desk = push_service.device("desk")
    subscribe_staff(referee, tournament, subscription_of(desk), Actor(user=referee))
    subscribe_staff(former, tournament, subscription_of(push_service.device("former")), Actor())
    with django_capture_on_commit_callbacks(execute=True):
        report_then_dispute(match, [6, 4, 2, 1], "we ended on time, not knock-outs")
    waiting = "Round 1, table 1: a result waits for your confirmation"
    disputed = "Round 1, table 1: your table's result was disputed"
    # seat 1 reported: the others are asked; seat 2 disputed: the others hear of it
    assert bodies(push_service, "seat-1") == [disputed]
    assert bodies(push_service, "seat-2") == [waiting]
    assert bodies(push_service, "seat-3") == [waiting, disputed]
    (staff_push,) = push_service.pushes_to("desk")
    assert staff_push.payload["body"] == "A dispute at table 1 (round 1)"
    assert staff_push.payload["url"] == f"/events/{tournament.slug}/desk/matches/{match.pk}/"
    assert push_service.pushes_to("former") == []
    assert MatchStatus(match.__class__.objects.get(pk=match.pk).status) == MatchStatus.DISPUTED


def test_a_correction_reaches_every_side(push_on, push_service, django_capture_on_commit_callbacks):
    tournament, match, seats, devices = one_table(push_service)
    referee = tournament.organiser
    enter_result(match, report_for(match), Actor(user=referee))
    with django_capture_on_commit_callbacks(execute=True):
        correct_result(match, report_for(match), Actor(user=referee), "a typo in the tokens")
    for seat in seats:
        assert bodies(push_service, f"seat-{seat.position}") == [
            "Round 1, table 1: a referee corrected your table's result"
        ]


def test_a_replaced_private_link_silences_its_devices(push_on, push_service):
    tournament, entrants = event_of(4)
    subscribe(push_service, entrants[0])
    replace_private_link(entrants[0])
    assert not PushSubscription.objects.exists()
