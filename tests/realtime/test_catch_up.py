"""Nothing is lost between a page's drawing and its socket's joining.

A push sent after a page was drawn but before its socket joined the group reaches nobody. So a
player's page carries the mark of its table's result as drawn (``data-live-mark``), and the
match socket sends the stored mark (``result.state``) once it has joined; the event's socket,
given the page's ``after``, sends the news the page missed. The polling fallback answers the
same. These tests hold the marks of both sides to each other at every step of the result flow,
and the sockets and polls to what they must send.
"""

import re
import time
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from common.audit.actor import Actor
from common.live import realtime
from common.live.realtime import server_time_ms
from matches.models import Match
from matches.services.disputes import dispute
from matches.services.result_marks import result_mark, stored_mark
from matches.services.results import confirm_report, correct_result, enter_result, submit_report
from tests.browser.helpers import report_for
from tests.factories import TournamentFactory
from tests.realtime.conftest import communicator, run
from tournament.models import Round, Tournament
from tournament.services import live_news
from tournament.services import rounds as rounds_service
from tournament.services.events import update_tournament
from tournament.services.live_news import DECIDED_BEFORE_COMMIT, news_since, tables_since

pytestmark = pytest.mark.django_db(transaction=True)

MARK = re.compile(r'data-live-mark="([^"]*)"')


async def sent_after(path: str, user, greeting: list[str]) -> list[dict]:
    """What a socket on ``path`` sends once joined, after the ``greeting`` message types."""
    comm = await database_sync_to_async(communicator)(path, user)
    connected, _ = await comm.connect(timeout=3)
    assert connected
    for expected in greeting:
        assert (await comm.receive_json_from(timeout=3))["type"] == expected
    got = []
    while not await comm.receive_nothing(timeout=0.3):
        got.append(await comm.receive_json_from(timeout=3))
    await comm.disconnect()
    return got


def drawn_mark(entrant) -> str | None:
    """The mark on the entrant's private page, as the browser gets it (None: no mark drawn)."""
    page = Client().get(f"/me/{entrant.access_token}/")
    assert page.status_code == 200
    found = MARK.search(page.content.decode())
    return found.group(1) if found else None


def test_the_page_draws_the_stored_mark_at_every_step_and_every_step_moves_it(event):
    match = event["match"]
    reporter, first, second, third = event["entrants"]
    seen = []

    def step():
        stored = stored_mark(match.pk)
        for entrant in event["entrants"]:
            assert drawn_mark(entrant) == stored
        seen.append(stored)

    step()  # open
    version = submit_report(match, report_for(match), Actor(entrant=reporter))
    step()
    confirm_report(version, Actor(entrant=first))
    step()
    confirm_report(version, Actor(entrant=second))
    step()
    assert len(seen) == len(set(seen)), seen
    confirm_report(version, Actor(entrant=third))  # the last confirmation accepts it
    assert Match.objects.get(pk=match.pk).status == "accepted"
    # an accepted table has nothing left to follow on the page: no match socket, no mark
    assert drawn_mark(reporter) is None
    seen.append(stored_mark(match.pk))
    correct_result(match, report_for(match), Actor(user=event["referee"]), "typo on table 1")
    seen.append(stored_mark(match.pk))
    assert len(seen) == len(set(seen)), seen
    assert seen[0] == result_mark("open", None, 0)


def test_a_dispute_moves_the_mark_and_the_page_draws_it(event):
    match = event["match"]
    reporter, disputer, *_ = event["entrants"]
    version = submit_report(match, report_for(match), Actor(entrant=reporter))
    before = stored_mark(match.pk)
    dispute(version, Actor(entrant=disputer), "we played four rounds of hits, not three")
    after = stored_mark(match.pk)
    assert after != before and after.startswith("disputed.")
    assert drawn_mark(reporter) == after


def test_a_missing_match_has_no_mark():
    assert stored_mark(987_654) is None


def test_the_match_socket_sends_the_stored_mark_once_joined(event):
    match = event["match"]
    reporter, other, *_ = event["entrants"]
    path = f"/ws/matches/{match.pk}/?token={other.access_token}"

    async def first_messages():
        comm = await database_sync_to_async(communicator)(path)
        connected, _ = await comm.connect(timeout=3)
        assert connected
        got = [await comm.receive_json_from(timeout=3) for _ in range(3)]
        await comm.disconnect()
        return got

    drawn = drawn_mark(other)
    # a report the page did not hear of (its socket was not there yet)
    submit_report(match, report_for(match), Actor(entrant=reporter))
    hello, live, state = run(first_messages)
    assert [hello["type"], live["type"], state["type"]] == ["hello", "live.state", "result.state"]
    assert state["match"] == match.pk and state["mark"] == stored_mark(match.pk) != drawn
    assert isinstance(state["server_time_ms"], int)


def test_the_match_poll_answers_the_stored_mark(event):
    match = event["match"]
    tournament = event["tournament"]
    answer = Client().get(f"/events/{tournament.slug}/matches/{match.pk}/live.json")
    states = [m for m in answer.json()["messages"] if m["type"] == "result.state"]
    assert [s["mark"] for s in states] == [stored_mark(match.pk)]


def ms(moment) -> int:
    return int(moment.timestamp() * 1000)


def test_the_event_socket_sends_what_a_page_drawn_earlier_missed(event):
    tournament = event["tournament"]
    rounds_service.notify_round_published(event["round"])  # (stamped already: only a push)
    tournament.refresh_from_db()
    stamped_ms = ms(tournament.round_news_at)

    def after_hello(after):
        suffix = "" if after is None else f"?after={after}"
        return run(sent_after, f"/ws/tournaments/{tournament.pk}/{suffix}", None, ["hello"])

    missed = after_hello(stamped_ms)  # drawn in the stamp's millisecond: perhaps before it
    assert [m["type"] for m in missed] == ["round.published"]
    assert missed[0]["round"] == event["round"].pk
    assert after_hello(stamped_ms + 1) == []  # drawn after the publication: nothing missed
    assert after_hello(None) == []  # a page that gives no time hears only what comes next
    assert after_hello("yesterday") == []  # not a number: as if none was given


def test_the_news_stamps_are_taken_after_the_commit(event):
    """A page drawn after a change was stamped inside its transaction, but before it committed,
    showed the old state: it must still hear of the change."""
    tournament = event["tournament"]
    tournament.refresh_from_db()
    published = event["round"]
    published.refresh_from_db()
    assert tournament.round_news_at > published.published_at  # stamped after the commit
    # a publication whose transaction took a second after stamping the round: a page drawn
    # half-way through showed no new round
    Round.objects.filter(pk=published.pk).update(
        published_at=tournament.round_news_at - timedelta(seconds=1)
    )
    drawn_before_commit_ms = ms(tournament.round_news_at - timedelta(milliseconds=500))
    types = [m["type"] for m in news_since(tournament, drawn_before_commit_ms)]
    assert types == ["round.published"]
    # the same for a result: a page drawn a while after the version's decision time (its
    # transaction waited on a lock, say) but before its commit
    match = event["match"]
    version = enter_result(match, report_for(match), Actor(user=event["referee"]))
    decided = version.decided_at
    Tournament.objects.filter(pk=tournament.pk).update(
        standings_news_at=decided + timedelta(seconds=5)
    )
    drawn_ms = ms(decided + timedelta(seconds=4))
    changed = [m for m in news_since(tournament, drawn_ms) if m["type"] == "standings.changed"]
    assert [m["match"] for m in changed] == [match.pk]
    assert [m["match"] for m in tables_since(published, drawn_ms)] == [match.pk]


def test_a_full_save_of_the_event_settings_keeps_the_stamps_and_the_revision(event):
    tournament = Tournament.objects.get(pk=event["tournament"].pk)  # read before the result
    match = event["match"]
    enter_result(match, report_for(match), Actor(user=event["referee"]))
    fresh = Tournament.objects.get(pk=tournament.pk)
    update_tournament(tournament, {"venue": "The back room"}, Actor(user=event["organiser"]))
    after = Tournament.objects.get(pk=tournament.pk)
    assert after.venue == "The back room"
    assert after.standings_revision == fresh.standings_revision
    assert after.standings_news_at == fresh.standings_news_at is not None
    assert after.round_news_at == fresh.round_news_at is not None


def test_a_hostile_after_changes_nothing(event):
    tournament = event["tournament"]
    for after in ("-5", "9" * 5000, "1e9", "", "0x10"):
        answer = Client().get(f"/events/{tournament.slug}/live.json", {"after": after})
        assert answer.status_code == 200
        assert isinstance(answer.json()["messages"], list)


def test_a_new_event_has_nothing_to_catch_up():
    tournament = TournamentFactory()
    answer = Client().get(f"/events/{tournament.slug}/live.json", {"after": "0"})
    assert answer.json() == {"messages": []}


def test_the_news_is_what_was_stamped_after_the_page_was_drawn(event):
    match = event["match"]
    tournament = event["tournament"]
    tournament.refresh_from_db()
    published_ms = ms(tournament.round_news_at)
    enter_result(match, report_for(match), Actor(user=event["referee"]))
    tournament.refresh_from_db()
    changed_ms = ms(tournament.standings_news_at)
    assert published_ms <= changed_ms
    before_both = [m["type"] for m in news_since(tournament, published_ms)]
    assert before_both == ["round.published", "standings.changed"]
    changed = {m["type"]: m for m in news_since(tournament, changed_ms)}
    assert changed["standings.changed"]["match"] == match.pk
    assert changed["standings.changed"]["round"] == event["round"].pk
    assert news_since(tournament, changed_ms + 1) == []
    assert news_since(tournament, 10**30) == []  # past the calendar's end: nothing, no error


def test_a_standings_change_names_the_latest_result_however_old_it_is(event):
    tournament = event["tournament"]
    tournament.refresh_from_db()
    assert [m["type"] for m in news_since(tournament, ms(tournament.standings_news_at))] == [
        "round.published"  # the publication stamped both; without a result, no standings
    ]
    match = event["match"]
    version = enter_result(match, report_for(match), Actor(user=event["referee"]))
    # a later change that was no result (a renamed player): long after the result's decision
    later = version.decided_at + DECIDED_BEFORE_COMMIT * 3
    Tournament.objects.filter(pk=tournament.pk).update(standings_news_at=later)
    drawn_ms = ms(later - DECIDED_BEFORE_COMMIT / 2)
    changed = [m for m in news_since(tournament, drawn_ms) if m["type"] == "standings.changed"]
    assert [(m["round"], m["match"]) for m in changed] == [(event["round"].pk, match.pk)]


def test_an_event_never_stamped_has_no_news(event):
    tournament = event["tournament"]
    Tournament.objects.filter(pk=tournament.pk).update(round_news_at=None, standings_news_at=None)
    assert news_since(tournament, 0) == []


def test_the_round_socket_sends_the_results_accepted_since_the_page_was_drawn(event):
    match = event["match"]
    drawn_at = server_time_ms() - 1
    enter_result(match, report_for(match), Actor(user=event["referee"]))  # heard by nobody

    def after_clock(suffix):
        path = f"/ws/rounds/{event['round'].pk}/{suffix}"
        return run(sent_after, path, event["referee"], ["hello", "clock"])

    missed = after_clock(f"?after={drawn_at}")
    assert [(m["type"], m["match"]) for m in missed] == [("result.accepted", match.pk)]
    assert {p["entrant"] for p in missed[0]["placings"]} == {e.pk for e in event["entrants"]}
    # drawn long after it was decided (more than any transaction takes to commit): nothing
    long_after = server_time_ms() + int(DECIDED_BEFORE_COMMIT.total_seconds() * 1000) + 1000
    assert after_clock(f"?after={long_after}") == []
    assert after_clock("") == []  # no time given: only the clock


def test_every_push_of_news_goes_out_after_its_stamp(event, monkeypatch):
    """The order the catch-up relies on: the stamp is written (after the commit) before the
    push that tells of the change, so a socket that joined too late for the push reads it."""
    tournament = event["tournament"]
    seen = []

    def record(messages):
        stamps = Tournament.objects.filter(pk=tournament.pk).values_list(
            "round_news_at", "standings_news_at"
        )
        for _group, message in messages:
            seen.append((message["payload"]["type"], stamps.get()))
        return True

    monkeypatch.setattr(realtime, "_send_all", record)
    match = event["match"]
    before = Tournament.objects.get(pk=tournament.pk).standings_news_at
    enter_result(match, report_for(match), Actor(user=event["referee"]))
    rounds_service.complete_round(event["round"])
    published = rounds_service.publish_round(rounds_service.generate_swiss_round(tournament))
    round_news = Tournament.objects.get(pk=tournament.pk).round_news_at
    accepted = [stamps for kind, stamps in seen if kind == "result.accepted"]
    assert accepted and all(standings > before for _, standings in accepted)
    announced = [stamps for kind, stamps in seen if kind == "round.published"]
    assert announced and all(rounds == round_news for rounds, _ in announced)
    assert round_news > published.published_at


def test_the_round_catch_up_says_where_each_table_that_moved_stands(event, monkeypatch):
    """A desk drawn before a report, a confirmation or a dispute learns the table's state on
    joining, whatever moved it."""
    match, round_ = event["match"], event["round"]
    reporter, first, second, _ = event["entrants"]
    long_after = server_time_ms() + int(DECIDED_BEFORE_COMMIT.total_seconds() * 1000) + 1000
    assert tables_since(round_, server_time_ms()) == []  # nothing has moved yet
    version = submit_report(match, report_for(match), Actor(entrant=reporter))
    [reported] = tables_since(round_, server_time_ms())
    assert (reported["type"], reported["status"], reported["version"]) == (
        "result.reported",
        "reported",
        version.number,
    )
    # with no allowance for commits, a page drawn after the report hears of a confirmation
    # alone (the version is older than the page, its answer is not)
    monkeypatch.setattr(live_news, "DECIDED_BEFORE_COMMIT", timedelta(0))
    time.sleep(0.005)
    drawn = server_time_ms()
    time.sleep(0.005)
    assert tables_since(round_, drawn) == []
    confirm_report(version, Actor(entrant=first))
    assert [m["type"] for m in tables_since(round_, drawn)] == ["result.reported"]
    dispute(version, Actor(entrant=second), "three survivors, not two")
    [disputed] = tables_since(round_, drawn)
    assert (disputed["type"], disputed["label"]) == ("result.disputed", "Disputed")
    assert tables_since(round_, long_after) == []  # long after all of it: nothing
