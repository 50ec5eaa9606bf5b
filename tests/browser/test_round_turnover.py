"""Issue 18.6: from the last result of round 1 to round 2's tables on a player's phone in at most
three organiser actions - "Close round 1 and pair round 2" (the draft opens for review, seats
still swappable), then "Publish round 2", which starts the clock as the event asks.

The organiser watches round 1's page while the referee saves its last result at the desk; every
click the organiser makes from then on is counted. The player's phone follows live: it is open
on its private link and reloads itself when round 2 is published."""

import pytest
from playwright.sync_api import expect

from common.audit.actor import Actor
from common.audit.models import AuditEntry
from matches.services.results import enter_result
from tests.browser.helpers import PHONE, fill_result, report_for
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import Round, RoundStatus, StaffRole, StaffRoleKind
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "turnover-cup"
MAX_ACTIONS = 3


def test_the_turnover_takes_at_most_three_organiser_actions(new_context):
    organiser = UserFactory(username="turnover-boss")
    tournament = TournamentFactory(
        slug=SLUG, organiser=organiser, swiss_rounds=3, start_clock_on_publish=True
    )
    entrants = [
        EntrantFactory(tournament=tournament, display_name=f"Turnover Player {i + 1}")
        for i in range(8)
    ]
    round_1 = publish_round(generate_swiss_round(tournament, seed=6))
    referee = UserFactory(username="turnover-ref")
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)
    first, last = round_1.matches.order_by("table_number")
    enter_result(first, report_for(first), Actor(user=referee))  # before any page opens

    player = entrants[0]
    phone = new_context(viewport=PHONE).new_page()
    phone.goto(f"/me/{player.access_token}/")
    expect(phone.locator("#now")).to_contain_text("Round 1: table")

    org = new_context(user=organiser).new_page()
    org.goto(f"/events/{SLUG}/manage/rounds/1/")
    expect(org.locator("[data-live-status]").first).to_have_text("live")

    # the referee saves round 1's last result; the organiser's page sees it arrive
    desk = new_context(user=referee).new_page()
    desk.goto(f"/events/{SLUG}/desk/matches/{last.pk}/")
    fill_result(desk)
    desk.get_by_role("button", name="Save the result", exact=True).click()
    card = org.locator(f'[data-live-match="{last.pk}"]')
    expect(card.locator("[data-console-status]")).to_have_text("Accepted")

    actions = []

    def act(name):
        """One organiser action: a click on the button called ``name``."""
        actions.append(name)
        org.get_by_role("button", name=name, exact=True).click()

    act("Close round 1 and pair round 2")
    expect(org.locator("h1")).to_contain_text("Round 2")
    expect(org.locator(".messages")).to_contain_text("Round 2 is paired (round 1 is closed)")
    # the draft, for review: seats can still be swapped before it goes up
    expect(org.get_by_role("button", name="Swap seats")).to_be_visible()
    act("Publish round 2")
    expect(org.locator(".messages")).to_contain_text("Round 2 is published.")

    round_2 = Round.objects.get(tournament=tournament, number=2)
    table = round_2.seats.get(entrant=player).match.table_number
    expect(phone.locator("#now")).to_have_text(f"Round 2: table {table}")

    assert len(actions) <= MAX_ACTIONS, actions
    round_1.refresh_from_db()
    assert round_1.status == RoundStatus.COMPLETE
    assert round_2.status == RoundStatus.RUNNING  # the clock started as it was published
    started = AuditEntry.objects.get(action="clock.start", target_id=str(round_2.pk))
    assert started.user == organiser
