"""Issue 18, items 1 and 2, in Debian's Chromium: the service worker keeps the pages, and
results typed offline are kept on the device and sent once when the network returns.

* A phone opens its "my table" page, goes offline, reports: "Saved on this phone"; back online
  the report is sent, exactly one version exists, and the other sides confirm it.
* Offline, the service worker serves the kept "my table" page with the "Offline - last
  updated hh:mm" banner.
* The referee desk enters two tables offline ("save and go to the next table") and syncs.
"""

import re
import time

import pytest
from playwright.sync_api import expect

from matches.models import MatchStatus, ResultVersion, VersionState
from tests.browser.helpers import PHONE, TIMEOUT_MS, fill_result
from tests.browser.test_players_day import one_table
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import StaffRole, StaffRoleKind
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# navigator.serviceWorker.ready never settles when the worker fails to register (a /sw.js
# answering 500, say): wait for it at most TIMEOUT_MS.
WORKER_READY = """(ms) => Promise.race([
  navigator.serviceWorker.ready.then(() => true),
  new Promise((resolve) => setTimeout(() => resolve(false), ms)),
])"""


def open_with_worker(page, path):
    """Open ``path`` once the service worker controls the page (so the worker has kept it)."""
    page.goto(path)
    assert page.evaluate(WORKER_READY, TIMEOUT_MS), f"no service worker became active on {path}"
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def kept_pages(page) -> list[str]:
    return page.evaluate(
        "async () => (await (await caches.open('eye-pages-v1')).keys()).map(r => r.url)"
    )


def wait_until(condition, what):
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


def test_a_report_made_offline_is_sent_once_when_the_network_returns(new_context):
    _tournament, match, seats = one_table("offline-report")
    context = new_context(viewport=PHONE)
    phone = context.new_page()
    open_with_worker(phone, f"/me/{seats[0].entrant.access_token}/")
    context.set_offline(True)
    fill_result(phone)
    phone.get_by_role("button", name="Send the result").click()
    outcome = phone.locator("[data-offline-actions] [data-offline-outcome]")
    expect(outcome).to_have_text("Saved on this phone")
    expect(phone.locator("[data-offline-actions]")).to_contain_text(
        f"Report of table {match.table_number}"
    )
    assert not ResultVersion.objects.filter(match=match).exists()

    context.set_offline(False)
    expect(outcome).to_have_text("Sent")
    versions = ResultVersion.objects.filter(match=match)
    assert versions.count() == 1 and versions.get().entrant_id == seats[0].entrant_id
    # the page follows what was sent (the typed form goes): wait for that page before reloading
    expect(phone.locator("[data-report-form]")).to_have_count(0)
    phone.wait_for_load_state()
    # a second device load (the page sends what waits on load) sends nothing again
    phone.reload()
    expect(outcome).to_have_text("Sent")
    assert versions.count() == 1

    for seat in seats[1:]:
        other = new_context(viewport=PHONE).new_page()
        other.goto(f"/me/{seat.entrant.access_token}/")
        other.get_by_role("button", name="Confirm this result").click()
        expect(other.locator(".messages")).to_contain_text("result confirmed")
    match.refresh_from_db()
    assert match.status == MatchStatus.ACCEPTED
    assert versions.get().state == VersionState.ACCEPTED and versions.count() == 1


def test_the_worker_serves_my_table_offline_with_the_banner(new_context):
    _tournament, _match, seats = one_table("offline-page")
    context = new_context(viewport=PHONE)
    phone = context.new_page()
    path = f"/me/{seats[0].entrant.access_token}/"
    open_with_worker(phone, path)
    banner = phone.locator("[data-offline-banner]")
    expect(banner).to_be_hidden()
    assert any(url.endswith(path) for url in kept_pages(phone))
    context.set_offline(True)
    phone.reload()
    expect(phone.get_by_role("heading", level=1)).to_have_text(seats[0].entrant.display_name)
    expect(banner).to_have_text(re.compile(r"^Offline - last updated \d\d:\d\d\b"))
    assert phone.evaluate("document.body.dataset.offlineCopy") == "1"
    # a page never seen on this phone says so instead of the browser's error page
    phone.goto("/events/offline-page/standings/")
    expect(phone.locator("body")).to_contain_text("was not opened on this phone before")
    context.set_offline(False)


def test_the_desk_enters_two_tables_offline_and_syncs(new_context):
    tournament = TournamentFactory(slug="offline-desk")
    EntrantFactory.create_batch(8, tournament=tournament)
    first, second = publish_round(generate_swiss_round(tournament, seed=4)).matches.order_by(
        "table_number"
    )
    referee = UserFactory(username="offline-ref")
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)
    context = new_context(user=referee)
    desk = context.new_page()
    open_with_worker(desk, "/events/offline-desk/desk/")
    tables = {f"/events/offline-desk/desk/matches/{m.pk}/" for m in (first, second)}
    wait_until(
        lambda: tables <= {re.sub(r"^https?://[^/]+", "", u) for u in kept_pages(desk)},
        "the desk's tables kept for offline use",
    )

    context.set_offline(True)
    desk.locator(f'a[href="/events/offline-desk/desk/matches/{first.pk}/"]').first.click()
    expect(desk.get_by_role("heading", level=1)).to_contain_text(f"table {first.table_number}")
    fill_result(desk)
    desk.get_by_role("button", name=f"Save and go to table {second.table_number}").click()
    expect(desk.get_by_role("heading", level=1)).to_contain_text(f"table {second.table_number}")
    fill_result(desk, [1, 2, 4, 6])
    desk.get_by_role("button", name="Save the result", exact=True).click()
    expect(desk.get_by_role("heading", level=1)).to_have_text("Referee desk")
    outcomes = desk.locator("[data-offline-actions] [data-offline-outcome]")
    expect(outcomes).to_have_text(["Saved on this phone", "Saved on this phone"])
    expect(desk.locator("[data-offline-banner]")).to_contain_text("Offline - last updated")
    assert not ResultVersion.objects.filter(match__round__tournament=tournament).exists()

    context.set_offline(False)
    expect(outcomes).to_have_text(["Sent", "Sent"])
    for match in (first, second):
        match.refresh_from_db()
        assert match.status == MatchStatus.ACCEPTED
        assert ResultVersion.objects.filter(match=match).count() == 1
    won = ResultVersion.objects.get(match=second).report["sides"]
    assert [side["victory_cup_tokens"] for side in won] == [1, 2, 4, 6]
