"""Large fields a part at a time (issue 43): the round pages and the desk show
``TABLES_PER_PAGE`` tables and link the other pages; the event home lists the first names."""

import pytest

from common.audit.actor import Actor
from matches.models import MatchStatus
from matches.services.results import enter_result
from tests.factories import EntrantFactory, TournamentFactory
from tests.services.test_elimination import report
from tournament.services.rounds import generate_swiss_round, publish_round
from tournament.views import pages, table_pages
from tournament.views.organiser import screens

pytestmark = pytest.mark.django_db


@pytest.fixture
def three_tables(monkeypatch):
    """An event whose round 1 has three tables, shown two a page."""
    monkeypatch.setattr(table_pages, "TABLES_PER_PAGE", 2)
    tournament = TournamentFactory(slug="paged-cup")
    EntrantFactory.create_batch(12, tournament=tournament)
    return tournament, publish_round(generate_swiss_round(tournament, seed=1))


def tables_on(page: str) -> list[int]:
    return [n for n in (1, 2, 3) if f'id="table-{n}"' in page or f"<td>{n}</td>" in page]


def test_the_public_round_page_shows_a_page_of_tables_and_links_the_others(client, three_tables):
    first = client.get("/events/paged-cup/rounds/1/").content.decode()
    assert tables_on(first) == [1, 2] and "2 pages of tables" in first and "?page=2" in first
    second = client.get("/events/paged-cup/rounds/1/?page=2").content.decode()
    assert tables_on(second) == [3]
    assert tables_on(client.get("/events/paged-cup/rounds/1/?page=99").content.decode()) == [3]


def test_the_console_round_page_is_paged_and_still_lists_every_open_table(client, three_tables):
    tournament, _ = three_tables
    client.force_login(tournament.organiser)
    page = client.get("/events/paged-cup/manage/rounds/1/").content.decode()
    assert tables_on(page) == [1, 2] and "?page=2" in page
    assert "Tables without an accepted result: <span data-close-missing-list>1, 2, 3</span>" in page


def test_the_desk_pages_its_tables_by_urgency_and_keeps_the_round(client, three_tables):
    tournament, round_ = three_tables
    first = round_.matches.get(table_number=1)
    enter_result(first, report(first, [6, 4, 2, 1], [1, 1, 1, 1]), Actor())
    assert round_.matches.get(table_number=1).status == MatchStatus.ACCEPTED
    client.force_login(tournament.organiser)
    page = client.get("/events/paged-cup/desk/").content.decode()
    assert tables_on(page) == [2, 3]  # the open tables first; the accepted one after them
    later = client.get("/events/paged-cup/desk/?round=1&page=2").content.decode()
    assert tables_on(later) == [1] and "?round=1&amp;page=1" in later


def test_a_large_field_is_counted_on_the_event_home_not_listed_whole(client, monkeypatch):
    monkeypatch.setattr(pages, "ENTRANTS_LISTED", 3)
    tournament = TournamentFactory(slug="crowded-cup")
    EntrantFactory.create_batch(5, tournament=tournament, name_listed=True)
    page = client.get("/events/crowded-cup/").content.decode()
    assert "Entered (5)" in page and "And 2 more players" in page
    listed = [e for e in tournament.entrants.all() if f"/entrants/{e.pk}/" in page]
    assert len(listed) == 3


def test_a_projector_board_shows_one_part_of_a_large_field(client, three_tables, monkeypatch):
    monkeypatch.setattr(screens, "TABLES_PER_PAGE", 1)
    monkeypatch.setattr(screens, "PAGES_PER_SCREEN", 2)
    tournament, _ = three_tables
    client.force_login(tournament.organiser)
    board = "/events/paged-cup/manage/rounds/1/board/"
    first = client.get(board).content.decode()
    assert first.count('class="board-table"') == 2 and "part 1 of 2" in first
    assert client.get(board + "?part=2").content.decode().count('class="board-table"') == 1
