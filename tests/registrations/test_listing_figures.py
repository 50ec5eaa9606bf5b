"""The public listing shows places left and the closing time from the registration policy."""

import datetime

import pytest
from django.utils import timezone

from registrations.services.policy import set_policy
from tests.factories import EntrantFactory, TournamentFactory
from tests.registrations.conftest import organiser_actor
from tournament.models import EntrantStatus

pytestmark = pytest.mark.django_db


def home(client) -> str:
    response = client.get("/")
    assert response.status_code == 200
    return response.content.decode()


def test_places_left_count_the_field_without_dropped_players(client):
    event = TournamentFactory(name="Capped Night")
    closes = timezone.now() + datetime.timedelta(days=3)
    set_policy(event, organiser_actor(event), self_service=True, capacity=5, closes_at=closes)
    EntrantFactory.create_batch(2, tournament=event)
    EntrantFactory(tournament=event, status=EntrantStatus.DROPPED)
    page = home(client)
    assert "3 places left" in page
    assert "Registration open until" in page


def test_no_figures_when_the_organiser_registers_the_players(client):
    event = TournamentFactory(name="Typed Night")
    set_policy(event, organiser_actor(event), self_service=False, capacity=5)
    page = home(client)
    assert "Typed Night" in page and "places left" not in page
