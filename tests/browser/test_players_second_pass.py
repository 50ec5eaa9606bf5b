"""Issue 38, items 6 to 10, on a 390 px phone: what players see on the event day.

* 6: offline, "Saved on this phone" appears beside the button that was tapped; back online the
  report is sent and the page follows by itself (no banner, no stale form).
* 7: the confirm box shows the reported cups and survivors per player, and its button is in
  the first screen of a 390 px phone (a screenshot goes to var/screenshots/).
* 8: a referee settles a dispute with a reason; the players' pages show the reason and what
  changed, field by field.
* 9: a signed-in player's "My events" lists their own events first; "My games" is one tap away.
* 10: after the final, the pages speak of a finished event.
"""

import pytest
from playwright.sync_api import expect

from matches.models import MatchStatus, VersionKind, VersionState
from tests.browser.helpers import PHONE, SCREENSHOTS, fill_result
from tests.browser.test_players_day import one_table, phone_of
from tests.factories import UserFactory, report_then_dispute
from tournament.models import StaffRole, StaffRoleKind

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def in_first_screen(page, locator) -> bool:
    """Whether ``locator`` is wholly inside the window as the page opens (no scrolling)."""
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def test_the_confirm_box_shows_the_report_in_the_games_terms(new_context):
    _tournament, match, seats = one_table("confirm-box")
    reporter = phone_of(new_context, seats[0])
    fill_result(reporter, [6, 4, 2, 1])
    reporter.get_by_role("button", name="Send the result").click()
    expect(reporter.locator(".messages")).to_contain_text("reported")

    confirmer = phone_of(new_context, seats[1])
    box = confirmer.locator("[data-confirm-box]")
    expect(box).to_contain_text("check the reported result")
    sides = box.locator("ol.reported-sides > li")
    expect(sides).to_have_count(4)
    for seat, cups in zip(seats, [6, 4, 2, 1], strict=True):
        line = sides.filter(has_text=seat.entrant.display_name)
        expect(line).to_contain_text(f"Victory Cup tokens {cups}")
        expect(line).to_contain_text("Survivors 1")
    expect(box).to_contain_text("ended by: time")
    expect(box).not_to_contain_text("score")
    button = confirmer.get_by_role("button", name="Confirm this result")
    assert in_first_screen(confirmer, button), button.bounding_box()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    confirmer.screenshot(path=str(SCREENSHOTS / "confirm-box-390.png"))
    button.click()
    expect(confirmer.locator(".messages")).to_contain_text("result confirmed")


def test_a_settled_dispute_shows_its_reason_and_what_changed(new_context):
    tournament, match, seats = one_table("settle-cup")
    report_then_dispute(match, [7, 5, 3, 1], "I had six tokens")
    referee = UserFactory(username="settle-ref")
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)

    desk = new_context(user=referee, viewport=PHONE).new_page()
    desk.goto(f"/events/settle-cup/desk/matches/{match.pk}/")
    desk.locator('input[name$="-victory_cup_tokens"]').nth(1).fill("6")
    desk.get_by_role("button", name="Save the result", exact=True).click()
    ruling = desk.get_by_label("Your ruling on the dispute")
    expect(desk.locator(".field.has-error")).to_contain_text("required")
    expect(ruling).to_be_visible()
    match.refresh_from_db()
    assert match.status == MatchStatus.DISPUTED  # no reason, nothing changed
    ruling.fill("Recounted the cups with both players")
    desk.get_by_role("button", name="Save the result", exact=True).click()
    expect(desk.locator(".messages")).to_contain_text("dispute settled")
    settled = match.result_versions.get(state=VersionState.ACCEPTED)
    assert settled.kind == VersionKind.CORRECTION

    for seat in (seats[1], seats[0]):
        page = phone_of(new_context, seat)
        panel = page.locator("[data-settlement]")
        expect(panel).to_contain_text("a referee settled the dispute")
        expect(panel.locator("[data-settlement-reason]")).to_have_text(
            "Recounted the cups with both players"
        )
        changes = panel.locator("[data-settlement-changes] li")
        expect(changes).to_have_count(1)
        expect(changes).to_contain_text(f"{seats[1].entrant.display_name}, Victory Cup tokens: 5")
        expect(changes.locator("ins")).to_have_text("6")


def test_offline_the_saved_note_is_by_the_button_and_the_page_follows_online(new_context):
    from tests.browser.test_offline import open_with_worker

    _tournament, match, seats = one_table("offline-note")
    context = new_context(viewport=PHONE)
    phone = context.new_page()
    open_with_worker(phone, f"/me/{seats[0].entrant.access_token}/")
    context.set_offline(True)
    fill_result(phone)
    send = phone.get_by_role("button", name="Send the result")
    send.click()
    note = phone.locator("[data-offline-here]")
    expect(note).to_have_text("Saved on this phone: it is sent when the network returns.")
    button_box, note_box = send.bounding_box(), note.bounding_box()
    assert 0 <= note_box["y"] - button_box["y"] <= 120, (button_box, note_box)
    assert in_first_screen(phone, note), note_box
    expect(phone.locator("[data-offline-banner]")).to_be_visible()

    context.set_offline(False)
    # sent, and the page shows the table as it is now: no banner, no form as typed
    expect(phone.locator("[data-report-form]")).to_have_count(0)
    expect(phone.locator("[data-waiting]")).to_contain_text("Waiting for")
    expect(phone.locator("[data-offline-banner]")).to_be_hidden()
    expect(phone.locator("[data-offline-here]")).to_have_count(0)
    assert match.result_versions.count() == 1
