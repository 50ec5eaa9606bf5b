"""Live Eye for an Eye: health on the boards, Victory Cups, Guards, Nymphlets and VP.

Setup: ``{"sides": [{"side": "<id>", "characters": ["Grublic", ...]}, ...]}`` (one chief per
player; each chief at most once in the game).

Events (besides ``start`` = "Yarra Mark!" and ``end`` = "Yarra Bung!" / timer):

* ``hit`` - ``attacker``, ``target`` (chiefs), ``hits`` (>= 1, all hits of the attack),
  ``unblockable`` (how many of them cannot be cancelled, default 0), ``cancelled`` (hits
  cancelled by a Parry, at most the blockable ones, default 0), ``guard`` (true = the hit is on
  one of Echo's Guards; ``target`` is then Echo). Each hit that lands moves one Health Token
  from the target's board to the attacker's side's cup; hits beyond the target's last token
  move nothing. At zero health the target is knocked out and becomes the attacker's trophy;
  Echo knocked out takes his Guards off the board. A landed hit on a Guard sends it back to
  Echo's reserve and gives the attacker's cup a Guard Health Token while any of the five remain.
* ``heal`` - ``character``, ``tokens`` (default 1): tokens from the common supply, never above
  the starting health (project decision).
* ``guard_placed`` - ``count`` (default 1): Echo puts Guards from his reserve on the board.
* ``nymphlet_caught`` (Nymphlet Ceremony) - ``catcher``, ``owner`` (chiefs).
* ``scoring`` (King of the Hill, Domination) - a scoring call: ``on`` lists the standing
  characters in a hill space (King of the Hill) or on the called colour (Domination; ``colour``
  names it). Each of them scores 1 VP plus 1 VP for every standing character not among them; the
  engine counts the calls.
* ``vp`` (King of the Hill, Domination) - a referee's override: ``character``, ``points`` (>= 1)
  and a ``reason``.

The game ends by itself when only one side has characters left, or (Nymphlet Ceremony) when no
Nymphlets are left, or, played turn-based (setup ``"timing": "turn_based"``), at King of the
Hill's third scoring and when Domination's six flower cards have all been scored.
"""

from __future__ import annotations

from typing import Any

from engine.errors import Problem, ResultInvalid
from engine.json_data import JsonObject
from engine.live.log import KeyedSystem, LiveModel, reject, whole
from engine.messages import Sentence
from engine.modes import ModeSpec
from engine.systems._eye_characters import (
    ALIASES,
    CHARACTERS,
    ECHO,
    FLOWER_COLOURS,
    GUARD_HEALTH_TOKENS,
    nymphlets_per_player,
)
from engine.systems._eye_families import BATTLE, NYMPHLET, VP, family

K = frozenset
#: turn-based play ends at this scoring call: King of the Hill's third, Domination's sixth card
TURN_BASED_SCORINGS = {"king_of_the_hill": 3, "domination": 6}
MAX_REASON_CHARS = 200


class EyeForAnEyeLive(LiveModel):
    """The live model of every Eye for an Eye mode."""

    def __init__(self, system: KeyedSystem, mode: ModeSpec) -> None:
        super().__init__(system, mode)
        self.family = family(mode)
        keys = {
            "hit": K({"attacker", "target", "hits", "unblockable", "cancelled", "guard"}),
            "heal": K({"character", "tokens"}),
            "guard_placed": K({"count"}),
        }
        if self.family == NYMPHLET:
            keys["nymphlet_caught"] = K({"catcher", "owner"})
        if self.family == VP:
            keys["vp"] = K({"character", "points", "reason"})
            keys["scoring"] = K({"on", "colour"})
            self.end_reasons = ("time", "scoring_complete")
            self.last_scoring = TURN_BASED_SCORINGS.get(mode.key.removesuffix("_alliance"))
        self.event_keys = keys
        self._battle = self.family == BATTLE

    # --- setup ----------------------------------------------------------------------------
    def initial_state(self, setup: Any) -> JsonObject:
        problems: list[Problem] = []
        sides = setup.get("sides") if isinstance(setup, dict) else None
        if not isinstance(sides, list) or not sides:
            raise ResultInvalid([Problem.coded(None, "sides", Sentence("live_no_sides"))])
        state_sides: dict[str, JsonObject] = {}
        chars: dict[str, JsonObject] = {}
        for entry in sides:
            side = entry.get("side") if isinstance(entry, dict) else None
            if not isinstance(side, str) or not side or side in state_sides:
                problems.append(
                    Problem.coded(None, "sides", Sentence("live_bad_side_id", side=repr(side)))
                )
                continue
            names = entry.get("characters")
            if not isinstance(names, list) or len(names) not in self.mode.team_sizes:
                sizes = " or ".join(map(str, self.mode.team_sizes))
                problems.append(
                    Problem.coded(side, "characters", Sentence("live_name_characters", sizes=sizes))
                )
                continue
            state_sides[side] = {"characters": [], "cup": 0, "guard_tokens": 0}
            for raw in names:
                name = _canonical(raw)
                if name is None or name in chars:
                    problems.append(
                        Problem.coded(
                            side, "characters", Sentence("live_unknown_character", name=repr(raw))
                        )
                    )
                    continue
                state_sides[side]["characters"].append(name)
                chars[name] = {
                    "side": side,
                    "health": CHARACTERS[name].health,
                    "knocked_out": False,
                    "trophy_of": None,
                    "trophies": [],
                    "caught": 0,
                    "nymphlets_left": 0,
                    "vp": 0,
                }
        if len(sides) not in self.mode.side_counts:
            problems.append(
                Problem.coded(None, "sides", Sentence("live_sides_not_allowed", count=len(sides)))
            )
        if self.mode.max_players and len(chars) > self.mode.max_players:
            problems.append(Problem.coded(None, "sides", Sentence("live_too_many_players")))
        if problems:
            raise ResultInvalid(problems)
        if self.family == "nymphlet":
            for c in chars.values():
                c["nymphlets_left"] = nymphlets_per_player(len(chars))
        timing = setup.get("timing", "realtime")
        if timing not in ("realtime", "turn_based"):
            raise ResultInvalid([Problem.coded(None, "timing", Sentence("live_timing"))])
        return {
            "sides": state_sides,
            "characters": chars,
            "timing": timing,
            "scorings": 0,
            "guard_tokens_left": GUARD_HEALTH_TOKENS,
            "guards": {"on_board": 0, "reserve": CHARACTERS[ECHO].guards}
            if ECHO in chars
            else None,
        }

    # --- events ---------------------------------------------------------------------------
    def step(self, state: JsonObject, event: JsonObject) -> None:
        getattr(self, "_" + event["type"])(state, event)

    def _hit(self, state: JsonObject, event: JsonObject) -> None:
        attacker = _standing(state, event.get("attacker"), "attacker")
        target = _standing(state, event.get("target"), "target")
        chars = state["characters"]
        if chars[attacker]["side"] == chars[target]["side"]:
            raise reject(Sentence("live_same_side", attacker=attacker, target=target), "own_side")
        hits = whole(event, "hits", minimum=1)
        unblockable = whole(event, "unblockable", 0)
        cancelled = whole(event, "cancelled", 0)
        if unblockable > hits:
            raise reject(
                Sentence("live_unblockable", unblockable=unblockable, hits=hits), "bad_event"
            )
        if cancelled > hits - unblockable:
            raise reject(
                Sentence("live_parry", cancelled=cancelled, blockable=hits - unblockable),
                "too_many_cancelled",
            )
        landed = hits - cancelled
        cup = state["sides"][chars[attacker]["side"]]
        guard = event.get("guard", False)
        if not isinstance(guard, bool):
            raise reject(Sentence("live_guard_flag"), "bad_event")
        if guard:
            guards = state["guards"]
            if target != ECHO or not guards or guards["on_board"] < 1:
                raise reject(Sentence("live_no_guard_to_hit", target=target), "no_guard")
            if landed:
                guards["on_board"] -= 1
                guards["reserve"] += 1
                if state["guard_tokens_left"]:
                    state["guard_tokens_left"] -= 1
                    cup["cup"] += 1
                    cup["guard_tokens"] += 1
            return
        victim = chars[target]
        moved = min(landed, victim["health"])
        victim["health"] -= moved
        cup["cup"] += moved
        if victim["health"] == 0:
            victim["knocked_out"] = True
            victim["trophy_of"] = attacker
            chars[attacker]["trophies"].append(target)
            if target == ECHO:
                state["guards"] = {"on_board": 0, "reserve": 0}
            left = {c["side"] for c in chars.values() if not c["knocked_out"]}
            if len(left) == 1:
                state["status"], state["ended_by"] = "ended", "last_side_standing"

    def _heal(self, state: JsonObject, event: JsonObject) -> None:
        name = _standing(state, event.get("character"), "character")
        tokens = whole(event, "tokens", 1, minimum=1)
        c = state["characters"][name]
        start = CHARACTERS[name].health
        if c["health"] + tokens > start:
            raise reject(
                Sentence(
                    "live_overheal", name=name, health=c["health"], start=start, tokens=tokens
                ),
                "overheal",
            )
        c["health"] += tokens

    def _guard_placed(self, state: JsonObject, event: JsonObject) -> None:
        count = whole(event, "count", 1, minimum=1)
        guards = state["guards"]
        if not guards or state["characters"][ECHO]["knocked_out"]:
            raise reject(Sentence("live_echo_absent"), "no_guard")
        if guards["reserve"] < count:
            raise reject(Sentence("live_guards_left", count=guards["reserve"]), "no_guard")
        guards["reserve"] -= count
        guards["on_board"] += count

    def _nymphlet_caught(self, state: JsonObject, event: JsonObject) -> None:
        catcher = _standing(state, event.get("catcher"), "catcher")
        owner = _known(state, event.get("owner"), "owner")
        chars = state["characters"]
        if chars[catcher]["side"] == chars[owner]["side"]:
            raise reject(Sentence("live_own_nymphlets"), "own_side")
        if chars[owner]["nymphlets_left"] < 1:
            raise reject(Sentence("live_no_nymphlet", owner=owner), "no_nymphlet")
        chars[owner]["nymphlets_left"] -= 1
        chars[catcher]["caught"] += 1
        if not any(c["nymphlets_left"] for c in chars.values()):
            state["status"], state["ended_by"] = "ended", "no_nymphlets"

    def _vp(self, state: JsonObject, event: JsonObject) -> None:
        name = _standing(state, event.get("character"), "character")
        reason = event.get("reason")
        if not isinstance(reason, str) or not reason.strip() or len(reason) > MAX_REASON_CHARS:
            raise reject(
                Sentence("live_vp_reason", most=MAX_REASON_CHARS),
                "reason_needed",
            )
        state["characters"][name]["vp"] += whole(event, "points", minimum=1)

    def _scoring(self, state: JsonObject, event: JsonObject) -> None:
        on = event.get("on")
        if not isinstance(on, list):
            raise reject(Sentence("live_scorers_list"), "bad_event")
        scorers = []
        for raw in on:
            name = _standing(state, raw, "character")
            if name in scorers:
                raise reject(Sentence("live_listed_twice", name=name), "bad_event")
            scorers.append(name)
        colour = event.get("colour")
        if colour is not None and colour not in FLOWER_COLOURS:
            raise reject(Sentence("live_colour", colours=", ".join(FLOWER_COLOURS)), "bad_event")
        standing = [n for n, c in state["characters"].items() if not c["knocked_out"]]
        worth = 1 + len(standing) - len(scorers)
        for name in scorers:
            state["characters"][name]["vp"] += worth
        state["scorings"] = state.get("scorings", 0) + 1
        if (
            state.get("timing") == "turn_based"
            and self.last_scoring is not None
            and state["scorings"] >= self.last_scoring
        ):
            state["status"], state["ended_by"] = "ended", "scoring_complete"

    # --- report ---------------------------------------------------------------------------
    def proposed_report(self, state: JsonObject) -> JsonObject:
        if state["status"] == "setup":
            raise reject(Sentence("live_not_started_result"), "not_started")
        out = []
        for side, s in state["sides"].items():
            members = [state["characters"][n] for n in s["characters"]]
            standing = [m for m in members if not m["knocked_out"]]
            row = {
                "side": side,
                "survivors": len(standing),
                "health_left": sum(m["health"] for m in standing),
                "characters": list(s["characters"]),
            }
            if self._battle:
                row.update(victory_cup_tokens=s["cup"], guard_tokens=s["guard_tokens"])
            elif self.family == "nymphlet":
                row["nymphlets_caught"] = sum(m["caught"] for m in standing)
                row["nymphlets_caught_by_fallen"] = sum(
                    m["caught"] for m in members if m["knocked_out"]
                )
            else:
                row["vp_scored"] = sum(m["vp"] for m in members)
            out.append(row)
        return {"sides": out, "ended_by": state["ended_by"] or "time"}


def _canonical(raw: object) -> str | None:
    if not isinstance(raw, str):
        return None
    wanted = raw.strip().lower()
    for name in CHARACTERS:
        if name.lower() == wanted:
            return name
    return ALIASES.get(wanted)


def _known(state: JsonObject, raw: object, role: str) -> str:
    name = _canonical(raw)
    if name is None or name not in state["characters"]:
        raise reject(
            Sentence("live_not_a_character", role=role, name=repr(raw)), "unknown_character"
        )
    return name


def _standing(state: JsonObject, raw: object, role: str) -> str:
    name = _known(state, raw, role)
    if state["characters"][name]["knocked_out"]:
        raise reject(Sentence("live_knocked_out", name=name), "knocked_out")
    return name
