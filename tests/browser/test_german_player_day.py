"""Issue 39: a player's whole day in German on a 390 px phone.

A German event (``Tournament.language``) and German phones (``Accept-Language: de-DE``): the
private link opens the player's table, one player reports the result, the three others confirm
it, the reporter's page follows to "accepted" by itself, and the standings show the game. On
every page: ``<html lang="de">``, the key words are the catalogue's German (read through
Django's gettext under ``translation.override("de")`` and from the scripts' catalogue, never
typed here) and nothing scrolls sideways.

It passes fully once the German catalogue holds these words: until then it fails naming the
first English word still shown.
"""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import PHONE, assert_no_sideways_overflow, fill_result
from tests.catalogue_text import page_text, script_text
from tests.factories import EntrantFactory, TournamentFactory
from tournament.services import clock
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GERMAN = "de"
SLUG = "koeln-open"


def check_page(page, name: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", GERMAN)
    assert_no_sideways_overflow(page, name)


def test_a_players_day_in_german(new_context):
    tournament = TournamentFactory(slug=SLUG, name="Köln Open", language=GERMAN)
    for i in range(4):
        EntrantFactory(tournament=tournament, display_name=f"Spielerin {i + 1}")
    round_ = clock.start(publish_round(generate_swiss_round(tournament, seed=3)))
    seats = list(round_.matches.get().seats.order_by("position").select_related("entrant"))

    def phone(seat):
        page = new_context(viewport=PHONE, locale="de-DE").new_page()
        page.goto(f"/me/{seat.entrant.access_token}/")
        return page

    # the private link: the player's table, its clock running in German (live.js's words)
    reporter = phone(seats[0])
    check_page(reporter, "the private page")
    running = script_text(GERMAN, "running", context="clock")
    expect(reporter.locator("span[data-live-clock-state]").first).to_have_text(running)
    one_less = script_text(GERMAN, "One less: %(what)s").split("%(what)s")[0]
    stepper = reporter.locator("button.step").first
    assert (stepper.get_attribute("aria-label") or "").startswith(one_less)

    # the report
    fill_result(reporter)
    reporter.get_by_role("button", name=page_text(GERMAN, "Send the result")).click()
    table = {"table": seats[0].match.table_number}
    reported = page_text(
        GERMAN, "Result of table %(table)s reported: the other sides now confirm it."
    )
    # the answer page has arrived before it is measured (not the form it replaces)
    expect(reporter.locator(".messages")).to_contain_text(reported % table)
    check_page(reporter, "the private page after the report")
    expect(reporter.locator("main")).not_to_contain_text("Send the result")

    # the confirmations: the last one makes the result count
    confirm = page_text(GERMAN, "✓ Confirm this result")
    for seat in seats[1:]:
        other = phone(seat)
        check_page(other, f"the private page of {seat.entrant.display_name}")
        other.get_by_role("button", name=confirm).click()
        confirmed = page_text(GERMAN, "Table %(table)s: result confirmed.") % table
        expect(other.locator(".messages")).to_contain_text(confirmed)
        check_page(other, "the private page after confirming")
    # the reporter's page follows by itself
    expect(reporter.locator("section.now")).to_contain_text(page_text(GERMAN, "Accepted"))

    # the round's tables and the standings
    reporter.goto(f"/events/{SLUG}/rounds/{round_.number}/")
    check_page(reporter, "the round's tables")
    reporter.goto(f"/events/{SLUG}/standings/")
    check_page(reporter, "the standings")
    expect(reporter.locator("h1")).to_contain_text(page_text(GERMAN, "Standings"))
    expect(reporter.locator("main")).to_contain_text(seats[0].entrant.display_name)
