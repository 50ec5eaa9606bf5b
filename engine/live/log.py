"""Event-log machinery shared by every live model.

A state is a JSON-serialisable dict::

    {"engine_state": 1, "system": ..., "mode": ..., "setup": {...}, "events": [...],
     "status": "setup" | "running" | "ended", "ended_by": None | str, ...model fields}

It is always the replay of ``setup`` + ``events``: ``apply_event`` replays the given state's
own log before adding the new event, so a tampered state can never drift from its log.

Every event is a dict with a ``type``; ``seq`` (optional) must be the next number (1 for the
first event) and protects against stale or doubled submissions; ``at``, ``by`` and ``note`` are
free metadata kept in the log. ``start`` and ``end`` are handled here; a model handles the rest.
"""

from __future__ import annotations

import copy
from typing import Any

from engine.errors import EngineFault, EventRejected
from engine.fields import as_whole_number

META_KEYS = frozenset({"type", "seq", "at", "by", "note"})


class LiveModel:
    """Base of the live models: subclasses define the setup, their events and the report."""

    #: event type -> allowed keys besides the metadata keys
    event_keys: dict[str, frozenset[str]] = {}
    #: reasons a referee may give for ending the game with an ``end`` event
    end_reasons: tuple[str, ...] = ("time",)

    def __init__(self, system, mode) -> None:
        self.system = system
        self.mode = mode

    def initial_state(self, setup: Any) -> dict:
        """Model fields of a new game (raises ``ResultInvalid`` for a bad setup)."""
        raise EngineFault(f"{type(self).__name__} has no initial_state")

    def step(self, state: dict, event: dict) -> None:
        """Apply one model event to ``state`` in place (raises ``EventRejected``)."""
        raise EngineFault(f"{type(self).__name__} cannot handle {event['type']!r}")

    def on_end(self, state: dict, event: dict) -> None:
        """Extra work when a referee ends the game."""

    def proposed_report(self, state: dict) -> dict:
        """The report implied by ``state``."""
        raise EngineFault(f"{type(self).__name__} has no proposed_report")


def reject(reason: str, code: str = "rejected") -> EventRejected:
    """Build an ``EventRejected`` (raise the result)."""
    return EventRejected(reason, code)


def whole(event: dict, key: str, default: int | None = None, minimum: int = 0) -> int:
    """Read a whole-number event field, checking its lower bound."""
    value = event.get(key, default)
    n = as_whole_number(value)
    if n is None:
        raise reject(f"{key} must be a whole number, not {value!r}", "bad_event")
    if n < minimum:
        raise reject(f"{key} is {n} but must be at least {minimum}", "bad_event")
    return n


def new_game(model: LiveModel, setup: Any) -> dict:
    """A fresh state for ``setup``."""
    state = model.initial_state(copy.deepcopy(setup))
    state.update(
        engine_state=1,
        system=model.system.key,
        mode=model.mode.key,
        setup=copy.deepcopy(setup),
        events=[],
        status="setup",
        ended_by=None,
    )
    return state


def _apply(model: LiveModel, state: dict, event: Any, index: int) -> None:
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise EventRejected("an event must be an object with a type", "bad_event", index)
    kind = event["type"]
    try:
        expected = len(state["events"]) + 1
        if "seq" in event and event["seq"] != expected:
            raise reject(
                f"event number {event['seq']!r} arrived but {expected} was expected "
                f"(another event was recorded first; reload the game)",
                "sequence",
            )
        allowed = {"start": frozenset(), "end": frozenset({"reason", "fields"})}
        allowed.update(model.event_keys)
        if kind not in allowed:
            raise reject(f"unknown event type {kind!r}", "unknown_event")
        extra = set(event) - META_KEYS - allowed[kind]
        if extra:
            raise reject(f"unknown keys in a {kind} event: {', '.join(sorted(extra))}", "bad_event")
        if state["status"] == "ended":
            raise reject("the game is over; no more events can be recorded", "ended")
        if kind == "start":
            if state["status"] != "setup":
                raise reject("the game has already started", "started")
            state["status"] = "running"
        elif state["status"] == "setup":
            raise reject(
                "the game has not started yet (record the start call first)", "not_started"
            )
        elif kind == "end":
            reason = event.get("reason", model.end_reasons[0])
            if reason not in model.end_reasons:
                raise reject(
                    f"a referee can end this game only for: {', '.join(model.end_reasons)}",
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
    state["events"].append(stored)


def replay(model: LiveModel, setup: Any, events: Any) -> dict:
    """Fold ``events`` over a new game; raises ``EventRejected`` naming the bad event."""
    if not isinstance(events, list):
        raise EventRejected("the event log must be a list", "bad_event")
    state = new_game(model, setup)
    for index, event in enumerate(events):
        _apply(model, state, event, index)
    return state


def as_state(model: LiveModel, state_or_log: Any) -> dict:
    """Rebuild the state from a state or a log (``{"setup": ..., "events": [...]}``)."""
    if not isinstance(state_or_log, dict) or "setup" not in state_or_log:
        raise EngineFault("expected a live state or a log with setup and events")
    for key in ("system", "mode"):
        found = state_or_log.get(key)
        wanted = model.system.key if key == "system" else model.mode.key
        if found is not None and found != wanted:
            raise EngineFault(f"this state belongs to {key} {found!r}, not {wanted!r}")
    return replay(model, state_or_log["setup"], state_or_log.get("events", []))


def apply_event(model: LiveModel, state_or_log: Any, event: Any) -> dict:
    """The new state after ``event`` (the input is left untouched)."""
    state = as_state(model, state_or_log)
    _apply(model, state, event, len(state["events"]))
    return state
