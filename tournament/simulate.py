"""Random legal games, played through the rules engine's live model (pure Python, seeded).

Used by the demo data and the event simulation: instead of inventing numbers, each game is
played as a sequence of random legal events (hits, parries, heals) from "Yarra Mark!" to the
last side standing or the end of the clock, and the engine proposes the result. Whatever the
engine refuses is simply not played, so every result is one the rules allow.
"""

import random

from engine import api as engine_api
from engine.errors import EventRejected

EYE_FOR_AN_EYE = "eye_for_an_eye"
CHIEFS = ("Grublic", "Riparian", "Banksia", "Incendiary", "Pluma", "Echo")


def deal_characters(side_sizes: list[int], rng: random.Random) -> list[list[str]]:
    """Give each player of each side a different chief (there is one figure of each)."""
    chiefs = rng.sample(CHIEFS, sum(side_sizes))
    dealt, start = [], 0
    for size in side_sizes:
        dealt.append(chiefs[start : start + size])
        start += size
    return dealt


def random_battle(
    mode: str, sides: list[tuple[str, int]], rng: random.Random, max_events: int = 60
) -> dict:
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
    state = engine_api.new_game(EYE_FOR_AN_EYE, mode, setup)
    state = engine_api.apply_event(EYE_FOR_AN_EYE, mode, state, {"type": "start"})
    side_of = {c: side for (side, _), chars in zip(sides, dealt, strict=True) for c in chars}
    for _ in range(max_events):
        if state["status"] == "ended":
            break
        standing = [c for c, info in state["characters"].items() if not info["knocked_out"]]
        attacker = rng.choice(standing)
        targets = [c for c in standing if side_of[c] != side_of[attacker]]
        if not targets:
            break
        if rng.random() < 0.12:
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
            state = engine_api.apply_event(EYE_FOR_AN_EYE, mode, state, event)
        except EventRejected:
            continue
    if state["status"] != "ended":
        state = engine_api.apply_event(EYE_FOR_AN_EYE, mode, state, {"type": "end"})
    return engine_api.proposed_report(EYE_FOR_AN_EYE, mode, state)
