"""Random legal games, played through the rules engine's live model (pure Python, seeded).

Used by the demo data and the event simulation: instead of inventing numbers, each game is
played as a sequence of random legal events (hits, parries, heals, and in King of the Hill and
Domination the scoring calls) from "Yarra Mark!" to the last side standing or the end of the
clock, and the engine proposes the result. Whatever the engine refuses is simply not played, so
every result is one the rules allow. Eye vs Eye games are dealt as random Viewpoint totals,
Tsukuyumi games as random VP (a two-player game's within its victory cards' bound) and a random
final initiative order.
"""

import random

from engine import api as engine_api
from engine.errors import EventRejected
from engine.json_data import JsonObject

EYE_FOR_AN_EYE = "eye_for_an_eye"
EYE_VS_EYE = "eye_vs_eye"
TSUKUYUMI = "tsukuyumi"
#: the most VP a simulated Tsukuyumi side scores (below every mode's bound)
TSUKUYUMI_MOST_VP = 30
#: Eye for an Eye modes whose tables make scoring calls
CALLING_MODES = ("king_of_the_hill", "domination")
CHIEFS = ("Grublic", "Riparian", "Banksia", "Incendiary", "Pluma", "Echo")


def deal_characters(side_sizes: list[int], rng: random.Random) -> list[list[str]]:
    """Give each player of each side a different chief (there is one figure of each)."""
    chiefs = rng.sample(CHIEFS, sum(side_sizes))
    dealt: list[list[str]] = []
    start = 0
    for size in side_sizes:
        dealt.append(chiefs[start : start + size])
        start += size
    return dealt


def play(mode: str, state: JsonObject, event: JsonObject) -> JsonObject:
    """The snapshot after one more event of an Eye for an Eye game (``EventRejected`` if the
    rules refuse it)."""
    return engine_api.advance(EYE_FOR_AN_EYE, mode, state, event)[0]


def random_battle(
    mode: str, sides: list[tuple[str, int]], rng: random.Random, max_events: int = 60
) -> JsonObject:
    """Play one random Eye for an Eye battle (Every Eye / Alliances) and return its report.

    ``sides`` lists (side id, players on that side). The game ends when one side is left or
    after ``max_events`` attempted actions, which stands for the clock running out.
    """
    dealt = deal_characters([size for _, size in sides], rng)
    setup = {
        "sides": [
            {"side": side, "characters": chars}
            for (side, _), chars in zip(sides, dealt, strict=True)
        ]
    }
    # the state without its log, advanced one event at a time: each event costs the same
    # however long the game is (``apply_event`` replays the whole log every time)
    state = engine_api.snapshot(engine_api.new_game(EYE_FOR_AN_EYE, mode, setup))
    state = play(mode, state, {"type": "start"})
    side_of = {c: side for (side, _), chars in zip(sides, dealt, strict=True) for c in chars}
    calls = mode.removesuffix("_alliance") in CALLING_MODES
    catches = mode.startswith("nymphlet")
    for _ in range(max_events):
        if state["status"] == "ended":
            break
        standing = [c for c, info in state["characters"].items() if not info["knocked_out"]]
        attacker = rng.choice(standing)
        targets = [c for c in standing if side_of[c] != side_of[attacker]]
        if not targets:
            break
        event: JsonObject
        if calls and rng.random() < 0.15:
            scorers = rng.sample(standing, rng.randint(0, min(2, len(standing))))
            event = {"type": "scoring", "on": scorers}
        elif catches and rng.random() < 0.2:
            event = {"type": "nymphlet_caught", "catcher": attacker, "owner": rng.choice(targets)}
        elif rng.random() < 0.12:
            event = {"type": "heal", "character": attacker, "tokens": 1}
        else:
            hits = rng.choice((1, 1, 2, 2, 3, 4))
            event = {
                "type": "hit",
                "attacker": attacker,
                "target": rng.choice(targets),
                "hits": hits,
                "cancelled": rng.randint(0, hits // 2),
            }
        try:
            state = play(mode, state, event)
        except EventRejected:
            continue
    if state["status"] != "ended":
        state = play(mode, state, {"type": "end"})
    return engine_api.proposed_report(EYE_FOR_AN_EYE, mode, state)


def random_game(
    system: str, mode: str, sides: list[tuple[str, int]], rng: random.Random
) -> JsonObject:
    """A random legal report for any system the simulation plays (see the module docstring)."""
    if system == EYE_FOR_AN_EYE:
        return random_battle(mode, sides, rng)
    if system == EYE_VS_EYE:
        points = {side: rng.randint(20, 99) for side, _ in sides}
        winner = rng.choice([side for side, _ in sides]) if rng.random() < 0.6 else None
        if winner is not None:
            points[winner] = rng.randint(100, 120)
        report: JsonObject = {
            "sides": [{"side": side, "viewpoints": points[side]} for side, _ in sides]
        }
        if winner is not None:
            report["first_to_100"] = winner
        return report
    if system == TSUKUYUMI:
        return random_tsukuyumi([side for side, _ in sides], rng)
    raise ValueError(f"the simulation does not play {system!r}")


def random_tsukuyumi(sides: list[str], rng: random.Random) -> JsonObject:
    """A Tsukuyumi report: each player's VP and the final initiative order (which breaks ties)."""
    order = rng.sample(sides, len(sides))
    return {
        "sides": [{"side": side, "vp": rng.randint(0, TSUKUYUMI_MOST_VP)} for side in sides],
        "initiative_order": list(order),
    }
