"""The clock's scoring calls as pure maths: seeded times in game time, Domination's flower deck."""

from collections import Counter

import pytest

from engine.api import FLOWER_COLOURS
from tournament.logic.scoring_calls import (
    MAX_GAP_SECONDS,
    MIN_GAP_SECONDS,
    CallPlan,
    gap_errors,
)


def domination(seed=11, low=45, high=90):
    return CallPlan("Burraparay!", seed, low, high, FLOWER_COLOURS)


def test_the_same_seed_gives_the_same_calls_and_another_seed_other_calls():
    first = domination().calls_before(3_600_000)
    assert first == domination().calls_before(3_600_000)
    assert first != domination(seed=12).calls_before(3_600_000)
    assert CallPlan.from_dict(domination().as_dict()) == domination()


@pytest.mark.parametrize("seed", range(20))
def test_gaps_stay_in_the_organisers_range_in_whole_seconds(seed):
    calls = domination(seed, 45, 90).calls_before(7_200_000)
    times = [0] + [call.at_ms for call in calls]
    gaps = [b - a for a, b in zip(times, times[1:], strict=False)]
    assert gaps and all(45_000 <= gap <= 90_000 and gap % 1000 == 0 for gap in gaps)
    assert [call.number for call in calls] == list(range(1, len(calls) + 1))


def test_a_fixed_gap_calls_like_a_metronome():
    calls = domination(low=60, high=60).calls_before(300_000)
    assert [call.at_ms for call in calls] == [60_000, 120_000, 180_000, 240_000]


def test_no_call_at_the_very_end_of_the_game():
    calls = domination(low=60, high=60).calls_before(240_000)
    assert [call.at_ms for call in calls] == [60_000, 120_000, 180_000]


@pytest.mark.parametrize("seed", range(10))
def test_each_call_scores_the_face_up_flower_and_turns_the_next(seed):
    plan = domination(seed, 10, 10)
    calls = plan.calls_before(10_000 * 31)  # 30 calls: five times through the deck
    assert calls[0].colour == plan.opening_colour()
    for before, after in zip(calls, calls[1:], strict=False):
        assert after.colour == before.next_colour
    # the deck: the opening card and the first five turned are all six flowers, and so on
    turned = [plan.opening_colour()] + [call.next_colour for call in calls]
    for start in range(0, 30, 6):
        assert sorted(turned[start : start + 6]) == sorted(FLOWER_COLOURS)


def test_the_deck_is_shuffled_differently_by_different_seeds():
    openings = Counter(domination(seed).opening_colour() for seed in range(300))
    assert set(openings) == set(FLOWER_COLOURS)
    assert min(openings.values()) > 20  # about 50 each


def test_king_of_the_hill_names_no_colour():
    plan = CallPlan("King of the Hill!", 5, 30, 60)
    calls = plan.calls_before(300_000)
    assert calls and all(c.colour is None and c.next_colour is None for c in calls)
    assert plan.opening_colour() is None


def test_window_counts_calls_made_and_lists_those_to_come():
    plan = domination(low=60, high=60)
    start = plan.window(0, 300_000)
    assert (start["made"], start["last"], start["more"]) == (0, None, False)
    assert start["current_colour"] == start["colour_at_start"] == plan.opening_colour()
    assert [c["at_ms"] for c in start["upcoming"]] == [60_000, 120_000, 180_000, 240_000]
    # at exactly a call's time it counts as made
    mid = plan.window(120_000, 300_000)
    assert mid["made"] == 2 and mid["last"]["at_ms"] == 120_000
    assert mid["current_colour"] == mid["last"]["next_colour"]
    assert [c["number"] for c in mid["upcoming"]] == [3, 4]
    # an extension adds calls at the end; the earlier ones stay where they were
    longer = plan.window(120_000, 420_000)
    assert [c["at_ms"] for c in longer["upcoming"]] == [180_000, 240_000, 300_000, 360_000]


def test_window_sends_at_most_the_limit_and_says_there_are_more():
    window = domination(low=10, high=10).window(0, 7_200_000, limit=30)
    assert len(window["upcoming"]) == 30 and window["more"] is True
    last = domination(low=10, high=10).window(7_200_000 - 25_000, 7_200_000, limit=30)
    assert len(last["upcoming"]) == 2 and last["more"] is False


@pytest.mark.parametrize(
    ("low", "high", "message"),
    [
        (MIN_GAP_SECONDS - 1, 60, "between"),
        (30, MAX_GAP_SECONDS + 1, "between"),
        (90, 45, "cannot be longer"),
        (True, 60, "whole number"),
        (30.5, 60, "whole number"),
        ("30", 60, "whole number"),
        (None, None, "whole number"),
        (2**63, 2**64, "between"),
    ],
)
def test_bad_gap_ranges_are_named(low, high, message):
    errors = gap_errors(low, high)
    assert errors and any(message in error for error in errors)


def test_good_gap_ranges_pass():
    assert gap_errors(MIN_GAP_SECONDS, MAX_GAP_SECONDS) == []
    assert gap_errors(60, 60) == []
