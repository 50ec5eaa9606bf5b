"""A promoted player's devices hear that they have a place (web push, after the commit)."""

import pytest

from common.audit.actor import Actor
from notifications.services.subscriptions import subscribe_staff
from registrations.services.register import register
from registrations.services.withdraw import withdraw
from tests.notifications.conftest import push_on, push_service, vapid_pair  # noqa: F401
from tests.notifications.test_delivery import subscription_of
from tests.registrations.conftest import open_event, player_actor, players

pytestmark = pytest.mark.django_db


def test_the_promoted_players_device_hears_of_the_place(
    push_on,  # noqa: F811
    push_service,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    tournament = open_event(capacity=1)
    first, second = players(2)
    seated = register(tournament, first, name="First", actor=player_actor(first))
    waiting = register(tournament, second, name="Second", actor=player_actor(second))
    device = push_service.device("waiting-phone")
    subscribe_staff(second, tournament, subscription_of(device), Actor(user=second))
    with django_capture_on_commit_callbacks(execute=True):
        withdraw(seated, player_actor(first))
    waiting.refresh_from_db()
    (push,) = push_service.pushes_to("waiting-phone")
    assert push.payload["title"] == tournament.name
    assert "you are now registered" in push.payload["body"]
    assert push.payload["url"] == f"/me/{waiting.entrant.access_token}/"
