"""Hosted live games: the platform as a table's scoreboard, event by event.

A ``LiveGame`` is a setup plus its log of ``LiveEvent`` rows; ``LiveGame.state`` caches the
engine's replay of that log as a *snapshot* (the state without the log: the characters, cups,
status and event count). Applying an event locks the game's row, lets the engine check it
against the stored snapshot (``engine.api.advance``: one event's work, however long the game),
then stores the event (sequence = ``last_sequence + 1``, unique per game) and the new snapshot in
the same transaction; the snapshot and the event are pushed to the match's watchers after the
commit, so a push stays the same size as the log grows. A refused event stores nothing and raises
the engine's ``EventRejected`` with its reason, for the sender alone.

Because every accepted event is a row, a restarted server loses nothing: ``current_state``
replays the stored log whenever the cached state is missing or behind.

At the end (a side left standing, or an ``end`` event), the engine's proposed report enters the
normal result flow: reported by the side that sent the last event (``submit_report``: the other
sides confirm), or entered by the referee who hosted the game (``enter_result``).

Rights: a side may act only in its own match (checked here); staff rights are checked by the
caller (the websocket consumer) before it passes an ``Actor`` with a user.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from common.audit.actor import SYSTEM, Actor
from common.audit.channels import Channel
from common.audit.services import record_change
from common.errors import ServiceError
from common.live import push_messages as messages
from common.live import realtime
from engine import api as engine_api
from engine.errors import EngineUserError, EventRejected
from matches.models import LiveEvent, LiveGame, LiveGameStatus, Match, VersionKind
from matches.services import results, tables
from tournament.services.clock import scored_at_table

log = logging.getLogger(__name__)

MAX_EVENT_BYTES = 4000


class LiveGameError(ServiceError):
    """A live-game request that cannot be done (no game, wrong side); the message says why."""


@dataclass
class LiveOutcome:
    """What applying an event did: the stored event, the game, and any result it proposed."""

    game: LiveGame
    event: LiveEvent | None
    result: dict | None = None
    messages: list[str] = field(default_factory=list)


def side_of(entrant_id) -> str:
    """The engine's side id for an entrant (the same as the result flow's)."""
    return tables.side_id(entrant_id)


def _system(match: Match) -> tuple[str, str]:
    tournament = match.round.tournament
    return tournament.game_system, tournament.mode


def _live_model(system: str, mode: str) -> str:
    """The engine's live model of a mode: ``eye_for_an_eye`` (characters) or ``counters``."""
    for entry in engine_api.list_systems():
        if entry["key"] == system:
            for m in entry["modes"]:
                if m["key"] == mode:
                    return m["live_model"]
    return ""


def _split_characters(text: str) -> list[str]:
    return [part.strip() for part in re.split(r"[,+/]", text or "") if part.strip()]


def build_setup(match: Match, characters: dict | None = None) -> dict:
    """The engine setup from the match's seats, in seat order.

    Side ids are ``str(entrant_id)``. For Eye for an Eye the characters come from
    ``characters`` (``{entrant id or side id: [names]}``) when given, else from each seat's
    ``character`` (several names separated by commas for a team).
    """
    system, mode = _system(match)
    seats = list(match.seats.order_by("position"))
    chosen = {str(k): v for k, v in (characters or {}).items()}
    wants_characters = _live_model(system, mode) == "eye_for_an_eye"
    sides = []
    for seat in seats:
        side = side_of(seat.entrant_id)
        entry = {"side": side}
        if wants_characters:
            names = chosen.get(side)
            if names is None:
                names = _split_characters(seat.character)
            if isinstance(names, str):
                names = _split_characters(names)
            entry["characters"] = list(names)
        sides.append(entry)
    if wants_characters:
        # turn-based King of the Hill / Domination games end at their last scoring call
        return {"sides": sides, "timing": match.round.tournament.timing}
    return {"sides": sides}


@transaction.atomic
def create_live_game(match: Match, actor=SYSTEM, characters: dict | None = None):
    """The match's live game, created from its seats if it does not exist yet.

    Returns ``(game, created)``. Raises the engine's ``ResultInvalid`` for a bad setup (for
    example a seat without a character) and ``LiveGameError`` for a bye or a stranger.
    """
    match = tables.lock_match(match)
    existing = LiveGame.objects.filter(match=match).first()
    if existing is not None:
        return existing, False
    if match.is_bye:
        raise LiveGameError(_("a bye is not played"))
    _check_side(match, actor)
    system, mode = _system(match)
    setup = build_setup(match, characters)
    state = engine_api.snapshot(engine_api.new_game(system, mode, setup))
    game = LiveGame.objects.create(
        match=match, game_system=system, mode=mode, setup=setup, state=state
    )
    record_change(
        match.round.tournament,
        "live.created",
        game,
        after={"match": match.pk, "setup": setup},
        actor=actor,
    )
    return game, True


def _check_side(match: Match, actor) -> None:
    """A side acting through its link must sit at this match; staff are checked by the caller."""
    if getattr(actor.user, "is_authenticated", False):
        return
    if actor.entrant is None:
        if actor.channel == Channel.SYSTEM:
            return
        raise LiveGameError(_("only a side of this match or its staff can do this"))
    if not match.seats.filter(entrant_id=actor.entrant.pk).exists():
        raise LiveGameError(
            _("%(entrant)s does not play at table %(table)s")
            % {"entrant": actor.entrant, "table": match.table_number}
        )


def _cached_state_ok(game: LiveGame) -> bool:
    state = game.state
    return (
        isinstance(state, dict)
        and "events" not in state
        and state.get("event_count") == game.last_sequence
        and "status" in state
    )


def replay_state(game: LiveGame) -> dict:
    """The snapshot replayed from the stored log (the truth, whatever the cache says)."""
    events = list(game.events.order_by("sequence").values_list("payload", flat=True))
    return engine_api.snapshot(engine_api.replay(game.game_system, game.mode, game.setup, events))


def current_state(game: LiveGame) -> dict:
    """The game's current snapshot: the cache when it matches the log, else a replay (saved)."""
    if _cached_state_ok(game):
        return game.state
    state = replay_state(game)
    LiveGame.objects.filter(pk=game.pk, last_sequence=game.last_sequence).update(state=state)
    game.state = state
    return state


def _status_of(state: dict) -> str:
    return {
        "setup": LiveGameStatus.WAITING,
        "running": LiveGameStatus.RUNNING,
        "ended": LiveGameStatus.ENDED,
    }.get(state.get("status"), LiveGameStatus.WAITING)


def state_payload(game: LiveGame, event: dict | None = None, result: dict | None = None) -> dict:
    """The ``live.state`` message: the snapshot (no log: its size does not grow with the game)
    and the event that made it."""
    return messages.live_state(
        game.match_id,
        game_id=game.pk,
        sequence=game.last_sequence,
        status=game.status,
        state=game.state,
        event=event,
        result=result,
    )


def current_state_message(match_id: int) -> dict:
    """The ``live.state`` a newcomer gets: the game's state (replayed if needed), or an empty
    one before any game exists. The match socket and the polling fallback both send it."""
    game = LiveGame.objects.filter(match_id=match_id).first()
    if game is None:
        return messages.live_state(match_id)
    current_state(game)
    return state_payload(game)


def push_live_state(match_id: int, payload: dict) -> None:
    """Push a hosted game's new state to the match's watchers (after the commit)."""
    realtime.push_on_commit(realtime.match_group(match_id), payload)


def apply_live_event(match: Match, event, actor) -> LiveOutcome:
    """Check ``event`` with the engine, store it and the new state, push it after the commit.

    Raises ``EventRejected`` (nothing stored) with the engine's reason, and ``LiveGameError``
    when there is no game or the sender is not a side of this match.
    """
    if not isinstance(event, dict):
        raise EventRejected(_("an event must be an object with a type"), "bad_event")
    if len(repr(event)) > MAX_EVENT_BYTES:
        raise EventRejected(_("this event is too large"), "bad_event")
    with transaction.atomic():
        game = (
            LiveGame.objects.select_for_update()
            .select_related("match__round__tournament")
            .filter(match_id=match.pk)
            .first()
        )
        if game is None:
            raise LiveGameError(_("this match has no live game yet"))
        _check_side(game.match, actor)
        if event.get("type") == "vp" and not getattr(actor.user, "is_authenticated", False):
            raise EventRejected(
                _("VP outside a scoring call are a referee's override; ask a referee"),
                "referee_only",
            )
        if event.get("type") == "scoring":
            _check_scoring_colour(game.match, event)
        base = game.state if _cached_state_ok(game) else replay_state(game)
        new_state, stored = engine_api.advance(game.game_system, game.mode, base, event)
        sequence = game.last_sequence + 1
        row = LiveEvent.objects.create(
            game=game, sequence=sequence, payload=stored, **actor.provenance()
        )
        game.state = new_state
        game.last_sequence = sequence
        game.status = _status_of(new_state)
        game.save(update_fields=["state", "last_sequence", "status", "updated_at"])
        outcome = LiveOutcome(game=game, event=row)
        if game.status == LiveGameStatus.ENDED:
            outcome.result = _propose(game, actor)
        _push(game, stored, outcome.result)
    return outcome


def _check_scoring_colour(match: Match, event: dict) -> None:
    """A scoring at a table whose round clock calls the colours names the colour the clock's
    last call scored at that table (its own flower deck); ``EventRejected`` otherwise."""
    due = scored_at_table(match.round, match.table_number)
    if due is None:
        return
    made, colour = due
    table = match.table_number
    if not made:
        raise EventRejected(
            _("the clock has made no scoring call at table %(table)s yet") % {"table": table},
            "wrong_colour",
        )
    if event.get("colour") != colour:
        raise EventRejected(
            _(
                "the clock's last call at table %(table)s scored %(colour)s: a scoring names "
                "that colour, not %(given)s"
            )
            % {"table": table, "colour": colour, "given": event.get("colour") or _("none")},
            "wrong_colour",
        )


def _push(game: LiveGame, event: dict | None, result: dict | None) -> None:
    push_live_state(game.match_id, state_payload(game, event, result))


def _propose(game: LiveGame, actor) -> dict:
    """Send the engine's proposed report into the result flow; the outcome, never an exception.

    Runs in a savepoint: a refusal (an accepted result already there, a report the engine
    refuses) leaves the game's events stored and is reported back instead.
    """
    match = game.match
    report = engine_api.proposed_report(game.game_system, game.mode, game.state)
    staff = getattr(actor.user, "is_authenticated", False)
    live_actor = Actor(
        user=actor.user if staff else None,
        entrant=None if staff else actor.entrant,
        channel=Channel.LIVE,
        ip_address=actor.ip_address,
        user_agent=actor.user_agent,
    )
    # the same services, called the same way, as a referee's entry or a side's report by page
    # or API: only the version's kind says it came from a live game
    enter = results.enter_result if staff else results.submit_report
    try:
        with transaction.atomic():
            version = enter(match, report, live_actor, kind=VersionKind.LIVE)
    except (tables.ResultFlowError, EngineUserError) as exc:
        log.info("live game %s: proposed result not recorded: %s", game.pk, exc)
        return {"recorded": False, "reason": str(exc), "report": report}
    return {
        "recorded": True,
        "version": version.number,
        "state": version.state,
        "kind": version.kind,
        "report": report,
    }


@transaction.atomic
def propose_result(match: Match, actor) -> dict:
    """Send an ended game's proposed report into the result flow again (e.g. after a refusal)."""
    game = LiveGame.objects.select_for_update().select_related("match__round__tournament")
    game = game.filter(match_id=match.pk).first()
    if game is None:
        raise LiveGameError(_("this match has no live game"))
    _check_side(game.match, actor)
    current_state(game)
    if game.state.get("status") != "ended":
        raise LiveGameError(_("the game has not ended yet"))
    outcome = _propose(game, actor)
    _push(game, None, outcome)
    return outcome
