"""One phone, several players' private pages open in its tabs (a table sharing one phone).

The tabs share the phone's storage (the offline queue in IndexedDB, the service worker); each
tab's report or confirmation must still count once, for the player whose page it is. A player's
page reloads itself when another side reports or confirms (``static/js/live.js``); a reload due
just as a side taps "Confirm", or while it types a dispute, must not swallow what it sends or
types.
"""

import re
import time

import pytest
from playwright.sync_api import expect

from matches.models import Match, MatchStatus
from tests.browser.helpers import PHONE, fill_result
from tests.browser.test_players_day import one_table

CONFIRMATION_TAKEN = re.compile(r"confirmed|Confirmation of table \d+ \(\d\d:\d\d\): Sent")

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_every_confirmation_counts_with_every_players_page_open_on_one_phone(new_context):
    _, match, seats = one_table("shared-phone")
    phone = new_context(viewport=PHONE)
    tabs = []
    for seat in seats:
        tab = phone.new_page()
        tab.goto(f"/me/{seat.entrant.access_token}/")
        tabs.append(tab)

    reporter = tabs[0]
    reporter.bring_to_front()
    fill_result(reporter)
    reporter.get_by_role("button", name="Send the result").click()
    expect(reporter.locator("[data-waiting]")).to_contain_text("Waiting for")

    for tab in tabs[1:]:
        tab.bring_to_front()
        # each page reloads itself on the report and on every confirmation: tap as soon as the
        # button is there, whatever reload is still due
        tab.get_by_role("button", name="Confirm this result").click()
        # the tab says its confirmation was taken: the "confirmed" notice, or, when another
        # tab's reload drew that notice first (notices live in the phone's one cookie jar, not
        # per tab), this device's list of results sent
        taken = tab.locator(".messages, [data-offline-actions]").filter(has_text=CONFIRMATION_TAKEN)
        expect(taken.first).to_be_visible()

    # every confirmation counted: the last one accepted the result
    assert status_within(match, 15) == MatchStatus.ACCEPTED
    # the reporter's tab, open in the background all along, follows live
    expect(reporter.locator("section.now")).to_contain_text("Accepted")
    for tab in tabs:  # every tab, still open, follows to the accepted result
        expect(tab.locator("section.now")).to_contain_text("Accepted")


def test_a_dispute_being_typed_survives_another_sides_confirmation(new_context):
    _, match, seats = one_table("typing-phone")
    reporter = new_context(viewport=PHONE).new_page()
    reporter.goto(f"/me/{seats[0].entrant.access_token}/")
    fill_result(reporter)
    reporter.get_by_role("button", name="Send the result").click()
    expect(reporter.locator("[data-waiting]")).to_contain_text("Waiting for")

    typing = new_context(viewport=PHONE).new_page()
    typing.goto(f"/me/{seats[2].entrant.access_token}/")
    reason = typing.get_by_label("What is wrong with it?")
    reason.fill("I had three tokens, not two")

    confirmer = new_context(viewport=PHONE).new_page()
    confirmer.goto(f"/me/{seats[1].entrant.access_token}/")
    confirmer.get_by_role("button", name="Confirm this result").click()
    expect(confirmer.locator(".messages")).to_contain_text("confirmed")

    # the typing page heard the confirmation but kept what is being typed
    expect(typing.locator("[data-live-changed]")).to_contain_text("has changed")
    expect(reason).to_have_value("I had three tokens, not two")
    typing.get_by_role("button", name="Dispute it").click()
    expect(typing.locator(".messages")).to_contain_text("disputed")
    assert Match.objects.get(pk=match.pk).status == MatchStatus.DISPUTED


def status_within(match, seconds: float) -> str:
    """The match's status once it is accepted, or after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        status = Match.objects.get(pk=match.pk).status
        if status == MatchStatus.ACCEPTED or time.monotonic() > deadline:
            return status
        time.sleep(0.2)
