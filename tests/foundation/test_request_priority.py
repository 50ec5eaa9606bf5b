"""Issue 37.9: a web process runs a bounded number of views at once, slow ones included, and a
request that changes something goes before the page loads waiting with it
(``config.request_threads``, ``config.request_gate``, ``config.asgi_http.is_urgent``).

In the rehearsal of a convention round the organiser's close-and-pair waited behind hundreds of
page loads, and a thousand phones' reloads, each a slow view that gave its turn up, all held or
waited for pooled database connections at once until the pool's timeout.
"""

import asyncio

import pytest

from config.asgi_http import is_urgent
from config.databases import most_views
from config.request_gate import URGENT_IN_A_ROW, PriorityGate
from config.request_threads import RequestThreads


def recorded_in(order: list[str]):
    """A stand-in for a view: ``work(name, seconds)`` notes ``name`` in ``order`` as it starts,
    then takes ``seconds``."""

    async def work(name, seconds=0.0):
        order.append(name)
        await asyncio.sleep(seconds)

    return work


def test_an_urgent_request_goes_before_the_page_loads_waiting_with_it():
    threads = RequestThreads(at_once=1, slow_after=5)
    order: list[str] = []
    work = recorded_in(order)

    async def arrive():
        first = asyncio.ensure_future(threads.in_turn(work("page 1", 0.05)))
        await asyncio.sleep(0.01)  # page 1 holds the only turn
        pages = [asyncio.ensure_future(threads.in_turn(work(f"page {n}"))) for n in (2, 3)]
        await asyncio.sleep(0.01)
        action = asyncio.ensure_future(threads.in_turn(work("close-and-pair"), urgent=True))
        await asyncio.gather(first, *pages, action)

    asyncio.run(arrive())
    assert order == ["page 1", "close-and-pair", "page 2", "page 3"]


def test_slow_views_that_gave_their_turn_up_still_count_against_the_ceiling():
    threads = RequestThreads(at_once=1, slow_after=0.01, most=3)
    running, most_seen = 0, 0

    async def slow_view():
        nonlocal running, most_seen
        running += 1
        most_seen = max(most_seen, running)
        await asyncio.sleep(0.05)  # past slow_after: its turn goes to the next
        running -= 1

    async def storm():
        await asyncio.gather(*(threads.in_turn(slow_view()) for _ in range(20)))

    asyncio.run(storm())
    assert most_seen == 3


def test_without_a_ceiling_slow_views_run_beyond_the_turn():
    threads = RequestThreads(at_once=1, slow_after=0.01)
    running, most_seen = 0, 0

    async def slow_view():
        nonlocal running, most_seen
        running += 1
        most_seen = max(most_seen, running)
        await asyncio.sleep(0.05)
        running -= 1

    async def storm():
        await asyncio.gather(*(threads.in_turn(slow_view()) for _ in range(6)))

    asyncio.run(storm())
    assert most_seen > 1  # a slow page never holds the quick ones up behind it


def test_a_cancelled_wait_gives_no_place_away():
    gate = PriorityGate(1)

    async def scenario():
        await gate.acquire()
        waiter = asyncio.ensure_future(gate.acquire())
        await asyncio.sleep(0)
        waiter.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiter
        gate.release()
        assert gate.free == 1 and gate.waiting == 0

    asyncio.run(scenario())


def test_a_gate_has_a_place_at_least():
    with pytest.raises(ValueError, match="at least one place"):
        PriorityGate(0)


@pytest.mark.parametrize(
    ("method", "headers", "urgent"),
    [
        ("GET", [], False),
        ("HEAD", [], False),
        ("POST", [], True),
        ("DELETE", [], True),
        ("GET", [(b"authorization", b"Token abc")], True),
        ("GET", [(b"accept", b"text/html")], False),
    ],
)
def test_what_goes_first(method, headers, urgent):
    assert is_urgent({"type": "http", "method": method, "headers": headers}) is urgent


def test_the_ceiling_follows_the_database_pool(monkeypatch):
    monkeypatch.setenv("DB_POOL_MAX", "12")
    assert most_views(2) == 10
    monkeypatch.setenv("DB_POOL_MAX", "3")
    assert most_views(2) == 2  # never fewer than the turn


def test_a_rush_of_urgent_requests_lets_a_waiting_page_through_after_a_few():
    """Session 24: with every result post urgent, a rush of them held every page load behind
    it for as long as it lasted (the rehearsal's pages p99 21.8 s; 7.1 s with the bound)."""
    threads = RequestThreads(at_once=1, slow_after=5)
    order: list[str] = []
    work = recorded_in(order)

    async def arrive():
        first = asyncio.ensure_future(threads.in_turn(work("post 0", 0.05)))
        await asyncio.sleep(0.01)  # post 0 holds the only turn
        page = asyncio.ensure_future(threads.in_turn(work("page")))
        await asyncio.sleep(0.01)
        posts = [
            asyncio.ensure_future(threads.in_turn(work(f"post {n}"), urgent=True))
            for n in range(1, 2 * URGENT_IN_A_ROW + 1)
        ]
        await asyncio.gather(first, page, *posts)

    asyncio.run(arrive())
    assert order.index("page") == URGENT_IN_A_ROW + 1  # after post 0 and URGENT_IN_A_ROW posts
    assert order[1 : URGENT_IN_A_ROW + 1] == [f"post {n}" for n in range(1, URGENT_IN_A_ROW + 1)]
