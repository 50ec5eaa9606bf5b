"""Issue 18.5: the standings ping is coalesced per event - sent at once when the event was
quiet, then at most once a window with the last one of a burst - and never stranded.

The first tests run the window's owner by hand (no thread, no sleeping); the last one runs the
real thread against the in-memory channel layer and a socket, through the result service."""

import random

import pytest
from channels.db import database_sync_to_async

from common.audit.actor import Actor
from common.live import coalesced_pushes
from matches.services.results import enter_result
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tests.realtime.conftest import communicator, run
from tournament.logic.simulated_games import random_battle
from tournament.services.rounds import generate_swiss_round, publish_round


class Owner:
    """Stands in for the thread and the clock: the owner runs when the test says."""

    def __init__(self, monkeypatch):
        self.waiting = []  # owners started and not yet run
        self.sent = []  # (group, payload) in the order sent by owners
        self.during_sleep = []  # callables run at the owner's next sleeps, one per sleep
        monkeypatch.setattr(coalesced_pushes, "_spawn", self.waiting.append)
        monkeypatch.setattr(coalesced_pushes, "_sleep", self.sleep)
        monkeypatch.setattr(
            coalesced_pushes, "_deliver", lambda g, p, loop: self.sent.append((g, p))
        )

    def sleep(self, seconds):
        assert seconds == coalesced_pushes.WINDOW_SECONDS
        if self.during_sleep:
            self.during_sleep.pop(0)()

    def run(self):
        while self.waiting:
            self.waiting.pop(0)()


def ping(n):
    return {"type": "standings.changed", "match": n, "server_time_ms": n}


def test_a_burst_sends_the_first_at_once_and_the_last_at_the_windows_end(monkeypatch):
    owner = Owner(monkeypatch)
    now = [coalesced_pushes.offer("standings.1", "tournament.1", ping(n)) for n in range(100)]
    assert now == [True] + [False] * 99  # one goes at once, 99 wait
    assert len(owner.waiting) == 1
    owner.run()
    assert owner.sent == [("tournament.1", ping(99))]  # the last, once
    # the window closed: the next change is sent at once again
    assert coalesced_pushes.offer("standings.1", "tournament.1", ping(100)) is True


def test_changes_during_every_window_give_one_message_a_window(monkeypatch):
    owner = Owner(monkeypatch)

    def burst(start):
        return lambda: [
            coalesced_pushes.offer("standings.1", "tournament.1", ping(n))
            for n in range(start, start + 10)
        ]

    assert coalesced_pushes.offer("standings.1", "tournament.1", ping(0)) is True
    owner.during_sleep = [burst(1), burst(11), burst(21)]  # three busy windows, then quiet
    owner.run()
    assert [p["match"] for _, p in owner.sent] == [10, 20, 30]


def test_a_change_as_the_window_closes_is_not_stranded(monkeypatch):
    owner = Owner(monkeypatch)
    assert coalesced_pushes.offer("standings.1", "tournament.1", ping(0)) is True
    real_delete = coalesced_pushes.cache.delete
    offered = []

    def delete(key, *args, **kwargs):
        done = real_delete(key, *args, **kwargs)
        if key.endswith(":window") and not offered:
            # a result lands right as the owner closes the window: it saw the window open
            window, pending = coalesced_pushes._keys("standings.1")
            coalesced_pushes.cache.set(pending, ping(1))
            offered.append(1)
        return done

    monkeypatch.setattr(coalesced_pushes.cache, "delete", delete)
    owner.run()
    assert [p["match"] for _, p in owner.sent] == [1]


def test_events_are_coalesced_apart(monkeypatch):
    Owner(monkeypatch)
    assert coalesced_pushes.offer("standings.1", "tournament.1", ping(0)) is True
    assert coalesced_pushes.offer("standings.2", "tournament.2", ping(0)) is True
    assert coalesced_pushes.offer("standings.1", "tournament.1", ping(1)) is False


def test_an_unreachable_cache_sends_every_message(monkeypatch):
    owner = Owner(monkeypatch)

    def down(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr(coalesced_pushes.cache, "set", down)
    assert coalesced_pushes.offer("standings.1", "tournament.1", ping(0)) is True
    assert coalesced_pushes.offer("standings.1", "tournament.1", ping(1)) is True
    assert owner.waiting == []


@pytest.mark.django_db(transaction=True)
def test_a_burst_of_results_ends_with_a_ping_sent_after_the_last_one(monkeypatch):
    monkeypatch.setattr(coalesced_pushes, "WINDOW_SECONDS", 0.3)
    tournament = TournamentFactory()
    EntrantFactory.create_batch(16, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    matches = list(round_.matches.order_by("table_number"))
    referee = UserFactory()
    accepted = []

    def enter_all():
        for match in matches:
            sides = [(str(s.entrant_id), 1) for s in match.seats.order_by("position")]
            game = random_battle("every_eye", sides, random.Random(match.pk))
            enter_result(match, game, Actor(user=referee))
            accepted.append(match.pk)

    async def scenario():
        feed = communicator(f"/ws/tournaments/{tournament.pk}/")
        assert (await feed.connect())[0]
        assert (await feed.receive_json_from(5))["type"] == "hello"
        await database_sync_to_async(enter_all)()
        pings = []
        while not await feed.receive_nothing(2):  # until two quiet seconds
            message = await feed.receive_json_from(1)
            if message["type"] == "standings.changed":
                pings.append(message["match"])
        await feed.disconnect()
        return pings

    pings = run(scenario)
    assert len(accepted) == 4
    # the first result at once, the rest in one trailing ping that names the last result
    assert pings[0] == matches[0].pk and pings[-1] == matches[-1].pk
    assert len(pings) < len(matches)
