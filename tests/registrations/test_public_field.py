"""Issue 36, item 13: the event's public list names only the players who agreed to it."""

import pytest

from registrations.services.register import register
from tests.api.conftest import user_client
from tests.factories import EntrantFactory, TournamentFactory
from tests.registrations.conftest import open_event, player_actor, players
from tournament.models import Entrant

pytestmark = pytest.mark.django_db


def home(client, tournament) -> str:
    response = client.get(f"/events/{tournament.slug}/")
    assert response.status_code == 200
    return response.content.decode()


def test_only_agreed_names_are_listed_the_rest_counted(client):
    tournament = TournamentFactory(slug="quiet-cup")
    EntrantFactory(tournament=tournament, display_name="Open Olga", name_listed=True)
    for name in ("Shy Sam", "Private Pat"):
        EntrantFactory(tournament=tournament, display_name=name)
    page = home(client, tournament)
    assert "Open Olga" in page
    assert "Shy Sam" not in page and "Private Pat" not in page
    assert "Entered (3)" in page and "And 2 more players" in page


def test_a_registration_carries_the_players_choice_to_the_list(client):
    tournament = open_event(capacity=10)
    agreed, declined = players(2, prefix="lister")
    register(tournament, agreed, name="Named Nora", actor=player_actor(agreed), name_listed=True)
    register(tournament, declined, name="Hidden Hal", actor=player_actor(declined))
    page = home(client, tournament)
    assert "Named Nora" in page and "Hidden Hal" not in page and "And 1 more player" in page


def test_pairings_keep_every_name(client):
    tournament = TournamentFactory(slug="named-cup")
    EntrantFactory(tournament=tournament, display_name="Shy Sam")
    response = client.get(f"/api/v1/tournaments/{tournament.slug}/entrants/")
    assert "Shy Sam" in response.content.decode()


def test_the_organisers_form_records_that_the_player_agreed(client):
    tournament = TournamentFactory(slug="desk-cup")
    client.force_login(tournament.organiser)
    url = f"/events/{tournament.slug}/manage/entrants/"
    client.post(url, {"name": "Ticked Tia", "name_listed": "on", "new_player": "1"})
    client.post(url, {"name": "Plain Pete", "new_player": "1"})
    listed = dict(Entrant.objects.values_list("display_name", "name_listed"))
    assert listed == {"Ticked Tia": True, "Plain Pete": False}


def test_the_api_records_that_the_player_agreed():
    tournament = TournamentFactory(slug="api-cup")
    client = user_client(tournament.organiser)
    url = f"/api/v1/tournaments/{tournament.slug}/entrants/"
    agreed = client.post(url, {"name": "Api Ann", "name_listed": True}, format="json")
    plain = client.post(url, {"name": "Api Bob"}, format="json")
    assert agreed.status_code == plain.status_code == 201
    assert agreed.json()["name_listed"] is True and plain.json()["name_listed"] is False
