"""The round clock: the pure maths (no database), then the commands on a stored round."""

from datetime import UTC, datetime, timedelta

import pytest

from common.audit.actor import Actor
from common.audit.models import AuditEntry
from tournament.logic.clock_maths import (
    ClockState,
    end_fields,
    extend_fields,
    pause_fields,
    resume_fields,
    start_fields,
)
from tournament.models import RoundStatus
from tournament.services import clock
from tournament.services.clock import ClockError

T0 = datetime(2025, 5, 1, 10, 0, 0, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def state(now, **fields):
    values = {"started_at": None, "ends_at": None, "paused_remaining_ms": None}
    values.update(fields)
    return ClockState.at(now, length_seconds=300, **values)


def test_idle_clock_shows_the_full_length():
    c = state(T0)
    assert (c.state, c.remaining_ms, c.ends_at_ms) == ("idle", 300_000, None)


def test_running_clock_counts_down_to_ended():
    fields = start_fields(T0, 300)
    c = state(at(61.5), started_at=fields["clock_started_at"], ends_at=fields["clock_ends_at"])
    assert (c.state, c.remaining_ms) == ("running", 238_500)
    assert c.ends_at_ms - c.started_at_ms == 300_000
    done = state(at(300), started_at=T0, ends_at=fields["clock_ends_at"])
    assert (done.state, done.remaining_ms) == ("ended", 0)
    late = state(at(999), started_at=T0, ends_at=fields["clock_ends_at"])
    assert late.remaining_ms == 0


def test_pause_keeps_the_time_left_and_resume_continues_from_it():
    ends = at(300)
    running = state(at(100), started_at=T0, ends_at=ends)
    paused_fields = pause_fields(at(100), running)
    assert paused_fields == {"clock_ends_at": None, "clock_paused_remaining_ms": 200_000}
    # an hour later the paused clock still has 200 s
    paused = state(at(3700), started_at=T0, paused_remaining_ms=200_000)
    assert (paused.state, paused.remaining_ms) == ("paused", 200_000)
    resumed = resume_fields(at(3700), paused)
    assert resumed["clock_ends_at"] == at(3900)
    after = state(at(3750), started_at=T0, ends_at=resumed["clock_ends_at"])
    assert after.remaining_ms == 150_000


def test_extend_running_and_paused_adds_game_time():
    running = state(at(10), started_at=T0, ends_at=at(300))
    assert extend_fields(at(10), running, 60, at(300)) == {
        "clock_ends_at": at(360),
        "clock_added_ms": 60_000,
    }
    paused = state(at(10), started_at=T0, paused_remaining_ms=5_000, added_ms=30_000)
    assert extend_fields(at(10), paused, 60, None) == {
        "clock_paused_remaining_ms": 65_000,
        "clock_added_ms": 90_000,
    }
    extended = state(at(100), started_at=T0, ends_at=at(360), added_ms=60_000)
    assert (extended.total_ms, extended.elapsed_ms) == (360_000, 100_000)


def test_extending_a_clock_that_ran_out_runs_the_extra_time_from_now():
    out = state(at(400), started_at=T0, ends_at=at(300))
    fields = extend_fields(at(400), out, 30, at(300))
    assert fields == {"clock_ends_at": at(430), "clock_added_ms": 30_000}
    again = state(at(410), started_at=T0, ends_at=at(430), added_ms=30_000)
    assert (again.remaining_ms, again.elapsed_ms) == (20_000, 310_000)


def test_end_stops_the_clock_and_the_game_time_now():
    running = state(at(42), started_at=T0, ends_at=at(300))
    fields = end_fields(at(42), running)
    assert fields["clock_added_ms"] == -258_000
    c = state(at(42), started_at=T0, ends_at=fields["clock_ends_at"], added_ms=-258_000)
    assert (c.state, c.remaining_ms, c.total_ms, c.elapsed_ms) == ("ended", 0, 42_000, 42_000)
    # time added after an early end runs on from where the game stopped
    more = extend_fields(at(50), c, 60, at(42))
    later = state(
        at(80), started_at=T0, ends_at=more["clock_ends_at"], added_ms=more["clock_added_ms"]
    )
    assert (later.remaining_ms, later.elapsed_ms) == (30_000, 72_000)


def test_game_time_stands_still_while_paused():
    paused = state(at(1000), started_at=T0, paused_remaining_ms=200_000)
    assert (paused.total_ms, paused.elapsed_ms) == (300_000, 100_000)
    idle = state(T0)
    assert (idle.total_ms, idle.elapsed_ms) == (300_000, 0)


def test_a_setting_holds_from_one_command_to_the_next():
    """The setting names what the last command did, never the instant: the page drawn after a
    command and that command's push, read later, agree; every command gives a new one."""
    idle = state(T0)
    started = state(at(1), started_at=T0, ends_at=at(300))
    assert started.setting == state(at(250), started_at=T0, ends_at=at(300)).setting
    ran_out = state(at(400), started_at=T0, ends_at=at(300))
    assert ran_out.state == "ended" and ran_out.setting == started.setting
    paused = state(at(100), started_at=T0, paused_remaining_ms=200_000)
    assert paused.setting == state(at(3700), started_at=T0, paused_remaining_ms=200_000).setting
    resumed = state(at(3701), started_at=T0, ends_at=at(3900))
    extended = state(at(3701), started_at=T0, ends_at=at(3960), added_ms=60_000)
    settings = [c.setting for c in (idle, started, paused, resumed, extended)]
    assert len(set(settings)) == len(settings), settings
    assert state(T0).as_dict()["setting"] == idle.setting


def test_sub_millisecond_times_round_consistently():
    c = state(at(0.0004), started_at=T0, ends_at=at(300))
    assert c.remaining_ms in (299_999, 300_000)


# --- commands on a stored round -----------------------------------------------------------------

pytestmark_db = pytest.mark.django_db


@pytestmark_db
def test_commands_change_the_round_audit_and_mark_it_running(event):
    round_ = event["round"]
    user = event["referee"]
    round_ = clock.start(round_, Actor(user=user))
    assert round_.status == RoundStatus.RUNNING
    assert round_.clock_ends_at - round_.clock_started_at == timedelta(seconds=300)
    round_ = clock.pause(round_, Actor(user=user))
    assert round_.clock_ends_at is None
    assert 299_000 <= round_.clock_paused_remaining_ms <= 300_000
    round_ = clock.extend(round_, 60, Actor(user=user), reason="table 3 restarted")
    assert 359_000 <= round_.clock_paused_remaining_ms <= 360_000
    round_ = clock.resume(round_, Actor(user=user))
    assert ClockState.of(round_).state == "running"
    round_ = clock.end(round_, Actor(user=user))
    assert ClockState.of(round_).state == "ended"
    actions = list(
        AuditEntry.objects.filter(
            target_type="tournament.round", action__startswith="clock."
        ).values_list("action", flat=True)
    )
    assert sorted(actions) == sorted(
        ["clock.start", "clock.pause", "clock.extend", "clock.resume", "clock.end"]
    )
    extend = AuditEntry.objects.get(action="clock.extend")
    assert extend.reason == "table 3 restarted"
    assert extend.user == user
    assert extend.before["state"] == "paused" and extend.after["remaining_ms"] > 359_000


@pytestmark_db
def test_one_command_service_by_name(event):
    """The console's buttons and the round socket both run clock commands by name."""
    referee = Actor(user=event["referee"], channel="live", ip_address="10.0.0.7")
    round_ = clock.run_command(event["round"], "start", referee, seconds=240)
    assert round_.game_length_seconds == 240
    round_ = clock.run_command(round_, "extend", referee, seconds=30, reason="x" * 900)
    entry = AuditEntry.objects.get(action="clock.extend")
    assert len(entry.reason) == 900 and entry.channel == "live"
    assert entry.ip_address == "10.0.0.7"
    with pytest.raises(ClockError, match="unknown clock command 'rewind'"):
        clock.run_command(round_, "rewind", referee)


@pytestmark_db
def test_refused_commands_say_why(event):
    round_ = event["round"]
    with pytest.raises(ClockError, match="only a running clock"):
        clock.pause(round_)
    with pytest.raises(ClockError, match="not started"):
        clock.extend(round_, 30)
    clock.start(round_)
    with pytest.raises(ClockError, match="already running"):
        clock.start(round_)
    with pytest.raises(ClockError, match="between 1 and 3600"):
        clock.extend(round_, 0)
    with pytest.raises(ClockError, match="whole number"):
        clock.extend(round_, "60")
    clock.end(round_)
    # after Bung, extra time runs from now
    round_ = clock.extend(round_, 30)
    assert 29_000 <= ClockState.of(round_).remaining_ms <= 30_000


@pytestmark_db
def test_start_with_another_length_and_draft_rounds_refused(event):
    round_ = clock.start(event["round"], seconds=600)
    assert round_.game_length_seconds == 600
    round_.status = RoundStatus.DRAFT
    round_.save(update_fields=["status"])
    with pytest.raises(ClockError, match="draft"):
        clock.end(round_)


@pytestmark_db
def test_clock_payload_carries_server_time(event):
    round_ = clock.start(event["round"])
    payload = clock.clock_payload(round_, "start", now=round_.clock_started_at)
    assert payload["type"] == "clock"
    assert payload["call"] == "Yarra Mark!"
    assert payload["server_time_ms"] == payload["started_at_ms"]
    assert payload["ends_at_ms"] - payload["server_time_ms"] == payload["remaining_ms"] == 300_000
