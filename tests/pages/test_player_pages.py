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
    for slug, size in (("small-cup", 5), ("big-cup", 60)):
        tournament = TournamentFactory(slug=slug)
        EntrantFactory.create_batch(size, tournament=tournament)
        publish_round(generate_swiss_round(tournament, seed=1))
        # the event, the round, the count of its tables (for the pages of tables), a page of
        # its matches (with live games), their seats with the entrants, the players' ratings
        # (for the chances to win)
        with django_assert_max_num_queries(6):
            assert client.get(f"/events/{slug}/rounds/1/").status_code == 200


def test_event_home_has_the_round_clock_qr_code_and_finds_a_table(client, event):
    tournament, entrants = event
    generate_swiss_round(tournament, seed=3)
    page = client.get("/events/page-cup/").content.decode()
    assert "No round published yet" in page and "data-live-clock" not in page
    round_ = publish_round(tournament.rounds.get())
    response = client.get("/events/page-cup/")
    page = response.content.decode()
    assert "data-live-clock" in page and "5:00" in page and "idle" in page
    assert f'data-live-ws="/ws/rounds/{round_.pk}/"' in page
    assert f'data-live-ws="/ws/tournaments/{tournament.pk}/"' in page
    assert '<svg width="' in page and 'class="segno"' in page
    assert "http://testserver/events/page-cup/" in page
    seat = round_.seats.get(entrant=entrants[3])
    found = client.get("/events/page-cup/", {"q": "player 3"}).content.decode()
    assert f"#table-{seat.match.table_number}" in found
    assert "Nobody called" in client.get("/events/page-cup/", {"q": "zebra"}).content.decode()


def test_search_only_uses_published_rounds(client, event):
    tournament, _ = event
    generate_swiss_round(tournament, seed=3)
    page = client.get("/events/page-cup/", {"q": "Player 1"}).content.decode()
    assert "#table-" not in page and "no table in the current round" in page


def test_private_event_pages_are_hidden_except_to_its_entrants_and_staff(client):
    tournament = TournamentFactory(slug="hidden-cup", is_public=False)
    entrants = EntrantFactory.create_batch(4, tournament=tournament)
    publish_round(generate_swiss_round(tournament, seed=1))
    urls = [
        "/events/hidden-cup/",
        "/events/hidden-cup/standings/",
        "/events/hidden-cup/rounds/1/",
        "/events/hidden-cup/bracket/",
        f"/events/hidden-cup/entrants/{entrants[0].pk}/",
    ]
    for url in urls:
        assert client.get(url).status_code == 404, url
        assert client.get(url, {"token": entrants[0].access_token}).status_code == 200, url
    assert client.get(f"/me/{entrants[0].access_token}/").status_code == 200
    client.force_login(tournament.organiser)
    assert all(client.get(url).status_code == 200 for url in urls)


def test_round_page_is_live_and_staff_see_drafts(client, event):
    tournament, _ = event
    round_ = generate_swiss_round(tournament, seed=3)
    client.force_login(tournament.organiser)
    page = client.get("/events/page-cup/rounds/1/").content.decode()
    assert "only the event's staff see this round" in page
    client.logout()
    publish_round(round_)
    page = client.get("/events/page-cup/rounds/1/").content.decode()
    assert f'data-live-ws="/ws/rounds/{round_.pk}/"' in page
    assert 'data-live-poll="/events/page-cup/rounds/1/live.json"' in page
    for match in round_.matches.all():
        assert f'data-live-match="{match.pk}"' in page
    assert "data-live-clock" in page and 'data-live-cell="place"' in page


def test_my_table_shows_the_live_clock_and_links_with_the_token(client, event):
    tournament, entrants = event
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    me = entrants[0]
    page = client.get(f"/me/{me.access_token}/").content.decode()
    assert f'data-live-ws="/ws/rounds/{round_.pk}/?token={me.access_token}"' in page
    assert "data-live-clock" in page
    assert 'data-live-reload-on="round.published"' in page
    reload_on = "result.accepted result.reported result.confirmed result.disputed"
    assert f'data-live-reload-on="{reload_on}"' in page
    assert 'name="csrfmiddlewaretoken"' in page


def test_live_game_page_shows_health_cups_and_knock_outs(client, event):
    from common.audit.actor import Actor
    from matches.services.live_games import apply_live_event, create_live_game

    tournament, _ = event
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    match = round_.matches.filter(is_bye=False).first()
    names = ["Echo", "Pluma", "Grublic", "Banksia"]
    seats = list(match.seats.order_by("position"))
    characters = {str(s.entrant_id): [n] for s, n in zip(seats, names, strict=False)}
    create_live_game(match, Actor(channel="system"), characters)
    url = f"/events/page-cup/matches/{match.pk}/live/"
    first = client.get(url)
    assert "Echo" in first.content.decode() and "health" in first.content.decode()

    def pluma_of(board):
        return [c for s in board["sides"] for c in s["characters"] if c["name"] == "Pluma"][0]

    start_health = pluma_of(first.context["board"])["health"]
    apply_live_event(match, {"type": "start"}, Actor(channel="system"))
    apply_live_event(
        match,
        {"type": "hit", "attacker": "Echo", "target": "Pluma", "hits": 2},
        Actor(channel="system"),
    )
    response = client.get(url)
    page = response.content.decode()
    assert f'data-live-ws="/ws/matches/{match.pk}/"' in page
    assert "Victory Cup: <strong>2</strong>" in page
    assert "running" in page
    board = response.context["board"]
    pluma = pluma_of(board)
    assert pluma["health"] == start_health - 2 and not pluma["knocked_out"]
    other = TournamentFactory(slug="not-this-one")
    assert client.get(f"/events/{other.slug}/matches/{match.pk}/live/").status_code == 404


def test_private_page_offers_self_check_in_while_registration_is_open(client, event):
    tournament, entrants = event
    me = entrants[0]
    tournament.status = "registration"
    tournament.save()
    page = client.get(f"/me/{me.access_token}/").content.decode()
    assert f"/me/{me.access_token}/check-in/" in page
    me.status = "checked_in"
    me.save()
    page = client.get(f"/me/{me.access_token}/").content.decode()
    assert "check yourself in" not in page
