"""Players' pages: published tables are public, drafts are not, private links work."""

import pytest

from tests.factories import EntrantFactory, TournamentFactory
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    tournament = TournamentFactory(slug="page-cup")
    entrants = [EntrantFactory(tournament=tournament, display_name=f"Player {i}") for i in range(7)]
    return tournament, entrants


def test_draft_round_is_hidden_until_published(client, event):
    tournament, _ = event
    round_ = generate_swiss_round(tournament, seed=3)
    assert client.get("/events/page-cup/rounds/1/").status_code == 404
    publish_round(round_)
    response = client.get("/events/page-cup/rounds/1/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Table 1" in page and "Table 2" in page
    assert page.count("<tr data-live-seat=") == 7


def test_private_link_shows_my_table_and_colour(client, event):
    tournament, entrants = event
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    me = entrants[0]
    seat = round_.seats.get(entrant=me)
    response = client.get(f"/me/{me.access_token}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert f"table {seat.match.table_number}" in page
    assert seat.flower_colour.capitalize() in page
    assert "(you)" in page


def test_revoked_private_link_stops_working(client, event):
    _, entrants = event
    old = entrants[0].access_token
    entrants[0].revoke_access_token()
    assert client.get(f"/me/{old}/").status_code == 404
    assert client.get(f"/me/{entrants[0].access_token}/").status_code == 200


def test_query_count_of_the_pairings_page_does_not_grow_with_the_field(
    client, django_assert_max_num_queries
):
    tournament = TournamentFactory(slug="big-cup")
    EntrantFactory.create_batch(40, tournament=tournament)
    publish_round(generate_swiss_round(tournament, seed=1))
    with django_assert_max_num_queries(8):
        assert client.get("/events/big-cup/rounds/1/").status_code == 200
