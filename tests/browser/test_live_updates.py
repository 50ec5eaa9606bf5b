"""A player's pages follow a result entered elsewhere, without the player reloading.

The round's tables patch themselves (players.js on the round socket's ``result.accepted``):
a marker set on ``window`` before the result survives, proving no reload happened. The
standings page reloads itself on ``standings.changed``: there the new numbers must appear.
"""

import pytest
from playwright.sync_api import expect

from matches.models import MatchStatus
from tests.browser.helpers import PHONE, fill_result
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import StaffRole, StaffRoleKind
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def running_round():
    tournament = TournamentFactory(name="Live Night", slug="live-night", pairing_method="swiss")
    for i in range(8):
        EntrantFactory(tournament=tournament, display_name=f"Watcher {i + 1}")
    round_ = publish_round(generate_swiss_round(tournament, seed=5))
    referee = UserFactory(username="live-referee")
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)
    match = round_.matches.order_by("table_number").first()
    seats = list(match.seats.select_related("entrant").order_by("position"))
    return {
        "tournament": tournament,
        "round": round_,
        "match": match,
        "seats": seats,
        "referee": referee,
    }


def wait_live(page):
    """Wait until every live container of the page has its socket open."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-live-ws]')]"
        ".every(el => el.getAttribute('data-live-state') === 'live')"
    )


def test_round_tables_and_standings_follow_a_result_entered_at_the_desk(new_context, running_round):
    match, seats = running_round["match"], running_round["seats"]
    winner = seats[0].entrant
    player = new_context(viewport=PHONE)
    tables = player.new_page()
    tables.goto("/events/live-night/rounds/1/")
    standings = player.new_page()
    standings.goto("/events/live-night/standings/")
    for page in (tables, standings):
        wait_live(page)
        page.evaluate("window.__marker = 1")
    card = tables.locator(f"#table-{match.table_number}")
    winner_row = card.locator(f'[data-live-seat="{winner.pk}"]')
    expect(winner_row.locator('[data-live-cell="place"]')).to_have_text("-")
    expect(card.locator("[data-live-badge]")).not_to_contain_text("Accepted")
    first_row = standings.locator("table.standings tbody tr").first
    expect(first_row.locator("td.num strong")).to_have_text("0")

    referee = new_context(user=running_round["referee"]).new_page()
    referee.goto(f"/events/live-night/desk/matches/{match.pk}/")
    tokens = fill_result(referee)
    referee.get_by_role("button", name="Save the result").click()
    expect(referee.locator(".messages")).to_contain_text(f"Table {match.table_number}")
    match.refresh_from_db()
    assert match.status == MatchStatus.ACCEPTED

    # the round's tables patch the cells in place: same document, marker intact
    expect(winner_row.locator('[data-live-cell="place"]')).to_have_text("1")
    expect(winner_row.locator('[data-live-cell="points"]')).to_have_text("4")
    expect(card.locator("[data-live-badge]")).to_contain_text("Accepted")
    assert tables.evaluate("window.__marker") == 1
    # the standings reload themselves on standings.changed: the new leader appears
    expect(first_row.locator("td.name")).to_contain_text(winner.display_name)
    expect(first_row.locator("td.num strong")).to_have_text("4")
    assert standings.evaluate("window.__marker") is None  # it did reload, as designed
    assert tokens[0] == max(tokens)
