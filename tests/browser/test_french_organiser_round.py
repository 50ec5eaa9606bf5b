"""Issue 39: an organiser's round in French.

A French event (``Tournament.language``) run by an organiser who chose French (their saved
language, no ``Accept-Language``), with a referee whose browser asks for French: the round's
console page, the referee desk saving the round's last result (the console hears it, in French),
"close round 1 and pair round 2", "publish round 2", and a player's phone showing the new table.
On every page ``<html lang="fr">``, the words are the catalogues' French (read through Django's
gettext and the scripts' catalogue, never typed here), and nothing scrolls sideways.
"""

import pytest
from playwright.sync_api import expect

from accounts.models import LanguagePreference
from common.audit.actor import Actor
from matches.services.results import enter_result
from tests.browser.helpers import PHONE, assert_no_sideways_overflow, fill_result, report_for
from tests.catalogue_text import page_text, script_text
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import Round, RoundStatus, StaffRole, StaffRoleKind
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FRENCH = "fr"
SLUG = "open-de-lyon"


def french(msgid: str, **values) -> str:
    text = page_text(FRENCH, msgid)
    return text % values if values else text


def check_page(page, name: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", FRENCH)
    assert_no_sideways_overflow(page, name)


def test_an_organisers_round_in_french(new_context):
    organiser = UserFactory(username="organisatrice")
    LanguagePreference.objects.create(user=organiser, language=FRENCH)
    tournament = TournamentFactory(
        slug=SLUG, name="Open de Lyon", organiser=organiser, swiss_rounds=3,
        start_clock_on_publish=True, language=FRENCH,
    )  # fmt: skip
    entrants = [
        EntrantFactory(tournament=tournament, display_name=f"Joueuse {i + 1}") for i in range(8)
    ]
    round_1 = publish_round(generate_swiss_round(tournament, seed=6))
    referee = UserFactory(username="arbitre")
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)
    first, last = round_1.matches.order_by("table_number")
    enter_result(first, report_for(first), Actor(user=referee))

    # the organiser's round page, in the language they chose
    console = new_context(user=organiser).new_page()
    console.goto(f"/events/{SLUG}/manage/rounds/1/")
    check_page(console, "the round's console page")
    expect(console.locator("h1")).to_contain_text(french("Round %(number)s", number=1))
    expect(console.locator("[data-live-status]").first).to_have_text(
        script_text(FRENCH, "live", context="connection")
    )

    # the referee desk saves the last result; the console hears it, in French
    desk = new_context(user=referee, locale="fr-FR").new_page()
    desk.goto(f"/events/{SLUG}/desk/matches/{last.pk}/")
    check_page(desk, "the referee desk")
    fill_result(desk)
    desk.get_by_role("button", name=french("Save the result"), exact=True).click()
    card = console.locator(f'[data-live-match="{last.pk}"]')
    expect(card.locator("[data-console-status]")).to_have_text(script_text(FRENCH, "Accepted"))

    # the turnover
    close = french("Close round %(n)s and pair round %(next)s", n=1, next=2)
    console.get_by_role("button", name=close, exact=True).click()
    expect(console.locator("h1")).to_contain_text(french("Round %(number)s", number=2))
    check_page(console, "round 2's draft")
    publish = console.get_by_role("button", name=french("Publish round %(number)s", number=2))
    publish.click()
    round_2 = Round.objects.get(tournament=tournament, number=2)
    # the published page has replaced the draft before it is measured
    expect(publish).to_have_count(0)
    expect(console.locator("h1")).to_contain_text(french("Round %(number)s", number=2))
    check_page(console, "round 2 published")

    # a player's phone shows the new table in French
    player = entrants[0]
    phone = new_context(viewport=PHONE, locale="fr-FR").new_page()
    phone.goto(f"/me/{player.access_token}/")
    check_page(phone, "the player's page")
    table = round_2.seats.get(entrant=player).match.table_number
    expect(phone.locator("#now")).to_have_text(
        french("Round %(round)s: table %(table)s", round=2, table=table)
    )
    round_2.refresh_from_db()
    assert round_2.status == RoundStatus.RUNNING
