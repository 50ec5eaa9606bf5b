"""Issue 16: each pushed message type is defined once (``common.live.push_messages``), every builder
makes exactly what its definition says, and docs/realtime.md names every type."""

from pathlib import Path
from typing import get_type_hints

import pytest

from common.audit.actor import Actor
from common.live import push_messages as messages
from matches.services import live_games
from matches.services.result_marks import stored_mark
from matches.services.results import enter_result, submit_report
from tests.factories import EntrantFactory, TournamentFactory
from tournament.models import GenerationJob
from tournament.services import clock
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db

DOCS = Path(__file__).resolve().parents[2] / "docs" / "realtime.md"


def keys_of(message_type) -> tuple[set, set]:
    """(required keys, all keys) of a TypedDict."""
    hints = set(get_type_hints(message_type))
    return set(message_type.__required_keys__), hints


@pytest.fixture
def samples() -> list[dict]:
    tournament = TournamentFactory(mode="domination")
    for i in range(8):
        EntrantFactory(tournament=tournament, display_name=f"Sample {i}")
    round_ = publish_round(generate_swiss_round(tournament, seed=4))
    first, second = round_.matches.order_by("table_number")
    enter_result(first, report_for_vp(first), Actor())
    reported = submit_report(second, report_for_vp(second), Actor(entrant=seats(second)[0]))
    running = clock.start(round_)
    job = GenerationJob.objects.create(
        tournament=tournament, kind="swiss_round", idempotency_key="k"
    )
    return [
        messages.round_published(round_),
        messages.result_accepted(first),
        messages.result_waiting(second, reported.number, "reported"),
        messages.standings_changed(tournament.pk, round_.pk, first.pk),
        messages.job_progress(job),
        clock.clock_payload(running, "start"),
        live_games.current_state_message(first.pk),
        messages.result_state(second.pk, stored_mark(second.pk)),
    ]


def seats(match):
    return [s.entrant for s in match.seats.order_by("position")]


def report_for_vp(match) -> dict:
    sides = [
        {"side": str(e.pk), "vp_scored": 10 - i, "survivors": 1, "health_left": 10}
        for i, e in enumerate(seats(match))
    ]
    return {"ended_by": "time", "sides": sides}


def test_every_builder_makes_what_its_type_defines(samples):
    seen = set()
    for message in samples:
        message_type = messages.MESSAGE_TYPES[message["type"]]
        required, allowed = keys_of(message_type)
        assert required <= set(message) <= allowed, message["type"]
        seen.add(message["type"])
    assert {"round.published", "result.accepted", "clock", "live.state", "result.state"} <= seen


def test_the_docs_name_every_message_type():
    text = DOCS.read_text()
    missing = [
        name
        for name in messages.MESSAGE_TYPES
        if f"`{name}`" not in text and f'"type": "{name}"' not in text
    ]
    assert missing == []
