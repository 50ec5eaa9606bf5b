"""Fixtures of the live-layer tests: websocket communicators, logged-in cookies, Redis switch."""

import os

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client

from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import StaffRole, StaffRoleKind
from tournament.services.rounds import generate_swiss_round, publish_round

ORIGIN = (b"origin", b"http://127.0.0.1")


@pytest.fixture
def redis_url():
    """The Redis of the test run (TEST_REDIS_URL); the test is skipped without it.

    Under pytest-xdist each worker gets a database of its own (worker gw0 -> 1, gw1 -> 2...):
    both workers' test databases number their events from 1, so on a shared Redis database
    their channel groups, queues and cache keys would meet.
    """
    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        pytest.skip("needs Redis: run with TEST_REDIS_URL set")
    return redis_url_for_worker(url, os.environ.get("PYTEST_XDIST_WORKER", ""))


def redis_url_for_worker(url: str, worker: str) -> str:
    """``url`` with its database number replaced by one for the xdist ``worker`` (if any)."""
    if not worker.startswith("gw"):
        return url
    base, _, _ = url.rstrip("/").rpartition("/") if url.count("/") > 2 else (url, "", "")
    return f"{base}/{int(worker[2:]) + 1}"


def session_cookie(user) -> bytes:
    """A ``Cookie`` header value that logs ``user`` in (a real session row)."""
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


def communicator(path: str, user=None, *, origin=True) -> WebsocketCommunicator:
    """A communicator on the real ASGI application (origin check, sessions, routes)."""
    from config.asgi import application

    headers = [ORIGIN] if origin else []
    if user is not None:
        headers.append((b"cookie", session_cookie(user)))
    return WebsocketCommunicator(application, path, headers=headers)


async def match_state(comm) -> dict:
    """Read what a match socket sends once joined (after its hello): the hosted game's
    ``live.state``, then the result's ``result.state``; return the first."""
    state = await comm.receive_json_from(timeout=3)
    assert state["type"] == "live.state", state
    assert (await comm.receive_json_from(timeout=3))["type"] == "result.state"
    return state


def run(coro_fn, *args):
    """Run an async scenario from a synchronous (transactional) test."""
    return async_to_sync(coro_fn)(*args)


@pytest.fixture
def event():
    """A public event with a published one-table round of four players, plus its staff."""
    tournament = TournamentFactory(game_length_seconds=300)
    EntrantFactory.create_batch(4, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=7))
    match = round_.matches.get()
    referee = UserFactory()
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)
    seats = list(match.seats.select_related("entrant").order_by("position"))
    for seat, name in zip(seats, ["Grublic", "Echo", "Pluma", "Banksia"], strict=True):
        seat.character = name
        seat.save(update_fields=["character"])
    return {
        "tournament": tournament,
        "round": round_,
        "match": match,
        "organiser": tournament.organiser,
        "referee": referee,
        "entrants": [seat.entrant for seat in seats],
        "characters": {seat.entrant_id: seat.character for seat in seats},
    }


@pytest.fixture(autouse=True)
def fresh_in_memory_layer():
    """Empty the in-memory channel layer after each test (its queues belong to one loop)."""
    yield
    from channels.layers import InMemoryChannelLayer, get_channel_layer

    layer = get_channel_layer()
    if isinstance(layer, InMemoryChannelLayer):
        async_to_sync(layer.flush)()
