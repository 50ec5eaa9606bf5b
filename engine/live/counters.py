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
            raise ResultInvalid(
                [Problem(None, "sides", "the setup needs a list of sides of an allowed size")]
            )
        problems: list[Problem] = []
        out: dict[str, dict[str, int]] = {}
        for entry in sides:
            side = entry.get("side") if isinstance(entry, dict) else None
            if not isinstance(side, str) or not side or side in out:
                problems.append(Problem(None, "sides", f"bad or repeated side id {side!r}"))
                continue
            start = entry.get("counters") or {}
            values: dict[str, int] = {}
            for name in self.counters:
                n = as_whole_number(start.get(name, 0)) if isinstance(start, dict) else None
                if n is None or n < 0:
                    problems.append(Problem(side, name, f"{name} must start at 0 or more"))
                values[name] = n or 0
            if isinstance(start, dict) and set(start) - set(self.counters):
                problems.append(Problem(side, "counters", "unknown counters in the setup"))
            out[side] = values
        if problems:
            raise ResultInvalid(problems)
        return {"sides": out, "game_fields": {}}

    def step(self, state: JsonObject, event: JsonObject) -> None:
        side = event.get("side")
        if side not in state["sides"]:
            raise reject(f"{side!r} is not a side of this game", "unknown_side")
        counter = event.get("counter", self.counters[0])
        if counter not in self.counters:
            raise reject(f"unknown counter {counter!r}", "bad_event")
        delta = whole(event, "delta", minimum=-(10**9))
        if delta == 0:
            raise reject("delta must not be 0", "bad_event")
        value = state["sides"][side][counter] + delta
        if value < 0:
            raise reject(f"{counter} of {side!r} would drop below 0", "negative")
        state["sides"][side][counter] = value

    def on_end(self, state: JsonObject, event: JsonObject) -> None:
        fields = event.get("fields", {})
        if not isinstance(fields, dict) or "sides" in fields:
            raise reject("fields must be an object of game-level report fields", "bad_event")
        state["game_fields"] = dict(fields)

    def proposed_report(self, state: JsonObject) -> JsonObject:
        if state["status"] == "setup":
            raise reject("the game has not started yet, so there is no result", "not_started")
        sides = [{"side": s, **values} for s, values in state["sides"].items()]
        return {"sides": sides, **state["game_fields"]}
