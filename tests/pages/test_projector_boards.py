"""Issue 20.5: projector boards of a round's tables (names, flowers, pages through a big field)
and of the standings, for the event's staff."""

import pytest

from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.services.rounds import generate_swiss_round, publish_round
from tournament.views.organiser.screens import STANDINGS_PER_PAGE, TABLES_PER_PAGE

pytestmark = pytest.mark.django_db

#: enough players for two pages of tables (31 tables)
FIELD = 125


@pytest.fixture
def big_event(client):
    tournament = TournamentFactory(slug="board-cup", name="Board Cup")
    for i in range(FIELD):
        EntrantFactory(tournament=tournament, display_name=f"Boarder {i:03d}")
    round_ = publish_round(generate_swiss_round(tournament, seed=5))
    client.force_login(tournament.organiser)
    return tournament, round_


def test_the_tables_board_pages_through_every_table(client, big_event):
    tournament, round_ = big_event
    page = client.get("/events/board-cup/manage/rounds/1/board/")
    html = page.content.decode()
    tables = round_.matches.filter(is_bye=False).count()
    pages = -(-tables // TABLES_PER_PAGE)
    assert pages == 2 and page.status_code == 200 and html.count("data-board-page=") == pages
    assert f"page 1 of {pages}" in html
    for entrant in tournament.entrants.all():
        assert entrant.display_name in html
    assert 'class="flower flower-' in html and 'data-live-reload-on="round.published"' in html


def test_the_standings_board(client, big_event):
    html = client.get("/events/board-cup/manage/standings-board/").content.decode()
    assert html.count("data-board-page=") == -(-FIELD // STANDINGS_PER_PAGE)
    assert "0 points" in html


def test_boards_are_for_staff_only(client, big_event):
    client.force_login(UserFactory(username="board-stranger"))
    assert client.get("/events/board-cup/manage/rounds/1/board/").status_code == 403
    assert client.get("/events/board-cup/manage/standings-board/").status_code == 403
    assert client.get("/events/board-cup/manage/rounds/1/names-board/").status_code == 403


def test_the_names_board_lists_every_player_by_name_with_their_table(client, big_event):
    tournament, round_ = big_event
    html = client.get("/events/board-cup/manage/rounds/1/names-board/").content.decode()
    names = sorted(e.display_name for e in tournament.entrants.all())
    positions = [html.index(f'<span class="board-name">{name}</span>') for name in names]
    assert positions == sorted(positions)
    seat = round_.matches.filter(is_bye=False).first().seats.select_related("entrant").first()
    row = html[html.index(f">{seat.entrant.display_name}</span>") :].split("</li>")[0]
    assert f"Table {seat.match.table_number}<" in row
    assert 'data-live-reload-on="round.published"' in html


def test_names_sort_without_case_or_accents():
    from tournament.views.organiser.screens import name_sort_key

    names = ["zoë", "Émile", "adam", "Zack"]
    assert sorted(names, key=name_sort_key) == ["adam", "Émile", "Zack", "zoë"]
