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
from tests.factories import EntrantFactory, TournamentFactory, UserFactory, report_then_dispute
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
    # no live updates (a poor network): the page must follow the sent report by itself
    context.route("**/live.json*", lambda route: route.abort())
    context.route_web_socket("**/ws/**", lambda ws: ws.close())
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


def test_a_signed_in_players_events_come_first_and_my_games_is_in_the_header(new_context):
    from tests.browser.helpers import assert_no_sideways_overflow
    from tests.factories import PlayerFactory

    user = UserFactory(username="playing-person")
    player = PlayerFactory(user=user, name="Playing Person")
    tournament, match, seats = one_table("my-events-cup")
    mine = seats[0].entrant
    mine.player = player
    mine.save(update_fields=["player"])
    page = new_context(user=user, viewport=PHONE).new_page()
    page.goto("/dashboard/")
    played = page.locator("[data-played-events]")
    expect(played).to_contain_text("Events you play")
    expect(played).to_contain_text("My Events Cup")
    expect(page.locator("main")).not_to_contain_text("You do not run or referee an event yet")
    played.get_by_role("link", name="My private page").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(mine.display_name)
    page.locator("header").get_by_role("link", name="My games").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("My games")
    assert_no_sideways_overflow(page, "My games")


def test_after_the_final_the_pages_speak_of_a_finished_event(new_context):
    """Item 10 on phones: the event page has no "Now: round N" and no clock; the runner-up
    reads "runner-up" (their result in the final) on their page and their public page;
    nobody finished reads "No table yet"; My games counts the elimination's games too."""
    from tests.browser.test_players_day import play
    from tests.factories import PlayerFactory
    from tournament.models import StageKind
    from tournament.services.elimination import advance_elimination, start_elimination
    from tournament.services.final_standings import final_standings
    from tournament.services.rounds import generate_swiss_round

    referee = UserFactory(username="over-ref")
    tournament = TournamentFactory(slug="over-night", name="Over Night", swiss_rounds=1)
    for i in range(8):
        EntrantFactory(tournament=tournament, display_name=f"Over {i + 1}")
    play(generate_swiss_round(tournament, seed=8), referee)
    play(start_elimination(tournament).round, referee)
    advance_elimination(tournament)
    for final in tournament.rounds.filter(stage__kind=StageKind.FINAL).order_by("number"):
        play(final, referee)
    assert advance_elimination(tournament).champion
    tournament.refresh_from_db()
    order = final_standings(tournament)
    runner_up = tournament.entrants.get(pk=order[1].entrant_id)
    fifth = tournament.entrants.get(pk=order[4].entrant_id)

    page = new_context(viewport=PHONE).new_page()
    page.goto("/events/over-night/")
    expect(page.locator("main")).to_contain_text(f"Champion: {tournament.champion.display_name}")
    expect(page.locator("#current-heading")).to_have_count(0)
    expect(page.locator("main")).not_to_contain_text("(idle)")

    page.goto(f"/me/{runner_up.access_token}/")
    expect(page.locator("#finish-heading")).to_have_text("You are the runner-up")
    expect(page.locator("#finish-heading + p")).to_contain_text("Runner-up in the final (")
    expect(page.locator("main")).not_to_contain_text("group Final")
    expect(page.locator("section.now")).to_have_count(0)
    expect(page.locator("main")).not_to_contain_text("No table yet")
    page.goto(f"/events/over-night/entrants/{runner_up.pk}/")
    expect(page.locator("[data-finish]")).to_contain_text("Finished 2nd: runner-up in the final (")

    page.goto(f"/me/{fifth.access_token}/")
    expect(page.locator("#finish-heading")).to_have_text("You finished 5th")
    expect(page.locator("main")).not_to_contain_text("No table yet")

    user = UserFactory(username="runner-up-person")
    runner_up.player = PlayerFactory(user=user)
    runner_up.save(update_fields=["player"])
    games = runner_up.seats.filter(match__status="accepted", match__is_bye=False).count()
    assert games == 5  # one Swiss round, the group game, the final's three games
    mine = new_context(user=user, viewport=PHONE).new_page()
    mine.goto("/accounts/history/")
    expect(mine.locator(".event-card .state")).to_contain_text("5 games")


def test_a_dispute_window_cut_short_by_the_round_closing_is_told(new_context):
    from common.audit.actor import Actor
    from matches.services.results import confirm_report, submit_report
    from tests.browser.helpers import report_for
    from tournament.services.rounds import complete_round

    _tournament, match, seats = one_table(
        "cut-short", confirmations="one", dispute_window_minutes=30
    )
    version = submit_report(match, report_for(match), Actor(entrant=seats[0].entrant))
    confirm_report(version, Actor(entrant=seats[1].entrant))
    complete_round(match.round)

    page = phone_of(new_context, seats[3])
    note = page.locator("[data-dispute-cut-short]")
    expect(note).to_contain_text("the time to dispute ended early")
    expect(note).to_contain_text("The round closed at")
    expect(page.get_by_role("button", name="Dispute it")).to_have_count(0)
    # the sides that reported or confirmed it lost nothing: no note for them
    confirmer = phone_of(new_context, seats[1])
    expect(confirmer.locator("main")).to_contain_text("Your games")
    expect(confirmer.locator("[data-dispute-cut-short]")).to_have_count(0)
