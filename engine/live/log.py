"""Event-log machinery shared by every live model.

A state is a JSON-serialisable dict::

    {"engine_state": 1, "system": ..., "mode": ..., "setup": {...}, "events": [...],
     "event_count": int, "status": "setup" | "running" | "ended", "ended_by": None | str,
     ...model fields}

It is always the replay of ``setup`` + ``events``: ``apply_event`` replays the given state's
own log before adding the new event, so a tampered state can never drift from its log.

A *snapshot* is a state without its ``events`` (``snapshot``): what a server that keeps the log
itself stores and sends. ``advance`` applies one event to a snapshot it produced, at a cost that
does not grow with the log. A game takes at most ``MAX_EVENTS`` events, and an event's
metadata is small (``note`` at most ``MAX_NOTE_CHARS`` characters), so neither the log nor one
event can grow without bound.

Every event is a dict with a ``type``; ``seq`` (optional) must be the next number (1 for the
first event) and protects against stale or doubled submissions; ``at``, ``by`` and ``note`` are
free metadata kept in the log. ``start`` and ``end`` are handled here; a model handles the rest.
"""

from __future__ import annotations

import copy
from typing import Any, Protocol

from engine.errors import EngineFault, EventRejected
from engine.fields import as_whole_number
from engine.json_data import JsonObject
from engine.messages import Sentence
from engine.modes import ModeSpec

META_KEYS = frozenset({"type", "seq", "at", "by", "note"})
#: events one game may record: a five-minute game makes a few hundred, a turn-based one more
MAX_EVENTS = 2000
MAX_NOTE_CHARS = 200
MAX_BY_CHARS = 60


class KeyedSystem(Protocol):
    """What a live model reads of its game system: the key a state is stamped with."""

    key: str


class LiveModel:
    """Base of the live models: subclasses define the setup, their events and the report."""

    #: event type -> allowed keys besides the metadata keys
    event_keys: dict[str, frozenset[str]] = {}
    #: reasons a referee may give for ending the game with an ``end`` event
    end_reasons: tuple[str, ...] = ("time",)

    def __init__(self, system: KeyedSystem, mode: ModeSpec) -> None:
        self.system = system
        self.mode = mode

    def initial_state(self, setup: Any) -> JsonObject:
        """Model fields of a new game (raises ``ResultInvalid`` for a bad setup)."""
        raise EngineFault(f"{type(self).__name__} has no initial_state")

    def step(self, state: JsonObject, event: JsonObject) -> None:
        """Apply one model event to ``state`` in place (raises ``EventRejected``)."""
        raise EngineFault(f"{type(self).__name__} cannot handle {event['type']!r}")

    def on_end(self, state: JsonObject, event: JsonObject) -> None:
        """Extra work when a referee ends the game."""

    def proposed_report(self, state: JsonObject) -> JsonObject:
        """The report implied by ``state``."""
        raise EngineFault(f"{type(self).__name__} has no proposed_report")


def reject(reason: str, code: str = "rejected") -> EventRejected:
    """Build an ``EventRejected`` (raise the result)."""
    return EventRejected(reason, code)


def whole(event: JsonObject, key: str, default: int | None = None, minimum: int = 0) -> int:
    """Read a whole-number event field, checking its lower bound."""
    value = event.get(key, default)
    n = as_whole_number(value)
    if n is None:
        raise reject(Sentence("live_not_whole", key=key, value=repr(value)), "bad_event")
    if n < minimum:
        raise reject(Sentence("live_too_small", key=key, value=n, minimum=minimum), "bad_event")
    return n


def new_game(model: LiveModel, setup: Any) -> JsonObject:
    """A fresh state for ``setup``."""
    state = model.initial_state(copy.deepcopy(setup))
    state.update(
        engine_state=1,
        system=model.system.key,
        mode=model.mode.key,
        setup=copy.deepcopy(setup),
        events=[],
        event_count=0,
        status="setup",
        ended_by=None,
    )
    return state


def _apply(model: LiveModel, state: JsonObject, event: Any, index: int) -> JsonObject:
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise EventRejected(Sentence("live_event_shape"), "bad_event", index)
    kind = event["type"]
    try:
        expected = state["event_count"] + 1
        if expected > MAX_EVENTS:
            raise reject(
                Sentence("live_too_many_events", most=MAX_EVENTS),
                "too_many_events",
            )
        _check_metadata(event)
        if "seq" in event and event["seq"] != expected:
            raise reject(
                Sentence("live_sequence", seq=repr(event["seq"]), expected=expected),
                "sequence",
            )
        allowed = {"start": frozenset(), "end": frozenset({"reason", "fields"})}
        allowed.update(model.event_keys)
        if kind not in allowed:
            raise reject(Sentence("live_unknown_event", kind=repr(kind)), "unknown_event")
        extra = set(event) - META_KEYS - allowed[kind]
        if extra:
            raise reject(
                Sentence("live_unknown_keys", kind=kind, keys=", ".join(sorted(extra))), "bad_event"
            )
        if state["status"] == "ended":
            raise reject(Sentence("live_game_over"), "ended")
        if kind == "start":
            if state["status"] != "setup":
                raise reject(Sentence("live_started"), "started")
            state["status"] = "running"
        elif state["status"] == "setup":
            raise reject(Sentence("live_not_started"), "not_started")
        elif kind == "end":
            reason = event.get("reason", model.end_reasons[0])
            if reason not in model.end_reasons:
                raise reject(
                    Sentence("live_end_reasons", reasons=", ".join(model.end_reasons)),
                    "bad_event",
                )
            model.on_end(state, event)
            state["status"], state["ended_by"] = "ended", reason
        else:
            model.step(state, event)
    except EventRejected as exc:
        exc.index = index
        raise
    stored = copy.deepcopy(event)
    stored["seq"] = expected
    state["event_count"] = expected
    if "events" in state:
        state["events"].append(stored)
    return stored


def _check_metadata(event: JsonObject) -> None:
    """The free metadata of an event stays small and plain."""
    note = event.get("note")
    if note is not None and (not isinstance(note, str) or len(note) > MAX_NOTE_CHARS):
        raise reject(Sentence("live_note", most=MAX_NOTE_CHARS), "bad_event")
    by = event.get("by")
    if by is not None and (not isinstance(by, str) or len(by) > MAX_BY_CHARS):
        raise reject(Sentence("live_by", most=MAX_BY_CHARS), "bad_event")
    at = event.get("at")
    if at is not None and (isinstance(at, bool) or not isinstance(at, int | float | str)):
        raise reject(Sentence("live_at"), "bad_event")
    if isinstance(at, str) and len(at) > 40:
        raise reject(Sentence("live_at_length"), "bad_event")


def replay(model: LiveModel, setup: Any, events: Any) -> JsonObject:
    """Fold ``events`` over a new game; raises ``EventRejected`` naming the bad event."""
    if not isinstance(events, list):
        raise EventRejected(Sentence("live_log_list"), "bad_event")
    state = new_game(model, setup)
    for index, event in enumerate(events):
        _apply(model, state, event, index)
    return state


def as_state(model: LiveModel, state_or_log: Any) -> JsonObject:
    """Rebuild the state from a state or a log (``{"setup": ..., "events": [...]}``)."""
    checked = _owned(model, state_or_log)
    return replay(model, checked["setup"], checked.get("events", []))


def as_readable_state(model: LiveModel, state: Any) -> JsonObject:
    """A state to read from: a snapshot as it is (it has no log to replay), else ``as_state``."""
    checked = _owned(model, state)
    if "events" not in checked and "event_count" in checked:
        return checked
    return as_state(model, checked)


def _owned(model: LiveModel, state_or_log: Any) -> JsonObject:
    """``state_or_log`` once checked to be a state or log of ``model``'s system and mode."""
    if not isinstance(state_or_log, dict) or "setup" not in state_or_log:
        raise EngineFault("expected a live state or a log with setup and events")
    for key in ("system", "mode"):
        found = state_or_log.get(key)
        wanted = model.system.key if key == "system" else model.mode.key
        if found is not None and found != wanted:
            raise EngineFault(f"this state belongs to {key} {found!r}, not {wanted!r}")
    return state_or_log


def apply_event(model: LiveModel, state_or_log: Any, event: Any) -> JsonObject:
    """The new state after ``event`` (the input is left untouched)."""
    state = as_state(model, state_or_log)
    _apply(model, state, event, len(state["events"]))
    return state


def snapshot(state: JsonObject) -> JsonObject:
    """``state`` without its log: the model fields, the status and the event count."""
    return {key: copy.deepcopy(value) for key, value in state.items() if key != "events"}


def advance(
    model: LiveModel, snapshot_state: JsonObject, event: Any
) -> tuple[JsonObject, JsonObject]:
    """Apply ``event`` to a snapshot this engine made; (new snapshot, the event as stored).

    The snapshot is trusted (the caller keeps the log it came from and can ``replay`` it); the
    cost is that of one event, however long the game already is.
    """
    state = snapshot(snapshot_state)
    if "event_count" not in state:
        raise EngineFault("advance needs a snapshot made by this engine (no event_count)")
    stored = _apply(model, state, event, state["event_count"])
    return state, stored
