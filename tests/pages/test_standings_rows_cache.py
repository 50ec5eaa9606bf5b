"""Issue 37.9: the standings' rows are drawn once for what they show
(``tournament/views/fragment_cache.py``): after a result only the rows that moved are drawn
again, and the page is the one a fresh drawing gives - a kept row is never shown stale."""

import re

import pytest
from django.core.cache import cache

from common.audit.actor import Actor
from matches.services.results import enter_result
from tests.browser.helpers import report_for
from tests.factories import EntrantFactory, TournamentFactory
from tournament.services.rounds import generate_swiss_round, publish_round
from tournament.services.standings_revision import bump_standings_revision
from tournament.views import standings

pytestmark = pytest.mark.django_db

URL = "/events/row-cup/standings/"
moment = re.compile(r"\d{10,13}")  # the moments the page was drawn at (ms, s)


@pytest.fixture
def event():
    """A public event of 12 players, round 1 published at three tables of four."""
    tournament = TournamentFactory(slug="row-cup")
    for i in range(12):
        EntrantFactory(tournament=tournament, display_name=f"Rower {i:02d}")
    return publish_round(generate_swiss_round(tournament, seed=9))


@pytest.fixture
def drawn(monkeypatch):
    """How many rows were drawn (not taken from the cache) since the test began."""
    count = {"rows": 0}
    real = standings.get_template

    def counting(name):
        template = real(name)
        if name != standings.ROW_TEMPLATES[0]:
            return template

        class Counted:
            def render(self, context):
                count["rows"] += 1
                return template.render(context)

        return Counted()

    monkeypatch.setattr(standings, "get_template", counting)
    return count


def page(client, url=URL, **headers) -> str:
    response = client.get(url, **headers)
    assert response.status_code == 200
    return moment.sub("", response.content.decode())


def test_a_change_redraws_only_the_rows_it_moved(
    client, event, drawn, django_capture_on_commit_callbacks
):
    page(client)
    assert drawn["rows"] == 12
    renamed = event.tournament.entrants.get(display_name="Rower 05")
    renamed.display_name = "Rower Renamed"
    renamed.save(update_fields=["display_name"])
    with django_capture_on_commit_callbacks(execute=True):
        bump_standings_revision(event.tournament_id)  # as the entrant's change does
    after = page(client)
    assert drawn["rows"] == 13 and "Rower Renamed" in after  # that row alone drawn again
    cache.clear()
    assert page(client) == after  # what a fresh drawing gives


def test_after_a_result_the_page_is_a_fresh_drawing(
    client, event, django_capture_on_commit_callbacks
):
    page(client)
    match = event.matches.get(table_number=1)
    with django_capture_on_commit_callbacks(execute=True):  # the revision moves on commit
        enter_result(match, report_for(match), Actor())
    after = page(client)
    cache.clear()
    assert page(client) == after


def test_the_readers_row_is_theirs_and_the_others_shared(client, event, drawn):
    me = event.matches.get(table_number=2).seats.select_related("entrant").first().entrant
    page(client)
    mine = page(client, f"{URL}?token={me.access_token}", HTTP_ACCEPT_LANGUAGE="de")
    german_rows = drawn["rows"]
    row = mine[mine.index('id="my-standing"') :].split("</tr>")[0]
    assert me.display_name in row and "(du)" in row and f"?token={me.access_token}" in row
    page(client, f"{URL}?token={me.access_token}", HTTP_ACCEPT_LANGUAGE="de")
    assert drawn["rows"] == german_rows  # the German rows are kept too
    assert "(you)" not in page(client) and "@@" not in mine


def test_rows_whose_rank_alone_moved_are_not_drawn_again(
    client, event, drawn, django_capture_on_commit_callbacks
):
    """Session 24: a row's rank is put in at serving. One table's result moves its four sides
    up and the eight others' rank down; only the four are drawn again."""
    before = page(client)
    assert drawn["rows"] == 12
    match = event.matches.get(table_number=1)
    with django_capture_on_commit_callbacks(execute=True):
        enter_result(match, report_for(match), Actor())
    after = page(client)
    assert drawn["rows"] == 16
    ranks = re.compile(r'<td class="num">(\d+)</td>')
    assert ranks.findall(after) != ranks.findall(before)
    assert standings.RANK_MARK not in after
    cache.clear()
    assert page(client) == after  # what a fresh drawing gives
