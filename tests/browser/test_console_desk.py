"""Issue 20, items 3-7, in the browser: the organiser's check-in desk (pasted CSV, the add form
keeping its focus, per-row check-in that stays at the row, check in everyone), dropping with a
confirmation and reinstating, the projector boards paging through a big field, the printable
table slips, and the styled page a referee meets before they are staff of the event."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import PHONE, log_in, staff_user
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import EntrantStatus
from tournament.services.rounds import generate_swiss_round, publish_round
from tournament.views.organiser.screens import STANDINGS_PER_PAGE, TABLES_PER_PAGE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASTED = "name,club\nPasted One,North Quay\nPasted Two,South Pier\nPasted Three,\n"


def test_the_check_in_desk_drop_and_reinstate(new_context):
    organiser = staff_user("desk-organiser")
    tournament = TournamentFactory(name="Desk Night", slug="desk-night", organiser=organiser)
    for i in range(30):
        EntrantFactory(
            tournament=tournament,
            display_name=f"Early Player {i + 1:02d}",
            status=EntrantStatus.REGISTERED,
        )
    page = new_context().new_page()
    log_in(page, "desk-organiser", "/events/desk-night/manage/entrants/")

    # a CSV pasted from a spreadsheet, beside the file upload
    page.get_by_label("Or paste the lines here").fill(PASTED)
    page.get_by_role("button", name="Import").click()
    expect(page.locator(".messages")).to_contain_text("3 players added from the pasted list.")
    assert tournament.entrants.filter(display_name__startswith="Pasted").count() == 3

    # adding one player after another: the name field has the focus again after each
    for name in ("Added Ann", "Added Ben"):
        page.get_by_label("Name (required)", exact=True).fill(name)
        page.get_by_role("button", name="Add the player").click()
        expect(page.locator(".messages")).to_contain_text(f"{name} is registered.")
        expect(page.get_by_label("Name (required)", exact=True)).to_be_focused()

    # checking in one player far down the list: the page comes back at that row
    last = tournament.entrants.get(display_name="Early Player 30")
    page.get_by_role("button", name="Check in Early Player 30", exact=True).click()
    page.wait_for_url(f"**#entrant-{last.pk}")
    row = page.locator(f"#entrant-{last.pk}")
    expect(row).to_contain_text("Checked in")
    expect(row).to_be_in_viewport()
    assert page.evaluate("window.scrollY") > 300

    # everyone else at once
    page.get_by_role("button", name="Everyone is here: check in all").click()
    expect(page.locator(".messages")).to_contain_text("checked in")
    assert not tournament.entrants.filter(status=EntrantStatus.REGISTERED).exists()

    # a drop asks first, and can be undone until the next round is paired
    victim = tournament.entrants.get(display_name="Added Ben")
    page.goto("/events/desk-night/manage/entrants/")
    page.get_by_role("link", name="Drop Added Ben", exact=True).click()
    expect(page.locator("h1")).to_have_text("Drop Added Ben?")
    page.get_by_role("link", name="Keep them in").click()
    victim.refresh_from_db()
    assert victim.status == EntrantStatus.CHECKED_IN
    page.get_by_role("link", name="Drop Added Ben", exact=True).click()
    page.get_by_label("Reason (optional, kept in the audit trail)").fill("Went home ill")
    page.get_by_role("button", name="Drop Added Ben").click()
    expect(page.locator(f"#entrant-{victim.pk}")).to_contain_text("Dropped")
    page.get_by_role("button", name="Reinstate Added Ben", exact=True).click()
    expect(page.locator(f"#entrant-{victim.pk}")).to_contain_text("Checked in")
    victim.refresh_from_db()
    assert victim.status == EntrantStatus.CHECKED_IN

    # issue 20.17: the new-event form names each game with its modes (never "Standard" alone)
    page.goto("/manage/new/")
    options = page.get_by_label("Game and mode").locator("option").all_inner_texts()
    assert "Eye for an Eye: Every Eye for Themselves" in options
    assert all(": " in text for text in options if text.strip()), options

    # issue 20.17: the new-event form names each game with its modes (never "Standard" alone)
    page.goto("/manage/new/")
    options = page.get_by_label("Game and mode").locator("option").all_inner_texts()
    assert "Eye for an Eye: Every Eye for Themselves" in options
    assert all(": " in text for text in options if text.strip()), options


def test_projector_boards_and_table_slips(new_context):
    organiser = UserFactory(username="board-organiser")
    tournament = TournamentFactory(slug="board-night", organiser=organiser, name="Board Night")
    field = 4 * (TABLES_PER_PAGE + 3)  # two pages of tables, many of standings
    for i in range(field):
        EntrantFactory(tournament=tournament, display_name=f"Board Player {i + 1:03d}")
    round_ = publish_round(generate_swiss_round(tournament, seed=4))
    first_table = round_.matches.get(table_number=1)
    first_seat = first_table.seats.order_by("position").select_related("entrant").first()

    board = new_context(user=organiser, viewport={"width": 1920, "height": 1080}).new_page()
    board.clock.install()
    board.goto("/events/board-night/manage/rounds/1/board/")
    pages = board.locator("[data-board-page]")
    expect(pages).to_have_count(2)
    expect(board.locator("[data-board-counter]")).to_have_text("page 1 of 2")
    expect(pages.nth(0)).to_be_visible()
    expect(pages.nth(1)).to_be_hidden()
    colour = first_seat.flower_colour.split("+")[0].capitalize()
    expect(pages.nth(0)).to_contain_text(f"{first_seat.entrant.display_name} · {colour}")
    board.clock.run_for(13_000)
    expect(board.locator("[data-board-counter]")).to_have_text("page 2 of 2")
    expect(pages.nth(1)).to_be_visible()
    expect(pages.nth(1)).to_contain_text(f"Table {TABLES_PER_PAGE + 1}")

    standings = new_context(user=organiser, viewport={"width": 1920, "height": 1080}).new_page()
    standings.goto("/events/board-night/manage/standings-board/")
    standings_pages = -(-field // STANDINGS_PER_PAGE)
    expect(standings.locator("[data-board-page]")).to_have_count(standings_pages)
    expect(standings.locator("[data-board-counter]")).to_have_text(f"page 1 of {standings_pages}")

    slips = new_context(user=organiser).new_page()
    slips.goto("/events/board-night/manage/rounds/1/print/")
    expect(slips.get_by_role("button", name="Print the list and the slips")).to_be_visible()
    slip = slips.locator(".slip").first
    expect(slip).to_contain_text("Game ended by:")
    expect(slip).to_contain_text("☐ Time ran out")
    expect(slip.locator("th")).to_contain_text(["Seat", "Player", "Link code", "Starts on"])
    expect(slip.locator("td.signature")).to_have_count(first_table.seats.count())
    expect(slip).to_contain_text(first_seat.entrant.short_code_display)
    # the print button opens the browser's print dialogue
    slips.evaluate("() => { window.__printed = 0; window.print = () => window.__printed++; }")
    slips.get_by_role("button", name="Print the list and the slips").click()
    assert slips.evaluate("window.__printed") == 1


def test_a_referee_who_is_not_staff_yet_meets_a_page_that_says_whom_to_ask(new_context):
    organiser = UserFactory(username="strict-organiser")
    TournamentFactory(slug="strict-night", organiser=organiser, name="Strict Night")
    stranger = UserFactory(username="eager-referee")
    page = new_context(user=stranger, viewport=PHONE).new_page()
    response = page.goto("/events/strict-night/desk/")
    assert response.status == 403
    expect(page.locator("h1")).to_have_text("This page is not open to you")
    expect(page.locator(".notice")).to_contain_text("Ask its organiser, strict-organiser")
    stylesheet = page.locator("link[rel=stylesheet]").first
    expect(stylesheet).to_have_attribute("href", "/static/css/site.css")
    expect(page.locator("main").get_by_role("link", name="My events")).to_be_visible()
    # (the 404 and 500 pages are checked in tests/pages: this server runs with DEBUG on, which
    # shows Django's own technical 404 page instead)
