"""Issue 35.2 at the event: a Tsukuyumi two-player event refuses a number of rounds its game
does not play, naming the setting, and creates nothing."""

import pytest

from tests.api.conftest import user_client
from tests.factories import UserFactory
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

NEW = {"name": "Moonfall", "slug": "moonfall", "game_system": "tsukuyumi", "swiss_rounds": 3}


@pytest.mark.parametrize("rounds", [4, 5])
def test_a_two_player_event_refuses_rounds_other_than_three(rounds):
    client = user_client(UserFactory())
    body = {**NEW, "mode": "two_player", "system_options": {"rounds": rounds}}
    response = client.post("/api/v1/tournaments/", body, format="json")
    assert response.status_code == 400
    assert "3 rounds" in " ".join(response.json()["system_options"])
    assert not Tournament.objects.filter(slug="moonfall").exists()


def test_a_standard_event_keeps_its_epic_game():
    client = user_client(UserFactory())
    body = {**NEW, "mode": "standard", "system_options": {"rounds": 5}}
    response = client.post("/api/v1/tournaments/", body, format="json")
    assert response.status_code == 201, response.json()
