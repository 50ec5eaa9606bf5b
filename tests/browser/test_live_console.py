"""Issue 20.2: the organiser's round page is live - its clock runs when the clock is started from
another screen, and a table's status turns to Accepted when the referee saves its result, while
the test watches (no reload for the result)."""

import pytest
from playwright.sync_api import expect

from matches.models import MatchStatus
from tests.browser import stays_put
from tests.browser.helpers import fill_result
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import StaffRole, StaffRoleKind
from tournament.services import clock
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROUND = "/events/live-console/manage/rounds/1/"


def test_the_console_follows_the_clock_and_the_results(new_context):
    organiser = UserFactory(username="console-boss")
    tournament = TournamentFactory(slug="live-console", organiser=organiser)
    for i in range(8):
        EntrantFactory(tournament=tournament, display_name=f"Console Player {i + 1}")
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    referee = UserFactory(username="console-ref")
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)
    match = round_.matches.order_by("table_number").first()

    watched = new_context(user=organiser).new_page()
    watched.goto(ROUND)
    expect(watched.locator("[data-live-status]").first).to_have_text("live")
    expect(watched.locator("span[data-live-clock-state]")).to_have_text("idle")

    other_screen = new_context(user=organiser).new_page()
    other_screen.goto(ROUND)
    other_screen.get_by_role("button", name="Start (Yarra Mark!)").click()

    expect(watched.locator("span[data-live-clock-state]")).to_have_text("running")
    expect(watched.get_by_role("button", name="Pause")).to_be_visible()  # the page's controls too
    first = watched.locator("[data-live-clock]").first.inner_text()
    expect(watched.locator("[data-live-clock]").first).not_to_have_text(first)  # it counts
    expect(watched.locator("[data-live-status]").first).to_have_text("live")
    watched.evaluate("window.__marker = 1")

    desk = new_context(user=referee).new_page()
    desk.goto(f"/events/live-console/desk/matches/{match.pk}/")
    fill_result(desk)
    desk.get_by_role("button", name="Save the result", exact=True).click()
    expect(desk.locator(".messages")).to_contain_text(f"Table {match.table_number}")

    card = watched.locator(f'[data-live-match="{match.pk}"]')
    expect(card.locator("[data-console-status]")).to_have_text("Accepted")
    expect(card.locator('[data-live-field="placings"]')).to_contain_text("1. ")
    assert watched.evaluate("window.__marker") == 1  # no reload for a result
    match.refresh_from_db()
    assert match.status == MatchStatus.ACCEPTED


def test_a_clock_commands_late_push_keeps_the_page_it_drew(new_context):
    """The start's push reaching the page its own redirect drew (the server was busy) does not
    reload it over its message; a push for another setting of the clock still does."""
    organiser = UserFactory(username="late-push-boss")
    tournament = TournamentFactory(slug="late-push", organiser=organiser)
    for i in range(4):
        EntrantFactory(tournament=tournament, display_name=f"Late Player {i + 1}")
    round_ = publish_round(generate_swiss_round(tournament, seed=5))
    context = new_context(user=organiser)
    stays_put.watch(context)
    page = context.new_page()
    page.goto("/events/late-push/manage/rounds/1/")
    expect(page.locator("[data-live-status]").first).to_have_text("live")
    page.get_by_role("button", name="Start (Yarra Mark!)").click()
    expect(page.locator(".messages")).to_contain_text("Yarra Mark!")
    expect(page.locator("[data-live-status]").first).to_have_text("live")
    stays_put.mark(page)

    round_.refresh_from_db()
    deliver = (
        "m => document.querySelector('[data-console-round]')"
        ".dispatchEvent(new CustomEvent('live:message', {detail: m}))"
    )
    page.evaluate(deliver, clock.clock_payload(round_, "start"))
    stays_put.assert_stays(page)  # console.js would reload at once, from the message's handler
    expect(page.locator(".messages")).to_contain_text("Yarra Mark!")

    round_.clock_ends_at, round_.clock_paused_remaining_ms = None, 120_000  # not saved
    with page.expect_event("load"):
        page.evaluate(deliver, clock.clock_payload(round_, "pause"))
