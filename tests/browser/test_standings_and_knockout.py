"""Issue 38.11 and 38.12 on a 390 px phone: the standings highlight the reader's own row (signed
in, or from a private link), neither list nor count the no-shows, explain the tiebreak columns
and name the column "Player"; the report form's "Knocked out" is a raised button whose words
say what a tap does, pressed and unpressed."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import PHONE, SCREENSHOTS, assert_no_serious_axe_violation
from tests.factories import EntrantFactory, PlayerFactory, TournamentFactory, UserFactory
from tournament.models import EntrantStatus
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STANDINGS = "/events/stand-night/standings/"


@pytest.fixture
def event():
    tournament = TournamentFactory(slug="stand-night", name="Stand Night")
    reader = UserFactory(username="stand-reader")
    for i in range(7):
        EntrantFactory(tournament=tournament, display_name=f"Stand Player {i + 1}")
    mine = EntrantFactory(
        tournament=tournament,
        display_name="Reading Rita",
        player=PlayerFactory(name="Reading Rita", user=reader),
    )
    for name in ("Absent Abe", "Absent Bo"):  # dropped at the desk before round 1
        EntrantFactory(tournament=tournament, display_name=name, status=EntrantStatus.DROPPED)
    round_ = publish_round(generate_swiss_round(tournament, seed=5))
    return tournament, reader, mine, round_


def background(row) -> str:
    return row.locator("td").first.evaluate("(td) => getComputedStyle(td).backgroundColor")


def test_the_standings_mark_the_readers_row_and_leave_out_the_no_shows(new_context, event):
    tournament, reader, mine, _ = event
    page = new_context(viewport=PHONE, user=reader).new_page()
    page.goto(STANDINGS)
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(8)
    expect(page.locator("table.standings")).not_to_contain_text("Absent")
    expect(page.locator(".standings-count")).to_contain_text("8 entered")
    expect(page.locator(".standings-count")).to_contain_text("2 no-shows")
    own = page.locator("tr.mine")
    expect(own).to_have_count(1)
    expect(own).to_contain_text("Reading Rita (you)")
    expect(own).to_have_attribute("aria-current", "true")
    other = rows.filter(has_not_text="Reading Rita").first
    assert background(own) != background(other)
    page.get_by_role("link", name="Your row: rank", exact=False).click()
    expect(own).to_be_in_viewport()
    # the name column says what it holds; the tiebreak columns are explained
    expect(page.locator("table.standings thead th").nth(1)).to_have_text("Player")
    expect(page.locator("table.standings thead")).not_to_contain_text("Side")
    opponents = page.locator("table.standings thead abbr", has_text="Opponents")
    assert "average points" in opponents.get_attribute("title")
    page.get_by_text("What the tiebreak columns mean").click()
    notes = page.locator(".standings-notes dl")
    expect(notes).to_be_visible()
    expect(notes).to_contain_text("Opponents")
    expect(notes).to_contain_text("average points of the different opponents")
    assert_no_serious_axe_violation(page, "standings with the reader's row")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "standings-own-row-390.png"), full_page=True)

    # from a private link, without signing in: the link's own row
    other_entrant = tournament.entrants.get(display_name="Stand Player 3")
    linked = new_context(viewport=PHONE).new_page()
    linked.goto(f"{STANDINGS}?token={other_entrant.access_token}")
    expect(linked.locator("tr.mine")).to_have_count(1)
    expect(linked.locator("tr.mine")).to_contain_text("Stand Player 3 (you)")
    # and nobody's row for a stranger
    stranger = new_context(viewport=PHONE).new_page()
    stranger.goto(STANDINGS)
    expect(stranger.locator("table.standings tbody tr")).to_have_count(8)
    expect(stranger.locator("tr.mine")).to_have_count(0)


BUTTON_LOOK = """(b) => {
  const s = getComputedStyle(b);
  return {border: parseFloat(s.borderTopWidth), radius: parseFloat(s.borderTopLeftRadius),
          shadow: s.boxShadow, cursor: s.cursor, background: s.backgroundColor,
          height: b.getBoundingClientRect().height};
}"""


def test_knocked_out_is_a_button_whose_words_change_when_pressed(new_context, event):
    tournament, reader, mine, round_ = event
    phone = new_context(viewport=PHONE).new_page()
    phone.goto(f"/me/{mine.access_token}/")
    form = phone.locator("form[data-report-form]")
    side = form.locator("fieldset.side-row").nth(1)
    button = side.locator("button.knockout")
    expect(button).to_contain_text("Mark knocked out")
    expect(button).to_have_attribute("aria-pressed", "false")
    up = button.evaluate(BUTTON_LOOK)
    assert up["border"] >= 2 and up["radius"] > 0 and up["cursor"] == "pointer", up
    assert up["shadow"] != "none" and up["height"] >= 44, up
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(button).to_contain_text("Knocked out · undo")
    expect(button).not_to_contain_text("Mark")
    expect(side.locator('input[name$="-survivors"]')).to_have_value("0")
    down = button.evaluate(BUTTON_LOOK)
    assert down["background"] != up["background"] and down["shadow"] != up["shadow"]
    button.click()
    expect(button).to_contain_text("Mark knocked out")
    expect(button).to_have_attribute("aria-pressed", "false")
    assert_no_serious_axe_violation(phone, "report form with the knocked-out buttons")
    button.click()
    side.screenshot(path=str(SCREENSHOTS / "knocked-out-pressed-390.png"))
