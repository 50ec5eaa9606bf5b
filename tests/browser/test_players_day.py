"""Issue 20, items 9, 11-15 and 17, on players' phones.

* A refused report: the summary at the top has the focus, names the side by name and colour and
  the field by its label, and what was typed stays (9, 13).
* The reporter's page follows the table live: "waiting for" shrinks as sides confirm, and after
  a dispute it says "disputed" and never "waiting for" with it (11, 17); points read "1 point".
* An event where one confirmation accepts a result: the last side sees it counted and may still
  dispute it (12).
* An elimination run through the services: a player knocked out in the groups reads "Your event
  is over", the final's second game says "game 2 of 3", and at the end the champion's page, the
  public event page and the home page show the final order (14, 15).
"""

import re

import pytest
from playwright.sync_api import expect

from common.audit.actor import Actor
from matches.models import MatchStatus
from matches.services.results import enter_result
from tests.browser.helpers import PHONE, fill_result, report_for
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import Round, StageKind
from tournament.services.elimination import advance_elimination, start_elimination
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def one_table(slug: str, **settings):
    tournament = TournamentFactory(slug=slug, name=slug.replace("-", " ").title(), **settings)
    for i in range(4):
        EntrantFactory(tournament=tournament, display_name=f"{slug.title()} Player {i + 1}")
    match = publish_round(generate_swiss_round(tournament, seed=2)).matches.get()
    return tournament, match, list(match.seats.order_by("position").select_related("entrant"))


def phone_of(new_context, seat):
    page = new_context(viewport=PHONE).new_page()
    page.goto(f"/me/{seat.entrant.access_token}/")
    return page


def test_a_refused_report_then_confirmations_and_a_dispute_arrive_live(new_context):
    tournament, match, seats = one_table("live-table")
    reporter = phone_of(new_context, seats[0])
    fill_result(reporter)
    # the third side knocked out (at least 10 tokens lost), but the other cups hold only 8
    reporter.locator(f'input[name="s{seats[0].position}-victory_cup_tokens"]').fill("3")
    reporter.locator(f'input[name="s{seats[2].position}-survivors"]').fill("0")
    reporter.get_by_role("button", name="Send the result").click()
    summary = reporter.locator("[data-error-summary]")
    expect(summary).to_be_focused()
    expect(summary).to_contain_text("Your report was not saved.")
    colour = seats[2].flower_colour.replace("+", " and ")
    expect(summary).to_contain_text(f"{seats[2].entrant.display_name} ({colour})")
    assert not re.search(r"victory_cup_tokens|survivors:|\(\d+(, \d+)*\)", summary.inner_text())
    expect(
        reporter.locator(f'input[name="s{seats[0].position}-victory_cup_tokens"]')
    ).to_have_value("3")

    reporter.locator(f'input[name="s{seats[2].position}-survivors"]').fill("1")
    reporter.get_by_role("button", name="Send the result").click()
    waiting = reporter.locator("[data-waiting]")
    others = [s.entrant.display_name for s in seats[1:]]
    expect(waiting).to_have_text(f"Waiting for {', '.join(others)} to confirm.")
    expect(reporter.locator("ol.placings")).to_contain_text(
        f"{seats[3].entrant.display_name} (1 point): Victory Cup tokens 1"
    )

    second = phone_of(new_context, seats[1])
    second.get_by_role("button", name="Confirm this result").click()
    expect(second.locator(".messages")).to_contain_text("result confirmed")
    # the reporter's page follows by itself
    expect(waiting).to_have_text(f"Waiting for {', '.join(others[1:])} to confirm.")

    third = phone_of(new_context, seats[2])
    third.get_by_label("What is wrong with it?").fill("I had three tokens, not two")
    third.get_by_role("button", name="Dispute it").click()
    expect(third.locator(".messages")).to_contain_text("disputed")
    expect(reporter.locator("section.now")).to_contain_text("Disputed")
    expect(reporter.locator("[data-waiting]")).to_have_count(0)
    expect(reporter.locator("main")).not_to_contain_text("Waiting for")
    match.refresh_from_db()
    assert match.status == MatchStatus.DISPUTED


def test_one_confirmation_accepts_and_the_last_side_may_still_dispute(new_context):
    tournament, match, seats = one_table(
        "quick-table", confirmations="one", dispute_window_minutes=10
    )
    reporter = phone_of(new_context, seats[0])
    fill_result(reporter)
    reporter.get_by_role("button", name="Send the result").click()
    expect(reporter.locator(".messages")).to_contain_text("reported")
    confirmer = phone_of(new_context, seats[1])
    confirmer.get_by_role("button", name="Confirm this result").click()
    expect(confirmer.locator("section.now")).to_contain_text("Accepted")
    match.refresh_from_db()
    assert match.status == MatchStatus.ACCEPTED

    last = phone_of(new_context, seats[3])
    expect(last.locator("main")).to_contain_text("accepted on one confirmation")
    last.get_by_label("What is wrong with it?").fill("We played on after the Bung")
    last.get_by_role("button", name="Dispute it").click()
    expect(last.locator(".messages")).to_contain_text("disputed")
    match.refresh_from_db()
    assert match.status == MatchStatus.DISPUTED


def play(round_: Round, referee) -> None:
    """Publish ``round_`` if it is a draft, enter a legal result at every table, close it."""
    round_.refresh_from_db()
    if round_.status == "draft":
        round_ = publish_round(round_)
    for match in round_.matches.filter(is_bye=False):
        enter_result(match, report_for(match), Actor(user=referee))
    complete_round(round_)


def test_the_elimination_and_the_final_order_on_phones(new_context):
    referee = UserFactory(username="final-ref")
    tournament = TournamentFactory(slug="final-night", name="Final Night", swiss_rounds=1)
    for i in range(8):
        EntrantFactory(tournament=tournament, display_name=f"Finalist {i + 1}")
    play(generate_swiss_round(tournament, seed=8), referee)
    groups = start_elimination(tournament).round
    play(groups, referee)
    knocked_out = groups.matches.order_by("table_number").first().seats.get(place=4).entrant
    advance_elimination(tournament)  # the final's three games are seated
    finals = list(tournament.rounds.filter(stage__kind=StageKind.FINAL).order_by("number"))
    assert len(finals) == 3
    publish_round(finals[0])

    out = new_context(viewport=PHONE).new_page()
    out.goto(f"/me/{knocked_out.access_token}/")
    expect(out.locator("#out-heading")).to_have_text("Your event is over")
    expect(out.locator("main")).not_to_contain_text("Round 2: table")
    expect(out.get_by_role("link", name="bracket")).to_be_visible()

    play(finals[0], referee)
    publish_round(finals[1])
    finalist = finals[1].matches.get().seats.order_by("position").first().entrant
    page = new_context(viewport=PHONE).new_page()
    page.goto(f"/me/{finalist.access_token}/")
    expect(page.locator("section.now")).to_contain_text("game 2 of 3")
    page.goto(f"/events/final-night/rounds/{finals[1].number}/")
    expect(page.locator("h1")).to_contain_text("game 2 of 3")

    play(finals[1], referee)
    play(finals[2], referee)
    state = advance_elimination(tournament)
    assert state.champion
    tournament.refresh_from_db()
    champion = tournament.champion
    mine = new_context(viewport=PHONE).new_page()
    mine.goto(f"/me/{champion.access_token}/")
    expect(mine.locator("#finish-heading")).to_contain_text("You are the champion!")
    out.reload()
    expect(out.locator("#finish-heading")).to_contain_text("You finished")
    for path in ("/events/final-night/", "/"):
        mine.goto(path)
        expect(mine.locator("main")).to_contain_text(f"Champion: {champion.display_name}")
    mine.goto("/events/final-night/")
    final_order = mine.locator(".final-order tbody tr")
    expect(final_order.first).to_contain_text(champion.display_name)
