"""The home page, an event page and the public API answer, and show the data."""

import pytest

from tests.factories import EntrantFactory, TournamentFactory

pytestmark = pytest.mark.django_db


def test_home_lists_public_events_only(client):
    TournamentFactory(name="Club Night", is_public=True)
    TournamentFactory(name="Secret Playtest", is_public=False)
    response = client.get("/")
    assert response.status_code == 200
    assert "Club Night" in response.content.decode()
    assert "Secret Playtest" not in response.content.decode()


def test_event_page_shows_entrants(client):
    tournament = TournamentFactory(name="Spring Cup")
    EntrantFactory(tournament=tournament, display_name="Ada Lovelace", name_listed=True)
    EntrantFactory(tournament=tournament, display_name="Grace Hopper")  # did not agree
    response = client.get(f"/events/{tournament.slug}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Ada Lovelace" in page and "Grace Hopper" not in page


def test_private_event_page_is_not_found(client):
    tournament = TournamentFactory(is_public=False)
    assert client.get(f"/events/{tournament.slug}/").status_code == 404


def test_api_lists_tournaments_without_login(client):
    tournament = TournamentFactory(name="API Cup")
    EntrantFactory.create_batch(3, tournament=tournament)
    response = client.get("/api/v1/tournaments/")
    assert response.status_code == 200
    data = response.json()
    assert data["count"] == 1
    assert data["results"][0]["name"] == "API Cup"
    assert data["results"][0]["entrant_count"] == 3


def test_api_refuses_writes_without_login(client):
    response = client.post("/api/v1/tournaments/", {"name": "x"})
    assert response.status_code in (401, 403)


def test_openapi_schema_is_served(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert b"openapi" in response.content
