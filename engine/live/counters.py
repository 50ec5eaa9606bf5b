"""The simple live model: one or more score counters per side, then a finish.

Used by every system without a detailed live model (Eye vs Eye, grid skirmish, Tsukuyumi).

Setup: ``{"sides": [{"side": "<id>", "counters": {"<counter>": <start value>}}, ...]}``
(``counters`` optional: every counter starts at 0).

Events (besides ``start`` and ``end``):

* ``adjust`` - ``side``, ``delta`` (a non-zero whole number, negative to subtract) and
  ``counter`` (defaults to the system's first counter). A counter never goes below 0.
* ``end`` may carry ``fields``: the game-level fields of the report (e.g. ``first_to_100``,
  ``initiative_order``, ``winner``); they are checked when the report is scored.
"""

from __future__ import annotations

from typing import Any

from engine.errors import Problem, ResultInvalid
from engine.fields import as_whole_number
from engine.json_data import JsonObject
from engine.live.log import KeyedSystem, LiveModel, reject, whole
from engine.messages import Sentence
from engine.modes import ModeSpec


class CountersLive(LiveModel):
    """Score counters per side with the shared event-log machinery."""

    end_reasons = ("finished",)
    event_keys = {"adjust": frozenset({"side", "counter", "delta"})}

    def __init__(self, system: KeyedSystem, mode: ModeSpec, counters: tuple[str, ...]) -> None:
        super().__init__(system, mode)
        self.counters = counters

    def initial_state(self, setup: Any) -> JsonObject:
        sides = setup.get("sides") if isinstance(setup, dict) else None
        if not isinstance(sides, list) or len(sides) not in self.mode.side_counts:
            raise ResultInvalid([Problem.coded(None, "sides", Sentence("live_no_sides_allowed"))])
        problems: list[Problem] = []
        out: dict[str, dict[str, int]] = {}
        for entry in sides:
            side = entry.get("side") if isinstance(entry, dict) else None
            if not isinstance(side, str) or not side or side in out:
                problems.append(
                    Problem.coded(None, "sides", Sentence("live_bad_side_id", side=repr(side)))
                )
                continue
            start = entry.get("counters") or {}
            values: dict[str, int] = {}
            for name in self.counters:
                n = as_whole_number(start.get(name, 0)) if isinstance(start, dict) else None
                if n is None or n < 0:
                    problems.append(
                        Problem.coded(side, name, Sentence("live_counter_start", counter=name))
                    )
                values[name] = n or 0
            if isinstance(start, dict) and set(start) - set(self.counters):
                problems.append(Problem.coded(side, "counters", Sentence("live_unknown_counters")))
            out[side] = values
        if problems:
            raise ResultInvalid(problems)
        return {"sides": out, "game_fields": {}}

    def step(self, state: JsonObject, event: JsonObject) -> None:
        side = event.get("side")
        if side not in state["sides"]:
            raise reject(Sentence("live_unknown_side", side=repr(side)), "unknown_side")
        counter = event.get("counter", self.counters[0])
        if counter not in self.counters:
            raise reject(Sentence("live_unknown_counter", counter=repr(counter)), "bad_event")
        delta = whole(event, "delta", minimum=-(10**9))
        if delta == 0:
            raise reject(Sentence("live_zero_delta"), "bad_event")
        value = state["sides"][side][counter] + delta
        if value < 0:
            raise reject(Sentence("live_below_zero", counter=counter, side=repr(side)), "negative")
        state["sides"][side][counter] = value

    def on_end(self, state: JsonObject, event: JsonObject) -> None:
        fields = event.get("fields", {})
        if not isinstance(fields, dict) or "sides" in fields:
            raise reject(Sentence("live_end_fields"), "bad_event")
        state["game_fields"] = dict(fields)

    def proposed_report(self, state: JsonObject) -> JsonObject:
        if state["status"] == "setup":
            raise reject(Sentence("live_not_started_result"), "not_started")
        sides = [{"side": s, **values} for s, values in state["sides"].items()]
        return {"sides": sides, **state["game_fields"]}
