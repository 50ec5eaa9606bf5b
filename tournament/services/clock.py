"""The round clock: "Yarra Mark!" to "Yarra Bung!", held by the server.

The truth is three columns of ``Round``: ``clock_started_at``, ``clock_ends_at`` and
``clock_paused_remaining_ms``, with ``game_length_seconds`` (the event's game length by default,
five minutes) and ``clock_added_ms`` (extensions, less the time cut by ending early), which
together give the game time run so far. The clock is one of:

* ``idle``    - not started (``clock_started_at`` empty);
* ``running`` - ``clock_ends_at`` in the future, nothing paused;
* ``paused``  - ``clock_paused_remaining_ms`` set (``clock_ends_at`` empty while paused);
* ``ended``   - ``clock_ends_at`` reached (the time ran out, or "Yarra Bung!" was called).

The pure maths (``ClockState``, the new column values of each command) is in
``tournament.logic.clock_maths``, with no database and no clock of its own (``now`` is passed in);
the commands lock the round, change it, write the audit trail and push the new clock to the
round's watchers after the commit. Every message carries the server's time in milliseconds so
a client can correct for its own clock's offset.

In a realtime Domination event (and King of the Hill when the organiser asks) the clock also
makes the scoring calls: "Yarra Mark!" fixes the round's call plan (``Round.clock_calls``, a
seed and the organiser's gap range, audited with the start), and every clock message carries
the calls to come in game time (``tournament.logic.scoring_calls``); the pages sound them.
"""

from __future__ import annotations

import logging
from datetime import datetime
from itertools import takewhile

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.audit.actor import SYSTEM, Actor
from common.audit.reasons import reason_problem
from common.audit.services import record_change
from common.errors import ServiceError
from common.live import realtime
from engine.api import max_game_seconds, scoring_call
from tournament.logic.clock_maths import (
    ClockState,
    end_fields,
    extend_fields,
    length_of,
    ms_of,
    pause_fields,
    resume_fields,
    start_fields,
)
from tournament.logic.scoring_calls import CallPlan
from tournament.models import Round, RoundStatus, ScoringCalls, Timing

log = logging.getLogger(__name__)

MAX_EXTEND_SECONDS = 3600

CALLS = {"start": "Yarra Mark!", "end": "Yarra Bung!"}


class ClockError(ServiceError):
    """A clock command that cannot be done now; the message says why."""


def call_plan(round_: Round) -> CallPlan | None:
    """The scoring calls the clock of ``round_`` would make if it started now, or None.

    Only realtime games have calls on the clock (turn-based games score card by card). The
    organiser's setting decides: as the mode plays (Domination's soundtrack calls, so the clock
    makes them; King of the Hill's card does not), always, or never.
    """
    tournament = round_.tournament
    if tournament.timing != Timing.REALTIME or tournament.scoring_calls == ScoringCalls.OFF:
        return None
    spec = scoring_call(tournament.game_system, tournament.mode)
    if spec is None or (
        tournament.scoring_calls == ScoringCalls.MODE and not spec["clock_default"]
    ):
        return None
    colours = tuple(spec["colours"])
    # each table turns its own flower deck (project decision): the plan names the tables
    tables = (
        tuple(
            round_.matches.filter(is_bye=False)
            .order_by("table_number")
            .values_list("table_number", flat=True)
        )
        if colours
        else ()
    )
    return CallPlan(
        call=spec["call"],
        seed=round_.seed,
        gap_min_seconds=tournament.scoring_call_gap_min_seconds,
        gap_max_seconds=tournament.scoring_call_gap_max_seconds,
        colours=colours,
        tables=tables,
    )


def scored_at_table(round_: Round, table_number: int, now: datetime | None = None):
    """For a live scoring at a table: ``(calls made, the colour the last one scored there)``,
    by the round's clock now; None when the clock names no colour at that table."""
    if not round_.clock_calls:
        return None
    plan = CallPlan.from_dict(round_.clock_calls)
    if not plan.colours or (plan.tables and table_number not in plan.tables):
        return None
    table = table_number if plan.tables else None
    elapsed = ClockState.of(round_, now or timezone.now()).elapsed_ms
    made = sum(1 for _ in takewhile(lambda call: call.at_ms <= elapsed, plan.calls()))
    return made, plan.scored_colour(table, elapsed)


def planned_calls(round_: Round) -> CallPlan | None:
    """The calls the round's clock makes: fixed at its start, else those a start would fix."""
    if round_.clock_calls:
        return CallPlan.from_dict(round_.clock_calls)
    if round_.clock_started_at is None:
        return call_plan(round_)
    return None


# --- commands -----------------------------------------------------------------------------------


def _snapshot(round_: Round, now: datetime) -> dict:
    clock = ClockState.of(round_, now)
    data = clock.as_dict()
    data["game_length_seconds"] = length_of(round_)
    if round_.clock_calls:
        plan = CallPlan.from_dict(round_.clock_calls)
        data["calls"] = {
            **plan.as_dict(),
            "colour_at_start": plan.opening_colour(),
            "tables_at_start": {str(n): plan.opening_colour(n) for n in plan.tables},
            "first": [c.as_dict() for c in plan.calls_before(clock.total_ms)[:10]],
        }
    return data


def _command(round_, action: str, actor: Actor, change, *, reason: str = "") -> Round:
    """Lock the round, apply ``change(round_, clock, now) -> fields``, audit, push."""
    with transaction.atomic():
        round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
        if round_.status in (RoundStatus.DRAFT, RoundStatus.COMPLETE):
            sentence = (
                _("round %(number)s is a draft: its clock cannot run")
                if round_.status == RoundStatus.DRAFT
                else _("round %(number)s is complete: its clock cannot run")
            )
            raise ClockError(sentence % {"number": round_.number})
        now = timezone.now()
        clock = ClockState.of(round_, now)
        before = _snapshot(round_, now)
        fields = change(round_, clock, now)
        for name, value in fields.items():
            setattr(round_, name, value)
        update = list(fields)
        if action == "start" and round_.status == RoundStatus.PUBLISHED:
            round_.status = RoundStatus.RUNNING
            update.append("status")
        round_.save(update_fields=update)
        after = _snapshot(round_, now)
        record_change(
            round_.tournament,
            f"clock.{action}",
            round_,
            before=before,
            after=after,
            reason=reason,
            actor=actor,
        )
        notify_clock(round_, action=action)
    return round_


def start(round_: Round, actor: Actor = SYSTEM, *, seconds: int | None = None) -> Round:
    """ "Yarra Mark!": start the round's clock (optionally with another game length)."""

    def change(r, clock, now):
        if clock.state in ("running", "paused"):
            raise ClockError(_("the clock is already running"))
        if clock.state == "ended":
            raise ClockError(_("this round's clock has already run; extend it to add time"))
        longest = max_game_seconds(r.tournament.game_system, r.tournament.mode)
        length = length_of(r) if seconds is None else _seconds(seconds, 30, longest)
        fields = start_fields(now, length)
        if length != r.game_length_seconds:
            fields["game_length_seconds"] = length
        plan = call_plan(r)
        fields["clock_calls"] = plan.as_dict() if plan else {}
        if plan:
            log.info(
                "round %s of %s: the clock calls %s every %s-%s s (seed %s)",
                r.number,
                r.tournament.slug,
                plan.call,
                plan.gap_min_seconds,
                plan.gap_max_seconds,
                plan.seed,
            )
        return fields

    return _command(round_, "start", actor, change)


def pause(round_: Round, actor: Actor = SYSTEM) -> Round:
    """Stop the clock, keeping the time left."""

    def change(r, clock, now):
        if clock.state != "running":
            raise ClockError(
                _("only a running clock can be paused (it is %(state)s)") % {"state": clock.state}
            )
        return pause_fields(now, clock)

    return _command(round_, "pause", actor, change)


def resume(round_: Round, actor: Actor = SYSTEM) -> Round:
    """Run a paused clock again from the time it had left."""

    def change(r, clock, now):
        if clock.state != "paused":
            raise ClockError(
                _("only a paused clock can be resumed (it is %(state)s)") % {"state": clock.state}
            )
        return resume_fields(now, clock)

    return _command(round_, "resume", actor, change)


def extend(round_: Round, seconds: int, actor: Actor = SYSTEM, *, reason: str = "") -> Round:
    """Add ``seconds`` to a running or paused clock (or to one that has just run out)."""
    seconds = _seconds(seconds, 1, MAX_EXTEND_SECONDS)

    def change(r, clock, now):
        if clock.state == "idle":
            raise ClockError(_("the clock has not started yet"))
        return extend_fields(now, clock, seconds, r.clock_ends_at)

    return _command(round_, "extend", actor, change, reason=reason)


def end(round_: Round, actor: Actor = SYSTEM) -> Round:
    """ "Yarra Bung!": end the round's time now."""

    def change(r, clock, now):
        if clock.state not in ("running", "paused"):
            raise ClockError(
                _("only a running or paused clock can be ended (it is %(state)s)")
                % {"state": clock.state}
            )
        return end_fields(now, clock)

    return _command(round_, "end", actor, change)


def _seconds(value, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float) or int(value) != value:
        raise ClockError(
            _("seconds must be a whole number, not %(value)s") % {"value": repr(value)}
        )
    value = int(value)
    if not low <= value <= high:
        raise ClockError(
            _("seconds must be between %(low)s and %(high)s") % {"low": low, "high": high}
        )
    return value


COMMANDS = {
    "start": start,
    "pause": pause,
    "resume": resume,
    "extend": extend,
    "end": end,
}


def run_command(
    round_: Round,
    command: str,
    actor: Actor = SYSTEM,
    *,
    seconds: int | None = None,
    reason: str = "",
) -> Round:
    """One clock command by name, as the console's buttons and the round socket send it:
    ``start`` (optionally with another game length), ``pause``, ``resume``, ``extend`` (by
    ``seconds``, with a reason) or ``end``. An unknown command is a ``ClockError``."""
    if command not in COMMANDS:
        raise ClockError(_("unknown clock command %(command)s") % {"command": repr(command)})
    if command == "extend":
        if not isinstance(reason, str):
            raise ClockError(_("the reason must be text"))
        problem = reason_problem(reason.strip())
        if problem:
            raise ClockError(problem)
        return extend(round_, seconds, actor, reason=reason.strip())
    if command == "start":
        return start(round_, actor, seconds=seconds)
    return COMMANDS[command](round_, actor)


def notify_clock(round_: Round, action: str | None = None) -> None:
    """Push a round's clock (state, server time, end time) to the round's watchers after the
    commit; the message is built as it leaves, so its ``server_time_ms`` and ``remaining_ms``
    are read at the same instant."""
    realtime.push_built_on_commit(
        realtime.round_group(round_.pk),
        lambda: clock_payload(round_, action),
        f"clock of round {round_.pk}",
    )


def clock_payload(round_: Round, action: str | None = None, now: datetime | None = None) -> dict:
    """The ``clock`` message: the state, the server's time and the end time, in milliseconds."""
    now = now or timezone.now()
    clock = ClockState.of(round_, now)
    data = clock.as_dict()
    data.update(
        type="clock",
        tournament=round_.tournament_id,
        round=round_.pk,
        action=action,
        call=CALLS.get(action or ""),
        server_time_ms=ms_of(now),
    )
    if round_.clock_calls and clock.state != "idle":
        plan = CallPlan.from_dict(round_.clock_calls)
        data["calls"] = plan.window(clock.elapsed_ms, clock.total_ms)
    return data
