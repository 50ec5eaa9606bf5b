"""Issue 38, items 1-3: the organiser's console answers where the organiser is looking.

1. The round page's "Close the round" box follows the results live (no reload), and the console
   home's next step offers "Close round N" once every result is in (the clock never started).
2. A bad CSV paste shows its errors first, with the focus, the pasted text kept; a name known
   from another event asks "Has X played before?" at the top of the page.
3. An event paired at random never says "Swiss"; the cut offers only sizes smaller than the
   field, each previewed (who goes through, into which group); the last button crowns.
"""

import re

import pytest
from playwright.sync_api import expect

from common.audit.actor import Actor
from matches.services.results import enter_result
from tests.browser.helpers import SCREENSHOTS, fill_result, report_for
from tests.factories import EntrantFactory, PlayerFactory, TournamentFactory, UserFactory
from tournament.models import EntrantStatus, RoundStatus, StaffRole, StaffRoleKind, TournamentStatus
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_close_box_and_the_next_step_follow_the_results(new_context):
    organiser = UserFactory(username="close-boss")
    tournament = TournamentFactory(slug="close-live", organiser=organiser)
    for i in range(8):
        EntrantFactory(tournament=tournament, display_name=f"Close Player {i + 1}")
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    referee = UserFactory(username="close-ref")
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)
    first, second = round_.matches.order_by("table_number")

    page = new_context(user=organiser).new_page()
    page.goto("/events/close-live/manage/rounds/1/")
    expect(page.locator("[data-live-status]").first).to_have_text("live")
    box = page.locator("[data-close-round]")
    expect(box.locator("[data-close-missing-list]")).to_have_text("1, 2")
    page.evaluate("window.__marker = 1")

    desk = new_context(user=referee).new_page()
    for match in (first, second):
        desk.goto(f"/events/close-live/desk/matches/{match.pk}/")
        fill_result(desk)
        desk.get_by_role("button", name="Save the result", exact=True).click()
        expect(desk.locator(".messages")).to_contain_text(f"Table {match.table_number}")
        if match == first:
            expect(box.locator("[data-close-missing-list]")).to_have_text("2")

    expect(box.locator("[data-close-missing]")).to_be_hidden()
    expect(box.locator("[data-close-all-in]")).to_have_text("Every table has its result.")
    expect(box.get_by_label(re.compile("^Reason"))).to_be_hidden()
    expect(box.get_by_role("button", name="Close round 1 and pair round 2")).to_have_class(
        re.compile(r"\bprimary\b")
    )
    assert page.evaluate("window.__marker") == 1  # no reload
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "console-round-all-results-in.png", full_page=True)

    # the console home: the clock never ran, every result is in: close the round
    page.goto("/events/close-live/manage/")
    step = page.locator(".next-step")
    expect(step).to_contain_text("Every table of round 1 has its result.")
    expect(step).not_to_contain_text("Start the clock")
    step.get_by_role("button", name="Close round 1").click()
    expect(page.locator(".messages")).to_contain_text("Round 1 is closed.")
    round_.refresh_from_db()
    assert round_.status == RoundStatus.COMPLETE


BAD_CSV = "name,club\nGood Gwen,North\n,South\n"


def test_answers_to_the_players_forms_come_first(new_context):
    organiser = UserFactory(username="answer-boss")
    tournament = TournamentFactory(slug="answers", organiser=organiser)
    for i in range(40):  # a long list: the forms sit far down the page
        EntrantFactory(tournament=tournament, display_name=f"Listed Player {i + 1:02d}")
    known = PlayerFactory(name="Ada Lovelace", club="North")
    EntrantFactory(player=known, tournament=TournamentFactory(organiser=organiser))
    page = new_context(user=organiser).new_page()
    page.goto("/events/answers/manage/entrants/")

    page.get_by_label("Or paste the lines here").fill(BAD_CSV)
    page.get_by_role("button", name="Import", exact=True).click()
    errors = page.locator("[data-csv-errors]")
    expect(errors).to_contain_text("Nothing was imported.")
    expect(errors).to_contain_text("Line 3")
    expect(errors).to_be_focused()
    expect(errors).to_be_in_viewport()
    expect(page.get_by_label("Or paste the lines here")).to_have_value(BAD_CSV)
    assert not tournament.entrants.filter(display_name="Good Gwen").exists()

    page.get_by_label("Name (required)", exact=True).fill("Ada Lovelace")
    page.get_by_role("button", name="Add the player").click()
    question = page.locator("[data-played-before]")
    expect(question).to_contain_text("Has Ada Lovelace played before?")
    expect(question).to_be_focused()
    expect(question).to_be_in_viewport()
    assert question.bounding_box()["y"] < 900
    question.get_by_role("button", name=re.compile("^Yes: Ada Lovelace")).click()
    expect(page.locator(".messages")).to_contain_text("Ada Lovelace is registered.")
    assert tournament.entrants.get(display_name="Ada Lovelace").player_id == known.pk


def play_round(round_) -> None:
    round_ = publish_round(round_) if round_.status == RoundStatus.DRAFT else round_
    for match in round_.matches.filter(is_bye=False):
        enter_result(match, report_for(match), Actor())
    complete_round(round_)


def test_a_random_event_says_no_swiss_previews_its_cut_and_crowns(new_context):
    organiser = UserFactory(username="random-boss")
    tournament = TournamentFactory(
        slug="random-night", organiser=organiser, pairing_method="random", swiss_rounds=1
    )
    for i in range(8):
        EntrantFactory(
            tournament=tournament,
            display_name=f"Random Player {i + 1}",
            status=EntrantStatus.CHECKED_IN,
        )
    page = new_context(user=organiser).new_page()
    page.goto("/events/random-night/manage/")
    step = page.locator(".next-step")
    expect(step).to_contain_text("Pair round 1 of 1 at random.")
    step.get_by_role("button", name="Generate round 1").click()
    round_ = tournament.rounds.get(number=1)
    play_round(round_)

    for path in ("manage/", "manage/rounds/", "manage/rounds/1/", "standings/", ""):
        page.goto(f"/events/random-night/{path}")
        assert "Swiss" not in page.locator("main").inner_text(), path

    page.goto("/events/random-night/manage/")
    page.locator(".next-step").get_by_role("link", name="Choose the cut").click()
    expect(page.locator("h1")).to_have_text("The cut to the elimination")
    assert "Swiss" not in page.locator("main").inner_text()
    options = page.locator("[data-cut-option]")
    expect(options).to_have_count(1)  # top 4: never "top 8" of 8
    expect(page.locator("main")).not_to_contain_text("Top 8")
    option = options.first
    expect(option.locator("h2")).to_have_text("Top 4 of 8")
    groups = option.locator("[data-cut-groups] li")
    expect(groups).to_have_count(1)
    expect(groups.first).to_contain_text("Group Final")
    previewed = groups.first.inner_text()
    assert previewed.count("Random Player") == 4
    assert tournament.status != TournamentStatus.ELIMINATION  # a preview changes nothing
    option.get_by_role("button", name="Cut to the top 4").click()
    expect(page.locator(".messages")).to_contain_text("Final seated: top 4.")
    final = tournament.rounds.filter(stage__kind="final").order_by("number")
    seated = sorted(s.entrant.display_name for s in final.first().seats.all())
    assert all(name in previewed for name in seated)

    for game in final:
        play_round(game)
    page.goto("/events/random-night/manage/")
    step = page.locator(".next-step")
    expect(step).not_to_contain_text("Advance the elimination")
    step.get_by_role("button", name="Crown the champion").click()
    expect(page.locator(".champion")).to_contain_text("Champion:")
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
