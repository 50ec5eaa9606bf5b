"""The round clock makes the VP modes' scoring calls: fixed at "Yarra Mark!", audited, sent
in every clock message in game time, so pausing and extending move no call."""

from datetime import timedelta

import pytest

from common.audit.models import AuditEntry
from tests.factories import EntrantFactory, TournamentFactory
from tournament.logic.scoring_calls import CallPlan
from tournament.models import ScoringCalls, Timing
from tournament.services import clock
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


def published_round(**fields):
    tournament = TournamentFactory(game_length_seconds=300, **fields)
    EntrantFactory.create_batch(4, tournament=tournament)
    return publish_round(generate_swiss_round(tournament, seed=99))


def test_domination_clock_fixes_a_seeded_plan_at_the_start_and_audits_it():
    round_ = published_round(
        mode="domination", scoring_call_gap_min_seconds=40, scoring_call_gap_max_seconds=70
    )
    round_ = clock.start(round_)
    plan = CallPlan.from_dict(round_.clock_calls)
    colours = ("red", "orange", "yellow", "green", "blue", "purple")
    # one table, turning its own deck (issue 35.8)
    assert plan == CallPlan("Burraparay!", round_.seed, 40, 70, colours, (1,))
    entry = AuditEntry.objects.get(action="clock.start")
    calls = entry.after["calls"]
    assert calls["seed"] == round_.seed and calls["gap_seconds"] == [40, 70]
    assert calls["colour_at_start"] == plan.opening_colour()
    assert calls["first"] == [c.as_dict() for c in plan.calls_before(300_000)]
    assert "calls" not in entry.before


def test_the_clock_message_carries_the_calls_in_game_time():
    round_ = clock.start(published_round(mode="domination"))
    now = round_.clock_started_at
    payload = clock.clock_payload(round_, "start", now=now)
    calls = payload["calls"]
    expected = CallPlan.from_dict(round_.clock_calls).calls_before(300_000)
    assert [c["at_ms"] for c in calls["upcoming"]] == [c.at_ms for c in expected]
    assert calls["call"] == "Burraparay!" and calls["made"] == 0
    assert (payload["total_ms"], payload["elapsed_ms"]) == (300_000, 0)
    # a call is due at ends_at - total + at: on the server's clock, the moment it is made
    first = calls["upcoming"][0]
    due_ms = payload["ends_at_ms"] - payload["total_ms"] + first["at_ms"]
    assert due_ms == payload["started_at_ms"] + first["at_ms"]
    later = clock.clock_payload(round_, now=now + timedelta(milliseconds=first["at_ms"]))
    assert later["calls"]["made"] == 1
    assert later["calls"]["current_colour"] == first["next_colour"]


def test_pause_and_extend_move_no_call():
    round_ = clock.start(published_round(mode="domination"))
    before = clock.clock_payload(round_)["calls"]["upcoming"]
    round_ = clock.pause(round_)
    round_ = clock.extend(round_, 120)
    round_ = clock.resume(round_)
    after = clock.clock_payload(round_)
    times = [c["at_ms"] for c in after["calls"]["upcoming"]]
    assert times[: len(before)] == [c["at_ms"] for c in before]
    assert after["total_ms"] == 420_000
    assert all(at < 420_000 for at in times) and max(times) > 300_000 - 90_000


def test_an_early_bung_ends_the_calls():
    round_ = clock.start(published_round(mode="domination"))
    round_ = clock.end(round_)
    payload = clock.clock_payload(round_, "end")
    assert payload["state"] == "ended"
    assert payload["calls"]["upcoming"] == []


@pytest.mark.parametrize(
    ("event_settings", "call"),
    [
        ({"mode": "domination"}, "Burraparay!"),
        ({"mode": "domination_alliance"}, "Burraparay!"),
        ({"mode": "domination", "scoring_calls": ScoringCalls.OFF}, None),
        ({"mode": "domination", "timing": Timing.TURN_BASED}, None),
        ({"mode": "king_of_the_hill"}, None),
        ({"mode": "king_of_the_hill", "scoring_calls": ScoringCalls.CLOCK}, "King of the Hill!"),
        ({"mode": "every_eye", "scoring_calls": ScoringCalls.CLOCK}, None),
        ({"mode": "nymphlet_ceremony", "scoring_calls": ScoringCalls.CLOCK}, None),
    ],
)
def test_which_events_have_calls_on_the_clock(event_settings, call):
    round_ = clock.start(published_round(**event_settings))
    payload = clock.clock_payload(round_)
    if call is None:
        assert round_.clock_calls == {} and "calls" not in payload
    else:
        assert payload["calls"]["call"] == call


def test_changing_the_events_settings_leaves_a_running_plan_alone():
    round_ = clock.start(published_round(mode="domination"))
    planned = dict(round_.clock_calls)
    tournament = round_.tournament
    tournament.scoring_call_gap_min_seconds = 10
    tournament.scoring_call_gap_max_seconds = 10
    tournament.scoring_calls = ScoringCalls.OFF
    tournament.save()
    round_.refresh_from_db()
    round_ = clock.pause(round_)
    assert round_.clock_calls == planned
    assert clock.clock_payload(round_)["calls"]["gap_seconds"] == planned["gap_seconds"]
