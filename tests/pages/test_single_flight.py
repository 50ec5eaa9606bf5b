"""Session 24 (issue 37.9): a missing cache entry is computed by one request at a time; the
others asking for it meanwhile wait for its value instead of computing it too
(``tournament/services/single_flight.py``): the standings after each result in a rush, the
anonymous standings page per revision. Nobody gets an older value, and a lost claim only costs
the wait."""

import threading

import pytest
from django.core.cache import cache

from tests.factories import EntrantFactory, TournamentFactory
from tournament.services import single_flight
from tournament.services.rounds import generate_swiss_round, publish_round
from tournament.views import standings

pytestmark = pytest.mark.django_db


def later(seconds: float, action) -> threading.Thread:
    """``action`` run in another thread after ``seconds`` (as another request would)."""
    thread = threading.Timer(seconds, action)
    thread.start()
    return thread


def test_a_reader_waits_for_the_claimants_value_and_computes_nothing():
    assert single_flight.claim("k")  # another request computes it
    computed = []
    done = later(0.1, lambda: cache.set("k", "theirs", 60))
    value = single_flight.computed_once("k", lambda: computed.append(1) or "mine", 60)
    done.join()
    assert value == "theirs" and computed == []


def test_without_a_claim_the_reader_computes_keeps_and_gives_the_claim_back():
    assert single_flight.computed_once("k", lambda: "mine", 60) == "mine"
    assert cache.get("k") == "mine"
    assert single_flight.claim("k")  # free again


def test_a_claim_is_given_back_when_the_computation_fails():
    def failing():
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        single_flight.computed_once("k", failing, 60)
    assert single_flight.claim("k")


def test_a_claim_nobody_fulfils_costs_only_the_wait(monkeypatch):
    monkeypatch.setattr(single_flight, "WAIT_SECONDS", 0.05)
    assert single_flight.claim("k")  # a request that died holding it
    assert single_flight.computed_once("k", lambda: "mine", 60) == "mine"


@pytest.fixture
def event():
    tournament = TournamentFactory(slug="flight-cup")
    for i in range(8):
        EntrantFactory(tournament=tournament, display_name=f"Flyer {i}")
    return publish_round(generate_swiss_round(tournament, seed=4))


def test_the_standings_page_waits_for_the_render_another_request_is_drawing(
    client, event, monkeypatch
):
    real_awaited, rendered = single_flight.awaited, []
    monkeypatch.setattr(single_flight, "claim", lambda key: False)  # another request draws it

    def theirs_arrives(key, seconds=None):
        later(0.1, lambda: cache.set(key, (b"their drawing", "text/html", False), 60))
        return real_awaited(key, seconds)

    monkeypatch.setattr(single_flight, "awaited", theirs_arrives)
    real_table = standings.standings_table
    monkeypatch.setattr(
        standings, "standings_table", lambda *a: rendered.append(1) or real_table(*a)
    )
    response = client.get("/events/flight-cup/standings/")
    assert response.status_code == 200 and response.content == b"their drawing"
    assert rendered == []


def test_the_claimant_draws_the_page_and_gives_the_claim_back(client, event, monkeypatch):
    real_claim, claimed = single_flight.claim, []
    monkeypatch.setattr(single_flight, "claim", lambda key: claimed.append(key) or real_claim(key))
    response = client.get("/events/flight-cup/standings/")
    assert response.status_code == 200 and b"Flyer 0" in response.content
    assert claimed and all(real_claim(key) for key in claimed)  # each free again
