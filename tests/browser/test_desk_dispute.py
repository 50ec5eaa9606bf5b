"""Issue 20.8 in the browser: a disputed table opens at the desk pre-filled with the reported
numbers and the dispute's reason; the referee changes one count and saves."""

import pytest
from playwright.sync_api import expect

from matches.models import MatchStatus, VersionState
from tests.factories import EntrantFactory, TournamentFactory, UserFactory, report_then_dispute
from tournament.models import StaffRole, StaffRoleKind
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_disputed_table_opens_pre_filled(new_context):
    tournament = TournamentFactory(slug="browser-dispute")
    for i in range(4):
        EntrantFactory(tournament=tournament, display_name=f"Disputer {i + 1}")
    match = publish_round(generate_swiss_round(tournament, seed=9)).matches.get()
    report_then_dispute(match, [7, 5, 3, 1], "I had six tokens")
    referee = UserFactory(username="dispute-ref")
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)

    page = new_context(user=referee).new_page()
    page.goto("/events/browser-dispute/desk/")
    page.locator(f'a[href="/events/browser-dispute/desk/matches/{match.pk}/"]').first.click()
    expect(page.locator("[data-dispute]")).to_contain_text("I had six tokens")
    cups = page.locator('input[name$="-victory_cup_tokens"]')
    expect(cups).to_have_count(4)
    assert [cups.nth(i).input_value() for i in range(4)] == ["7", "5", "3", "1"]
    cups.nth(1).fill("6")
    page.get_by_role("button", name="Save the result", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("result saved")
    match.refresh_from_db()
    assert match.status == MatchStatus.ACCEPTED
    accepted = match.result_versions.get(state=VersionState.ACCEPTED)
    assert [s["victory_cup_tokens"] for s in accepted.report["sides"]] == [7, 6, 3, 1]
