"""Issues 20.1 and 20.10 in the browser: the organiser prints player cards; a player opens their
card's link (what scanning its QR code does) on a phone and lands on their table, as does the
short code typed by hand; the phone's report form fits a four-player game in two screens, every
tap target is at least 44 px, and what was typed survives a reload."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import PHONE, log_in, staff_user
from tests.factories import EntrantFactory, TournamentFactory
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_reaches_their_table_from_their_card(new_context):
    organiser = staff_user("cards-organiser")
    tournament = TournamentFactory(name="Card Night", slug="card-night", organiser=organiser)
    for i in range(8):
        EntrantFactory(tournament=tournament, display_name=f"Card Player {i + 1}")
    round_ = publish_round(generate_swiss_round(tournament, seed=6))
    me = tournament.entrants.get(display_name="Card Player 3")
    table = round_.matches.get(seats__entrant=me).table_number

    desk = new_context().new_page()
    log_in(desk, "cards-organiser", "/events/card-night/manage/entrants/")
    desk.get_by_role("link", name="Player cards (print)").click()
    card = desk.locator(f'[data-card="{me.pk}"]')
    expect(card.locator("h2")).to_have_text("Card Player 3")
    expect(card.locator("svg")).to_have_count(1)
    url = card.locator("[data-card-url]").inner_text().strip()
    code = card.locator(".card-code strong").inner_text().strip()

    phone = new_context(viewport=PHONE).new_page()
    phone.goto(url)  # what the phone's camera opens from the QR code
    expect(phone.locator("#now")).to_have_text(f"Round 1: table {table}")
    other = new_context(viewport=PHONE).new_page()
    other.goto(f"/p/{code.lower()}/")  # the short code typed by hand
    expect(other.locator("#now")).to_have_text(f"Round 1: table {table}")

    report_on_a_phone(phone, tournament, round_.matches.get(table_number=table))


# What a thumb must be able to hit on the players' pages (WCAG 2.5.5's 44 px; links inside
# sentences are exempt, as the guideline allows).
TAP_TARGETS = (
    ".site-header a, .site-header button, .crumbs a, .result-form button, .result-form select,"
    ' .result-form input:not([type="hidden"]):not([type="checkbox"]), .result-form label.chip,'
    " .field-help summary, .history summary, table.compact td a, .standings td.name a, .event-nav a"
)


def small_targets(page) -> list[str]:
    """The visible tap targets on ``page`` that are less than 44 px tall."""
    return page.evaluate(
        """(selector) => Array.from(document.querySelectorAll(selector))
            .filter((el) => el.offsetParent !== null)
            .filter((el) => el.getBoundingClientRect().height < 43.5)
            .map((el) => el.outerHTML.slice(0, 80) + ' ' + el.getBoundingClientRect().height)""",
        TAP_TARGETS,
    )


def report_on_a_phone(phone, tournament, match):
    """Fill the phone form with the steppers, the chips and the knocked-out tap, reload half way,
    and send it: the table's result is then reported as typed. (The second side is knocked out:
    its 15 Health Tokens are in the first side's cup, or the engine would refuse the report.)"""
    form = phone.locator("form[data-report-form]")
    expect(form.locator("fieldset.side-row")).to_have_count(4)
    expect(form.locator(".step")).to_have_count(4 * 4 * 2)  # four numbers a side, - and +
    height = form.evaluate("(f) => f.getBoundingClientRect().height")
    assert height <= 2 * PHONE["height"], f"the form is {height:.0f} px tall"
    assert small_targets(phone) == []

    sides = form.locator("fieldset.side-row")
    first = sides.nth(0)
    first.locator('input[name$="-victory_cup_tokens"]').fill("12")
    for _ in range(3):
        first.get_by_role("button", name="One more: Victory Cup tokens", exact=False).click()
    expect(first.locator('input[name$="-victory_cup_tokens"]')).to_have_value("15")
    first.get_by_role("button", name="One more: Survivors", exact=False).click()
    first.locator("label.chip", has_text="Banksia").click()
    second = sides.nth(1)
    second.locator('input[name$="-victory_cup_tokens"]').fill("2")
    knockout = second.get_by_role("button", name="Knocked out", exact=False)
    knockout.click()
    expect(knockout).to_have_attribute("aria-pressed", "true")
    expect(second.locator('input[name$="-survivors"]')).to_have_value("0")

    first_position = first.get_attribute("data-side")
    second_position = second.get_attribute("data-side")
    phone.reload()  # a live update, a dropped connection: what was typed stays
    form = phone.locator("form[data-report-form]")
    first, second = (
        form.locator("fieldset.side-row").nth(0),
        form.locator("fieldset.side-row").nth(1),
    )
    expect(first.locator('input[name$="-victory_cup_tokens"]')).to_have_value("15")
    expect(first.locator('input[value="Banksia"]')).to_be_checked()
    expect(second.get_by_role("button", name="Knocked out", exact=False)).to_have_attribute(
        "aria-pressed", "true"
    )
    for index, cup in ((2, "1"), (3, "0")):
        side = form.locator("fieldset.side-row").nth(index)
        side.locator('input[name$="-victory_cup_tokens"]').fill(cup)
        side.get_by_role("button", name="One more: Survivors", exact=False).click()
    form.get_by_role("button", name="Send the result").click()
    expect(phone.locator(".message")).to_contain_text("reported")

    version = match.result_versions.get()
    by_seat = {s.position: str(s.entrant_id) for s in match.seats.all()}
    reported = {str(side["side"]): side for side in version.report["sides"]}
    first_side, second_side = by_seat[int(first_position)], by_seat[int(second_position)]
    assert reported[first_side]["victory_cup_tokens"] == 15
    assert reported[first_side]["characters"] == ["Banksia"]
    assert reported[second_side]["survivors"] == 0
    # the kept copy is forgotten once the report is in
    assert phone.evaluate("() => sessionStorage.length") == 0
