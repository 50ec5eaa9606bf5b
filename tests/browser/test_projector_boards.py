"""Issue 38.5 in the browser, on a 1920x1080 screen: the projector boards are dark to the bottom
of the window, a page of the tables board fills the screen (30 four-seat tables, none cut off)
and shows the round clock live, the "find your name" board lists the players by name with their
tables (paged, reloaded when the round is published), and the clock's sound switch says both
its state and what a tap does."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import SCREENSHOTS, assert_no_serious_axe_violation
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.services.rounds import generate_swiss_round, publish_round
from tournament.views.organiser.screens import NAMES_PER_PAGE, TABLES_PER_PAGE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREEN = {"width": 1920, "height": 1080}
#: every table of the first page full (four seats), and a second page
FIELD = 4 * TABLES_PER_PAGE + 8

DARK_TO_THE_BOTTOM = """() => {
  const dark = (colour) => {
    const [r, g, b] = colour.match(/\\d+/g).map(Number);
    return r + g + b < 150;
  };
  const body = document.body.getBoundingClientRect();
  return {
    bodyBottom: body.bottom, window: window.innerHeight,
    bodyDark: dark(getComputedStyle(document.body).backgroundColor),
    canvasDark: dark(getComputedStyle(document.documentElement).backgroundColor),
  };
}"""

CUT_OFF_TABLES = """() => Array.from(document.querySelectorAll('[data-board-page]:not([hidden])'
    + ' .board-tables > li'))
  .filter((li) => li.getBoundingClientRect().bottom > window.innerHeight
    || li.getBoundingClientRect().right > window.innerWidth)
  .map((li) => li.textContent.trim().slice(0, 20))"""


def assert_dark_to_the_bottom(page, name: str) -> None:
    found = page.evaluate(DARK_TO_THE_BOTTOM)
    assert found["bodyDark"] and found["canvasDark"], f"{name}: {found}"
    assert found["bodyBottom"] >= found["window"], f"{name} stops before the bottom: {found}"


@pytest.fixture
def big_round():
    organiser = UserFactory(username="wall-organiser")
    tournament = TournamentFactory(slug="wall-night", organiser=organiser, name="Wall Night")
    for i in range(FIELD):
        EntrantFactory(tournament=tournament, display_name=f"Wall Player {FIELD - i:03d}")
    round_ = publish_round(generate_swiss_round(tournament, seed=8))
    return organiser, tournament, round_


def test_the_tables_board_fills_a_1920_screen_with_the_clock(new_context, big_round):
    organiser, tournament, round_ = big_round
    assert round_.matches.filter(is_bye=False).count() > TABLES_PER_PAGE > 12
    board = new_context(user=organiser, viewport=SCREEN).new_page()
    board.goto("/events/wall-night/manage/rounds/1/board/")
    pages = board.locator("[data-board-page]")
    expect(pages).to_have_count(2)
    expect(board.locator("[data-board-counter]")).to_have_text("page 1 of 2")
    first = pages.nth(0).locator(".board-tables > li")
    expect(first).to_have_count(TABLES_PER_PAGE)
    assert board.evaluate(CUT_OFF_TABLES) == []  # every table of the page is on the screen
    assert board.evaluate("document.documentElement.scrollHeight") <= SCREEN["height"]
    assert_dark_to_the_bottom(board, "tables board")
    # the tables sit in columns: the first row holds several tables
    tops = first.evaluate_all("(items) => items.map((li) => li.getBoundingClientRect().top)")
    assert tops.count(tops[0]) >= 5
    # the round clock, live: started from the console, it runs on the board
    clock = board.locator(".board-clock")
    expect(clock).to_have_attribute("data-live-state", "live")
    expect(clock.locator("[data-live-clock]")).to_have_text("5:00")
    expect(clock.locator("[data-live-clock-state]")).to_have_text("idle")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    board.screenshot(path=str(SCREENSHOTS / "projector-tables-1920x1080.png"))
    console = new_context(user=organiser).new_page()
    console.goto("/events/wall-night/manage/rounds/1/")
    console.get_by_role("button", name="Start (Yarra Mark!)").click()
    expect(clock.locator("[data-live-clock-state]")).to_have_text("running")
    expect(clock.locator("[data-live-clock]")).not_to_have_text("5:00")
    assert_no_serious_axe_violation(board, "tables board")


def test_the_find_your_name_board(new_context, big_round):
    organiser, tournament, round_ = big_round
    board = new_context(user=organiser, viewport=SCREEN).new_page()
    board.clock.install()
    board.goto("/events/wall-night/manage/rounds/1/names-board/")
    expect(board.locator("h1")).to_contain_text("find your name")
    pages = board.locator("[data-board-page]")
    expect(pages).to_have_count(-(-FIELD // NAMES_PER_PAGE))
    names = pages.nth(0).locator(".board-name").all_inner_texts()
    assert len(names) == NAMES_PER_PAGE and names == sorted(names)
    assert names[0] == "Wall Player 001"
    me = tournament.entrants.get(display_name="Wall Player 001")
    table = round_.matches.get(seats__entrant=me).table_number
    row = pages.nth(0).locator("li", has_text="Wall Player 001")
    expect(row.locator(".board-name-table")).to_have_text(f"Table {table}")
    overflow = board.evaluate(
        """() => Array.from(document.querySelectorAll('[data-board-page]:not([hidden]) li'))
          .filter((li) => li.getBoundingClientRect().bottom > window.innerHeight).length"""
    )
    assert overflow == 0
    assert_dark_to_the_bottom(board, "names board")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    board.screenshot(path=str(SCREENSHOTS / "projector-names-1920x1080.png"))
    board.clock.run_for(13_000)
    expect(pages.nth(1)).to_be_visible()
    expect(pages.nth(1).locator(".board-name").first).to_have_text(
        f"Wall Player {NAMES_PER_PAGE + 1:03d}"
    )
    assert_no_serious_axe_violation(board, "names board")


def test_the_names_board_reloads_when_its_round_is_published(new_context):
    organiser = UserFactory(username="names-organiser")
    tournament = TournamentFactory(slug="names-night", organiser=organiser)
    for name in ("Zoë Quill", "adam Reed", "Émile Stone", "Bea Tull"):
        EntrantFactory(tournament=tournament, display_name=name)
    generate_swiss_round(tournament, seed=2)  # a draft: the staff see it before the hall
    board = new_context(user=organiser, viewport=SCREEN).new_page()
    board.goto("/events/names-night/manage/rounds/1/names-board/")
    expect(board.locator(".board-name")).to_have_text(
        ["adam Reed", "Bea Tull", "Émile Stone", "Zoë Quill"]
    )
    expect(board.locator("main.board")).to_have_attribute("data-live-state", "live")
    board.evaluate("window.__drawn = 1")
    console = new_context(user=organiser).new_page()
    console.goto("/events/names-night/manage/rounds/1/")
    with board.expect_event("load"):  # the board reloads by itself
        console.get_by_role("button", name="Publish round 1").click()
    assert board.evaluate("window.__drawn") is None
    expect(board.locator(".board-name")).to_have_count(4)


def test_the_projector_sound_switch_says_its_state_and_its_action(new_context):
    organiser = UserFactory(username="sound-organiser")
    tournament = TournamentFactory(slug="sound-night", organiser=organiser)
    for i in range(4):
        EntrantFactory(tournament=tournament, display_name=f"Sound Player {i}")
    publish_round(generate_swiss_round(tournament, seed=3))
    projector = new_context(user=organiser, viewport=SCREEN).new_page()
    projector.goto("/events/sound-night/manage/rounds/1/clock/")
    switch = projector.locator("[data-call-sound]")
    expect(switch).to_have_text("Sound: off — turn on")
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.click()
    expect(switch).to_have_text("Sound: on — turn off")
    expect(switch).to_have_attribute("aria-pressed", "true")
    assert_dark_to_the_bottom(projector, "projector clock")
