"""Issues 20.8 and 20.16 in the browser: a disputed table opens at the desk pre-filled with the
reported numbers and the dispute's reason; the referee changes one count and saves; then, on a
phone, the audit trail filtered to that table tells the story in words."""

import pytest
from playwright.sync_api import expect

from matches.models import MatchStatus, VersionState
from tests.browser.helpers import PHONE
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
    crumbs = page.locator(".crumbs")  # issue 20.17: the way back to the desk
    expect(crumbs).to_contain_text(f"Referee desk › Round 1, table {match.table_number}")
    expect(crumbs.get_by_role("link", name="Referee desk")).to_have_attribute(
        "href", "/events/browser-dispute/desk/"
    )
    cups = page.locator('input[name$="-victory_cup_tokens"]')
    expect(cups).to_have_count(4)
    assert [cups.nth(i).input_value() for i in range(4)] == ["7", "5", "3", "1"]
    cups.nth(1).fill("6")
    page.get_by_label("Your ruling on the dispute").fill("Recounted: six tokens")
    page.get_by_role("button", name="Save the result", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("dispute settled")
    match.refresh_from_db()
    assert match.status == MatchStatus.ACCEPTED
    accepted = match.result_versions.get(state=VersionState.ACCEPTED)
    assert [s["victory_cup_tokens"] for s in accepted.report["sides"]] == [7, 6, 3, 1]

    # The same referee reads the table's story on a phone, filtered to the table.
    seats = list(match.seats.order_by("position").select_related("entrant"))
    phone = new_context(user=referee, viewport=PHONE).new_page()
    phone.goto("/events/browser-dispute/manage/audit/")
    phone.get_by_label("Table").fill(str(match.table_number))
    phone.get_by_label("Person").select_option(label=seats[1].entrant.display_name)
    phone.get_by_role("button", name="Show").click()
    sentences = phone.locator(".audit-sentence")
    expect(sentences).to_have_text(
        [
            f"{seats[1].entrant.display_name} (player, private link) disputed the result of"
            f" round 1, table {match.table_number}."
        ]
    )
    expect(phone.locator(".audit-entry")).to_contain_text("I had six tokens")
    phone.get_by_label("Person").select_option(label="dispute-ref")
    phone.get_by_role("button", name="Show").click()
    entry = phone.locator(".audit-entry").first
    expect(entry.locator(".audit-sentence")).to_contain_text("dispute-ref (referee)")
    # the changed side's line shows its place before and after, the raw record one click away
    expect(entry.locator("tr.changed")).not_to_have_count(0)
    expect(entry.locator("details.raw pre").first).to_be_hidden()
    entry.locator("details.raw summary").click()
    expect(entry.locator("details.raw")).to_contain_text("result.")
