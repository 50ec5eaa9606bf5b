"""Free-for-all pods: seating, repeats, Swiss quality, determinism, explanation."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.algorithms.helpers import brute_min_repeats, count_repeats, max_met, play, random_history
from tests.hypothesis_profiles import examples
from tournament.logic.pairing import (
    FLOWERS,
    PairingError,
    PairingOptions,
    Side,
    pair_pods,
    pod_sizes,
)

METHODS = st.sampled_from(["random", "swiss"])


def check_well_formed(pairing, sides, preferred=4):
    ids = [s.id for s in sides]
    seated = [x for pod in pairing.pods for x in pod.sides]
    assert sorted(seated) == sorted(ids)  # everyone exactly once
    assert sorted(len(p.sides) for p in pairing.pods) == sorted(pod_sizes(len(ids), preferred))
    assert [p.table for p in pairing.pods] == list(range(1, len(pairing.pods) + 1))
    for pod in pairing.pods:
        assert len(pod.flowers) == len(pod.sides)
        assert len(set(pod.flowers)) == len(pod.flowers)
        assert set(pod.flowers) <= set(FLOWERS)
    assert pairing.repeats == count_repeats(pairing, sides)
    assert pairing.repeats == sum(len(p.repeats) for p in pairing.pods)
    assert pairing.spread >= pairing.spread_bound
    json.dumps(pairing.explanation)


@settings(max_examples=examples(150), deadline=None)
@given(
    n=st.integers(2, 80),
    rounds=st.integers(0, 6),
    seed=st.integers(0, 10**6),
    method=METHODS,
    preferred=st.sampled_from([3, 4]),
)
def test_everyone_seated_once_in_specified_pods(n, rounds, seed, method, preferred):
    sides = random_history(n, rounds, seed)
    pairing = pair_pods(sides, PairingOptions(method, preferred, seed, rounds + 1))
    check_well_formed(pairing, sides, preferred)


@settings(max_examples=examples(150), deadline=None)
@given(
    r=st.integers(2, 6),
    extra=st.integers(0, 40),
    seed=st.integers(0, 10**6),
    method=METHODS,
)
def test_zero_repeats_from_12r_minus_11_sides(r, extra, seed, method):
    """Before round r at most 3(r-1) opponents each; n >= 12r-11 -> no repeats."""
    n = 12 * r - 11 + extra
    sides = random_history(n, r - 1, seed)
    assert max_met(sides) <= 3 * (r - 1)
    pairing = pair_pods(sides, PairingOptions(method, 4, seed, r))
    check_well_formed(pairing, sides)
    assert pairing.repeats == 0
    assert pairing.explanation["zero_repeats_guaranteed"] is True


@settings(max_examples=examples(40), deadline=None)
@given(n=st.integers(30, 90), seed=st.integers(0, 10**6), method=METHODS)
def test_zero_repeats_round_after_round_with_drops_and_late_entries(n, seed, method):
    """Five rounds played with our own pairings; one drop and one late entry a round."""
    rng = random.Random(seed)
    sides = [Side(f"p{i:03d}") for i in range(n)]
    for r in range(1, 6):
        pairing = pair_pods(sides, PairingOptions(method, 4, rng.randrange(10**9), r))
        check_well_formed(pairing, sides)
        if len(pod_sizes(len(sides))) >= max_met(sides) + 1:
            assert pairing.repeats == 0
        sides = play(pairing, sides, rng)
        sides.pop(rng.randrange(len(sides)))  # a drop
        sides.append(Side(f"late{r}"))  # a late entry: no opponents, 0 points


@settings(max_examples=examples(150), deadline=None)
@given(
    n=st.integers(5, 16),
    rounds=st.integers(2, 7),
    seed=st.integers(0, 10**6),
    method=METHODS,
    preferred=st.sampled_from([3, 4]),
)
def test_fewest_repeats_on_small_fields(n, rounds, seed, method, preferred):
    """An independent exhaustive search confirms the repeats are the fewest possible."""
    sides = random_history(n, rounds, seed, preferred)
    pairing = pair_pods(sides, PairingOptions(method, preferred, seed, rounds + 1))
    check_well_formed(pairing, sides, preferred)
    assert pairing.repeats == brute_min_repeats(sides, pod_sizes(n, preferred))
    if pairing.repeats:
        reason = pairing.explanation["repeat_reason"]
        assert f"field of {n} in round {rounds + 1}" in reason
        assert "exhaustive search" in reason


def test_nine_players_round_four_reason():
    """Three rounds of triples from the affine plane AG(2,3) leave a fourth parallel class:
    round 4 is repeat-free; round 5 cannot be (every side has met all 8 others)."""
    grid = [[f"x{r}{c}" for c in range(3)] for r in range(3)]
    classes = [
        [[grid[r][c] for c in range(3)] for r in range(3)],
        [[grid[r][c] for r in range(3)] for c in range(3)],
        [[grid[i][(i + k) % 3] for i in range(3)] for k in range(3)],
        [[grid[i][(k - i) % 3] for i in range(3)] for k in range(3)],
    ]

    def history(rounds):
        met = {x: set() for row in grid for x in row}
        for cls in classes[:rounds]:
            for pod in cls:
                for x in pod:
                    met[x].update(y for y in pod if y != x)
        return [Side(x, 0, frozenset(m)) for x, m in sorted(met.items())]

    round4 = pair_pods(history(3), PairingOptions("random", 4, 1, 4))
    assert round4.repeats == 0
    round5 = pair_pods(history(4), PairingOptions("random", 4, 1, 5))
    assert round5.repeats == 9
    reason = round5.explanation["repeat_reason"]
    assert reason.startswith("field of 9 in round 5: every side has already met 8 of the other 8")


@settings(max_examples=examples(40), deadline=None)
@given(n=st.integers(2, 60), rounds=st.integers(0, 5), seed=st.integers(0, 10**6), method=METHODS)
def test_same_seed_same_round_whatever_the_input_order(n, rounds, seed, method):
    sides = random_history(n, rounds, seed)
    options = PairingOptions(method, 4, seed, rounds + 1)
    first = pair_pods(sides, options)
    shuffled = sides[:]
    random.Random(seed + 1).shuffle(shuffled)
    again = pair_pods(shuffled, options)
    assert first == again
    assert first.explanation == again.explanation


def test_different_seeds_differ():
    sides = [Side(f"p{i}") for i in range(40)]
    a = pair_pods(sides, PairingOptions("random", 4, 1))
    b = pair_pods(sides, PairingOptions("random", 4, 2))
    assert a.pods != b.pods


@settings(max_examples=examples(40), deadline=None)
@given(points=st.lists(st.integers(0, 20), min_size=2, max_size=60), seed=st.integers(0, 999))
def test_swiss_without_history_reaches_the_bound(points, seed):
    sides = [Side(f"p{i:02d}", p) for i, p in enumerate(points)]
    pairing = pair_pods(sides, PairingOptions("swiss", 4, seed, 2))
    check_well_formed(pairing, sides)
    assert pairing.spread == pairing.spread_bound
    top = max(points)
    assert top in {s.points for s in sides if s.id in pairing.pods[0].sides}
    groups = pairing.explanation["points_groups"]
    assert groups == {str(p): c for p, c in sorted(Counter(points).items(), reverse=True)}


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 10**6))
def test_swiss_spread_within_ten_percent_at_1000(seed):
    rng = random.Random(seed)
    sides = [Side(f"p{i:04d}") for i in range(1000)]
    for r in range(1, 6):
        pairing = pair_pods(sides, PairingOptions("swiss", 4, rng.randrange(10**9), r))
        assert pairing.repeats == 0
        assert pairing.spread <= pairing.spread_bound * 1.1 + 1e-9
        sides = play(pairing, sides, rng)


def test_swiss_tables_follow_points():
    sides = [Side(f"p{i:02d}", points=i) for i in range(16)]
    pairing = pair_pods(sides, PairingOptions("swiss", 4, 7, 3))
    tops = [max(int(x[1:]) for x in pod.sides) for pod in pairing.pods]
    assert tops == [15, 11, 7, 3]


def test_explanation_record():
    sides = random_history(30, 2, 5)
    pairing = pair_pods(sides, PairingOptions("swiss", 4, 99, 3))
    e = pairing.explanation
    assert e["seed"] == 99 and e["method"] == "swiss" and e["round"] == 3
    assert e["pod_sizes"] == {"4": 6, "3": 2}
    assert e["repeats"] == 0 and e["repeat_pairs"] == []
    assert e["spread"] == pairing.spread and e["spread_bound"] == pairing.spread_bound
    assert sum(e["points_groups"].values()) == 30


def test_errors():
    with pytest.raises(PairingError, match="at least two"):
        pair_pods([Side("a")])
    with pytest.raises(PairingError, match="at least two"):
        pair_pods([])
    with pytest.raises(PairingError, match="twice"):
        pair_pods([Side("a"), Side("a"), Side("b")])
    with pytest.raises(PairingError, match="method"):
        pair_pods([Side("a"), Side("b")], PairingOptions(method="dutch"))
    with pytest.raises(PairingError, match="preferred"):
        pair_pods([Side("a"), Side("b")], PairingOptions(preferred_size=6))


def test_two_and_five_players():
    two = pair_pods([Side("a"), Side("b")])
    assert [len(p.sides) for p in two.pods] == [2]
    five = pair_pods([Side(x) for x in "abcde"])
    assert sorted(len(p.sides) for p in five.pods) == [2, 3]


@settings(max_examples=examples(25), deadline=None)
@given(n=st.integers(5, 40), rounds=st.integers(6, 14), seed=st.integers(0, 10**6), method=METHODS)
def test_the_repeat_reason_claims_a_minimum_only_when_it_is_proven(n, rounds, seed, method):
    """Issue 13.4: one explanation said both "cannot keep every pair apart" and "not proven
    minimal". Now it says one true thing: proven by the exhaustive search, or not proven."""
    sides = random_history(n, rounds, seed)
    pairing = pair_pods(sides, PairingOptions(method, 4, seed, rounds + 1))
    if not pairing.repeats:
        assert "repeat_reason" not in pairing.explanation
        return
    reason = pairing.explanation["repeat_reason"]
    proven = pairing.explanation["repair"] == "exact search"
    assert ("cannot keep" in reason) == proven
    assert ("fewest possible" in reason and "not proven" not in reason) == proven
    assert ("not proven" in reason) == (not proven)
