"""A player's phone catches up on what changed while its sockets were not listening.

The changes here are made in the test's own process: their pushes go to this process's channel
layer, never to the server's sockets, exactly as a push is lost when it is sent between a page's
drawing and its socket's joining (or while the hall's wifi is down). The page must still come
to the new state once its sockets (re)join, without anyone touching it.
"""

import json
import re

import pytest
from playwright.sync_api import expect

from common.audit.actor import Actor
from common.live import push_messages as messages
from matches.services.disputes import dispute
from matches.services.results import confirm_report, enter_result, submit_report
from tests.browser import stays_put
from tests.browser.helpers import PHONE, fill_result, report_for
from tests.browser.test_players_day import one_table
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RECONNECT = "window.EyeLive.connections.forEach(function (c) { if (c.socket) c.socket.close(); })"


def live_page(new_context, entrant, *, watched=False):
    """The entrant's private page, open on a phone, with every socket joined; ``watched``: with
    :func:`stays_put.watch`."""
    context = new_context(viewport=PHONE)
    if watched:
        stays_put.watch(context)
    page = context.new_page()
    page.goto(f"/me/{entrant.access_token}/")
    expect(page.locator("[data-live-state]").first).to_have_attribute("data-live-state", "live")
    for root in page.locator("[data-live-ws]").all():
        expect(root).to_have_attribute("data-live-state", "live")
    return page


def two_open_tables(slug):
    """An organiser, and the two open tables of the published first round of their event."""
    organiser = UserFactory(username=f"{slug}-boss")
    tournament = TournamentFactory(slug=slug, organiser=organiser)
    for i in range(8):
        EntrantFactory(tournament=tournament, display_name=f"{slug} player {i + 1}")
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    first, second = round_.matches.order_by("table_number")
    return organiser, first, second


def test_a_confirmation_the_page_never_heard_of_shows_once_its_socket_rejoins(new_context):
    _, match, seats = one_table("missed-confirmation")
    reporter, second, third, fourth = (seat.entrant for seat in seats)
    version = submit_report(match, report_for(match), Actor(entrant=reporter))
    page = live_page(new_context, reporter)
    waiting = page.locator("[data-waiting]")
    expect(waiting).to_contain_text(third.display_name)

    confirm_report(version, Actor(entrant=third))  # no push reaches the page
    page.evaluate(RECONNECT)
    expect(waiting).not_to_contain_text(third.display_name)
    expect(waiting).to_contain_text(second.display_name)
    expect(waiting).to_contain_text(fourth.display_name)

    confirm_report(version, Actor(entrant=second))
    confirm_report(version, Actor(entrant=fourth))  # the last one accepts it
    page.evaluate(RECONNECT)
    expect(page.locator("section.now")).to_contain_text("Accepted")


def test_a_round_published_while_the_socket_was_away_reaches_the_phone(new_context):
    tournament = TournamentFactory(slug="missed-round", swiss_rounds=3)
    entrants = [
        EntrantFactory(tournament=tournament, display_name=f"Missed Round Player {i + 1}")
        for i in range(4)
    ]
    round_1 = publish_round(generate_swiss_round(tournament, seed=5))
    page = live_page(new_context, entrants[0])
    expect(page.locator("#now")).to_contain_text("Round 1: table")

    match = round_1.matches.get()
    enter_result(match, report_for(match), Actor())
    complete_round(round_1)
    round_2 = publish_round(generate_swiss_round(tournament, seed=6))  # no push reaches the page
    page.evaluate(RECONNECT)
    table = round_2.seats.get(entrant=entrants[0]).match.table_number
    expect(page.locator("#now")).to_have_text(f"Round 2: table {table}")


def test_a_page_that_missed_nothing_stays_put(new_context):
    _, match, seats = one_table("nothing-missed")
    page = live_page(new_context, seats[1].entrant, watched=True)
    since = stays_put.mark(page, RECONNECT)
    stays_put.wait_caught_up(page, since)  # every socket rejoined and its catch-up handled
    for root in page.locator("[data-live-ws]").all():
        expect(root).to_have_attribute("data-live-state", "live")
    stays_put.assert_stays(page)  # the same document: no reload, none scheduled


def test_the_organisers_round_page_catches_up_on_a_result_it_never_heard_of(new_context):
    organiser, first, second = two_open_tables("missed-console")
    console = new_context(user=organiser).new_page()
    console.goto("/events/missed-console/manage/rounds/1/")
    expect(console.locator("[data-console-round]")).to_have_attribute("data-live-state", "live")
    console.evaluate("window.__drawn = true")

    enter_result(first, report_for(first), Actor())  # no push reaches the page
    console.evaluate(RECONNECT)
    card = console.locator(f'[data-live-match="{first.pk}"] [data-console-status]')
    expect(card).to_have_text("Accepted")
    other = console.locator(f'[data-live-match="{second.pk}"] [data-console-status]')
    expect(other).not_to_have_text("Accepted")
    assert console.evaluate("window.__drawn === true")  # updated in place, not reloaded


def test_the_referee_desk_hears_of_a_lost_result_but_not_of_one_it_already_shows(new_context):
    """The round socket's catch-up also re-sends results accepted just before the desk was drawn
    (their commit may have come after it): a table the desk already shows as accepted is no
    news, a table that changed while the socket was away is."""
    organiser, first, second = two_open_tables("missed-desk")
    enter_result(first, report_for(first), Actor())  # accepted a moment before the desk is drawn
    context = new_context(user=organiser)
    stays_put.watch(context)
    desk = context.new_page()
    desk.goto("/events/missed-desk/desk/")
    root = desk.locator("[data-console-desk]")
    expect(root).to_have_attribute("data-live-state", "live")
    note = desk.locator("[data-desk-note]")
    stays_put.wait_caught_up(desk)  # the catch-up has come (before the answer to the ping)
    expect(note).to_be_hidden()

    enter_result(second, report_for(second), Actor())  # no push reaches the page
    desk.evaluate(RECONNECT)
    expect(desk.locator(f'[data-live-match="{second.pk}"] [data-desk-status]')).to_have_text(
        "Accepted"
    )
    expect(note).to_be_visible()
    expect(note).to_contain_text(f"Table {second.table_number} has a result now")


def test_the_referee_desk_shows_a_report_and_then_a_dispute_it_never_heard_of(new_context):
    organiser, first, _ = two_open_tables("missed-dispute")
    desk = new_context(user=organiser).new_page()
    desk.goto("/events/missed-dispute/desk/")
    expect(desk.locator("[data-console-desk]")).to_have_attribute("data-live-state", "live")
    badge = desk.locator(f'[data-live-match="{first.pk}"] [data-desk-status]')
    note = desk.locator("[data-desk-note]")
    expect(badge).to_have_text("Waiting for a result")

    reporter, other, *_ = (seat.entrant for seat in first.seats.order_by("position"))
    version = submit_report(first, report_for(first), Actor(entrant=reporter))  # unheard
    desk.evaluate(RECONNECT)
    expect(badge).to_have_text("Reported, waiting for confirmation")
    expect(note).to_contain_text(f"Table {first.table_number} reported a result")

    dispute(version, Actor(entrant=other), "we finished on time, not on knock-outs")
    desk.evaluate(RECONNECT)
    expect(badge).to_have_text("Disputed")
    expect(note).to_contain_text(f"Table {first.table_number} is disputed")
    expect(desk.locator(f'tr[data-live-match="{first.pk}"]')).to_have_class("status-disputed")


def test_the_public_tables_page_shows_where_each_table_stands(new_context):
    """A phone on the round's public tables sees a report and a dispute it never heard of once
    its socket rejoins (the same messages arrive by push as they happen)."""
    _, first, _ = two_open_tables("missed-tables")
    phone = new_context(viewport=PHONE).new_page()
    phone.goto("/events/missed-tables/rounds/1/")
    root = phone.locator("[data-live-ws]").first
    expect(root).to_have_attribute("data-live-state", "live")
    badge = phone.locator(f'[data-live-match="{first.pk}"] [data-live-badge]')
    reporter, other, *_ = (seat.entrant for seat in first.seats.order_by("position"))

    version = submit_report(first, report_for(first), Actor(entrant=reporter))  # unheard
    phone.evaluate(RECONNECT)
    expect(badge).to_have_text("\u2026 Reported, waiting for confirmation")
    dispute(version, Actor(entrant=other), "the last hit came after time")
    phone.evaluate(RECONNECT)
    expect(badge).to_have_text("! Disputed")


def test_a_page_whose_mark_never_agrees_reloads_once_and_then_says_so(new_context):
    """However a page and the server came to disagree, phones must not reload in a loop."""
    _, _, seats = one_table("stubborn-mark")
    context = new_context(viewport=PHONE)
    stays_put.watch(context)
    page = context.new_page()
    loads = []
    page.on("load", lambda _: loads.append(page.url))

    def disagree(socket):
        """The match socket, with every mark the server sends replaced by one no page draws."""
        server = socket.connect_to_server()

        def from_server(text):
            message = json.loads(text)
            if message.get("type") == "result.state":
                message["mark"] = "not-this"
            socket.send(json.dumps(message))

        server.on_message(from_server)

    page.route_web_socket(re.compile(r"/ws/matches/"), disagree)
    page.goto(f"/me/{seats[1].entrant.access_token}/")
    expect(page.locator("[data-live-changed]")).to_contain_text("This page has changed")
    stays_put.mark(page)
    stays_put.wait_caught_up(page)  # the reloaded page's catch-up handled
    stays_put.assert_stays(page)
    assert len(loads) == 2, loads  # the first drawing and one reload, no more


def test_a_late_push_of_the_step_a_page_shows_keeps_its_message_and_a_new_step_reloads(
    new_context,
):
    """The player's own report redirects to a page drawn after it; the report's push, sent late
    by a busy server, finds that page already showing it and leaves it (and its message) be. A
    push about a step the page does not show yet still brings the new page."""
    _, match, seats = one_table("late-report")
    context = new_context(viewport=PHONE)
    stays_put.watch(context)
    page = context.new_page()
    sockets = []

    def keep(socket):
        """The match socket as it is, kept so the test can send on the server's behalf."""
        socket.connect_to_server()
        sockets.append(socket)

    page.route_web_socket(re.compile(r"/ws/matches/"), keep)
    page.goto(f"/me/{seats[0].entrant.access_token}/")
    fill_result(page)
    page.get_by_role("button", name="Send the result").click()
    expect(page.locator(".messages")).to_contain_text("reported")
    expect(page.locator("[data-live-mark]")).to_have_attribute("data-live-state", "live")
    stays_put.mark(page)

    match.refresh_from_db()
    version = match.result_versions.get()
    # the push asks the page's poll where the result stands (the same mark): no reload
    poll = f"/matches/{match.pk}/live.json"
    with page.expect_response(lambda response: poll in response.url) as asked:
        sockets[-1].send(json.dumps(messages.result_waiting(match, version.number, "reported")))
    asked.value.finished()
    stays_put.assert_stays(page)
    expect(page.locator(".messages")).to_contain_text("reported")

    confirm_report(version, Actor(entrant=seats[1].entrant))  # its push goes nowhere
    match.refresh_from_db()
    with page.expect_event("load"):
        sockets[-1].send(json.dumps(messages.result_waiting(match, version.number, "confirmed")))
    expect(page.locator("[data-waiting]")).not_to_contain_text(seats[1].entrant.display_name)


def test_a_phone_without_websockets_polls_and_follows_its_table(new_context):
    """A browser (or a hall's proxy) without websockets falls back on the poll at once, and the
    table's result reaches the page through it."""
    _, match, seats = one_table("no-sockets")
    context = new_context(viewport=PHONE)
    context.add_init_script("delete window.WebSocket;")
    page = context.new_page()
    page.goto(f"/me/{seats[1].entrant.access_token}/")
    expect(page.locator("[data-live-mark]")).to_have_attribute("data-live-state", "polling")
    expect(page.locator("section.now")).not_to_contain_text("Accepted")

    enter_result(match, report_for(match), Actor())
    # the next poll (every 10 s) brings the new mark, and the page is drawn again
    expect(page.locator("section.now")).to_contain_text("Accepted", timeout=20_000)
