"""Issue 12.10: a live game cannot grow without bound, and applying an event costs the same at
the end of a long game as at its start (snapshot + one event, never a replay of the log)."""

import random

import pytest

from engine import api
from engine.errors import EngineFault, EventRejected
from engine.live import log as live_log
from tests.engine.helpers import EFAE

SETUP = {
    "sides": [
        {"side": "a", "characters": ["Grublic"]},
        {"side": "b", "characters": ["Riparian"]},
    ]
}


def random_events(rng: random.Random, count: int) -> list[dict]:
    events: list[dict] = [{"type": "start"}]
    for _ in range(count):
        if rng.random() < 0.5:
            events.append({"type": "hit", "attacker": "Grublic", "target": "Riparian", "hits": 1})
        else:
            events.append({"type": "heal", "character": "Riparian", "tokens": 1})
        events[-1]["note"] = "x" * rng.randint(0, live_log.MAX_NOTE_CHARS)
    return events


@pytest.mark.parametrize("seed", range(5))
def test_advancing_a_snapshot_gives_what_a_full_replay_gives(seed):
    rng = random.Random(seed)
    full = api.new_game(EFAE, "every_eye", SETUP)
    snap = api.snapshot(full)
    for event in random_events(rng, 60):
        try:
            full = api.apply_event(EFAE, "every_eye", full, event)
        except EventRejected as refused:
            with pytest.raises(EventRejected) as again:
                api.advance(EFAE, "every_eye", snap, event)
            assert again.value.code == refused.code
            continue
        snap, stored = api.advance(EFAE, "every_eye", snap, event)
        assert stored == full["events"][-1]
        assert snap == api.snapshot(full)
        assert "events" not in snap and snap["event_count"] == len(full["events"])
    assert api.proposed_report(EFAE, "every_eye", snap) == api.proposed_report(
        EFAE, "every_eye", full
    )


def test_a_game_holds_at_most_max_events():
    snap = api.snapshot(api.apply_event(EFAE, "every_eye", api.new_game(EFAE, "every_eye", SETUP),
                                        {"type": "start"}))  # fmt: skip
    snap["event_count"] = live_log.MAX_EVENTS
    with pytest.raises(EventRejected) as refused:
        api.advance(EFAE, "every_eye", snap, {"type": "heal", "character": "Grublic"})
    assert refused.value.code == "too_many_events"
    assert str(live_log.MAX_EVENTS) in refused.value.reason


@pytest.mark.parametrize(
    "metadata",
    [
        {"note": "x" * (live_log.MAX_NOTE_CHARS + 1)},
        {"note": ["not", "text"]},
        {"by": "y" * (live_log.MAX_BY_CHARS + 1)},
        {"at": {"nested": True}},
        {"at": True},
    ],
)
def test_event_metadata_is_small_and_plain(metadata):
    state = api.apply_event(EFAE, "every_eye", api.new_game(EFAE, "every_eye", SETUP),
                            {"type": "start"})  # fmt: skip
    event = {"type": "hit", "attacker": "Grublic", "target": "Riparian", "hits": 1, **metadata}
    with pytest.raises(EventRejected) as refused:
        api.apply_event(EFAE, "every_eye", state, event)
    assert refused.value.code == "bad_event"


def test_advance_needs_a_snapshot_this_engine_made():
    with pytest.raises(EngineFault):
        api.advance(EFAE, "every_eye", {"setup": SETUP, "status": "running"}, {"type": "end"})
