"""Issue 17, rating as seeding: the pure seeding of pods by the sides' strengths (no database).

Spread puts the strongest at different tables (one side from each pot of strengths at every
table); similar seats consecutive strengths together, table 1 the strongest. Both keep every
guarantee of the pairing (everyone seated once, the pod sizes, no repeats when the field allows
it, alliance byes) and are deterministic for a given seed.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leagues.logic.rating import Rating, RatingRun, side_strength, whole_percentages
from tests.algorithms.helpers import count_repeats, play, random_history
from tests.algorithms.test_pairing_pods import check_well_formed
from tests.hypothesis_profiles import examples
from tournament.logic.pairing import (
    AllianceOptions,
    PairingError,
    PairingOptions,
    Side,
    pair_alliances,
    pair_pods,
    pod_sizes,
    seeded_pods,
)
from tournament.logic.pairing.seeding import pot_sizes


def rated(n: int, seed: int = 0) -> list[Side]:
    """``n`` sides with distinct strengths in a shuffled id order (s00 not the strongest)."""
    rng = random.Random(seed)
    strengths = [float(i) for i in range(n)]
    rng.shuffle(strengths)
    return [Side(f"s{i:02d}", strength=strengths[i]) for i in range(n)]


def strength_rank(sides: list[Side]) -> dict[str, int]:
    """Side id -> 0 for the strongest, 1 for the next, ..."""
    ordered = sorted(sides, key=lambda s: -s.strength)
    return {side.id: rank for rank, side in enumerate(ordered)}


# --- the pure ordering ---------------------------------------------------------------------------


def test_pots_give_one_side_to_each_pod_that_still_has_a_seat():
    assert pot_sizes([4, 4, 3]) == [3, 3, 3, 2]
    assert pot_sizes([3, 2]) == [2, 2, 1]
    assert pot_sizes([2]) == [1, 1]
    assert sum(pot_sizes(pod_sizes(23))) == 23


def test_spread_deals_one_side_of_each_pot_to_every_pod():
    strengths = [float(s) for s in range(11)]
    order = list(range(11))
    pods = seeded_pods(order, strengths, [4, 4, 3], "spread", random.Random(5))
    assert sorted(len(p) for p in pods) == [3, 4, 4]
    ranks = sorted(order, key=lambda i: -strengths[i])
    pot_of = {side: rank // 3 for rank, side in enumerate(ranks)}  # pots of 3, then 2
    for pod in pods:
        assert sorted(pot_of[side] for side in pod) == list(range(len(pod)))


def test_similar_cuts_the_strength_order_into_consecutive_pods():
    strengths = [3.0, 9.0, 1.0, 7.0, 5.0, 8.0, 2.0]
    pods = seeded_pods(range(7), strengths, [4, 3], "similar", random.Random(1))
    assert pods == [[1, 5, 3, 4], [0, 6, 2]]


def test_equal_strengths_keep_the_seeded_draw_order():
    order = [4, 2, 0, 3, 1]
    pods = seeded_pods(order, [25.0] * 5, [3, 2], "similar", random.Random(0))
    assert pods == [[4, 2, 0], [3, 1]]


def test_spread_moves_an_earlier_pick_when_that_lets_a_side_dodge_its_opponent():
    x, y, p, q = range(4)  # x, y the pot of the strongest; q has met y, p has met nobody
    strengths = [10.0, 9.0, 2.0, 1.0]

    def met(a, b):
        return {a, b} == {q, y}

    for seed in range(12):
        pods = seeded_pods([p, q, x, y], strengths, [2, 2], "spread", random.Random(seed), met)
        assert sorted(map(sorted, pods)) == [[x, q], [y, p]]


def test_unknown_style_or_wrong_sizes_are_refused():
    with pytest.raises(PairingError, match="unknown seeding"):
        seeded_pods([0, 1], [1.0, 2.0], [2], "strongest", random.Random(0))
    with pytest.raises(PairingError, match="do not add up"):
        seeded_pods([0, 1, 2], [1.0, 2.0, 3.0], [2], "spread", random.Random(0))
    with pytest.raises(PairingError, match="unknown seeding"):
        pair_pods(rated(8), PairingOptions(seeding="Spread"))
    with pytest.raises(PairingError, match="unknown seeding"):
        pair_alliances(rated(4), AllianceOptions(seeding="best"))


# --- pods seeded by pair_pods --------------------------------------------------------------------


@settings(max_examples=examples(80), deadline=None)
@given(
    n=st.integers(2, 60), seed=st.integers(0, 10**6), method=st.sampled_from(["random", "swiss"])
)
def test_spread_round_one_puts_the_top_seeds_at_different_tables(n, seed, method):
    sides = rated(n, seed)
    pairing = pair_pods(sides, PairingOptions(method=method, seed=seed, seeding="spread"))
    check_well_formed(pairing, sides)
    rank = strength_rank(sides)
    pods = len(pairing.pods)
    tops = [[s for s in pod.sides if rank[s] < pods] for pod in pairing.pods]
    assert all(len(top) == 1 for top in tops)  # one of the strongest at every table
    for pod in pairing.pods:  # and one side of every pot
        pots = sorted(rank[s] // pods for s in pod.sides)
        assert pots == list(range(len(pod.sides)))
    assert pairing.explanation["seeding"]["applied"] is True


@settings(max_examples=examples(80), deadline=None)
@given(
    n=st.integers(2, 60), seed=st.integers(0, 10**6), method=st.sampled_from(["random", "swiss"])
)
def test_similar_round_one_groups_tables_by_strength_table_one_strongest(n, seed, method):
    sides = rated(n, seed)
    pairing = pair_pods(sides, PairingOptions(method=method, seed=seed, seeding="similar"))
    check_well_formed(pairing, sides)
    strength = {s.id: s.strength for s in sides}
    tables = [sorted((strength[s] for s in pod.sides), reverse=True) for pod in pairing.pods]
    for upper, lower in zip(tables, tables[1:], strict=False):
        assert upper[-1] > lower[0]  # every side of a table outranks every side below it


def test_seeding_is_deterministic_and_ignores_the_input_order():
    sides = [replace(s, strength=float(i % 4)) for i, s in enumerate(rated(22, 3))]
    options = PairingOptions(seed=77, seeding="spread")
    first = pair_pods(sides, options)
    assert pair_pods(list(reversed(sides)), options) == first
    assert first.explanation == pair_pods(sides, options).explanation
    others = {pair_pods(sides, replace(options, seed=s)).pods for s in range(6)}
    assert len(others) > 1  # equal strengths are still drawn by the seed


def test_seeding_off_ignores_the_strengths():
    sides = rated(17, 4)
    plain = [replace(s, strength=0.0) for s in sides]
    options = PairingOptions(seed=9)
    assert pair_pods(sides, options) == pair_pods(plain, options)
    assert "seeding" not in pair_pods(sides, options).explanation


def test_a_later_swiss_round_is_paired_by_points_not_by_rating():
    sides = random_history(16, 2, seed=8)
    strong = [replace(s, strength=float(i)) for i, s in enumerate(sides)]
    for style in ("spread", "similar"):
        options = PairingOptions(method="swiss", seed=5, round_number=3, seeding=style)
        seeded = pair_pods(strong, options)
        assert seeded.pods == pair_pods(sides, replace(options, seeding="off")).pods
        assert seeded.explanation["seeding"]["applied"] is False
        assert "by points" in seeded.explanation["seeding"]["reason"]


def test_a_random_round_after_the_first_is_seeded_and_records_the_strengths():
    sides = [replace(s, strength=float(i)) for i, s in enumerate(random_history(12, 1, seed=2))]
    pairing = pair_pods(sides, PairingOptions(seed=1, round_number=2, seeding="spread"))
    record = pairing.explanation["seeding"]
    assert record["applied"] is True and record["style"] == "spread"
    assert record["strengths"] == {s.id: s.strength for s in sides}


@settings(max_examples=examples(60), deadline=None)
@given(
    rounds=st.integers(1, 4),
    extra=st.integers(0, 20),
    seed=st.integers(0, 10**6),
    style=st.sampled_from(["spread", "similar"]),
)
def test_seeding_never_costs_a_repeat_the_field_can_avoid(rounds, extra, seed, style):
    n = 12 * (rounds + 1) - 11 + extra  # zero repeats guaranteed for the next round
    sides = random_history(n, rounds, seed)
    sides = [
        replace(s, strength=random.Random(seed + i).uniform(0, 50)) for i, s in enumerate(sides)
    ]
    pairing = pair_pods(sides, PairingOptions(seed=seed, round_number=rounds + 1, seeding=style))
    check_well_formed(pairing, sides)
    assert pairing.explanation["zero_repeats_guaranteed"]
    assert pairing.repeats == count_repeats(pairing, sides) == 0


# --- alliance games ------------------------------------------------------------------------------


def test_alliances_spread_keeps_the_two_strongest_teams_apart_and_gives_the_bye():
    teams = [Side(f"t{i}", size=2, strength=50.0 + i) for i in range(9)]
    for seed in range(10):
        pairing = pair_alliances(teams, AllianceOptions(seed=seed, seeding="spread"))
        assert len(pairing.byes) == 1 and len(pairing.pods) == 4
        seated = {s for pod in pairing.pods for s in pod.sides}
        top_two = [t for t in ("t8", "t7", "t6") if t in seated][:2]
        assert pairing.table_of()[top_two[0]] != pairing.table_of()[top_two[1]]


def test_alliances_similar_with_equal_sizes_seeds_each_size_on_its_own():
    teams = [Side(f"p{i}", size=2, strength=float(i)) for i in range(4)]
    teams += [Side(f"q{i}", size=3, strength=100.0 + i) for i in range(4)]
    pairing = pair_alliances(teams, AllianceOptions(equal_sizes=True, seeding="similar"))
    games = [set(pod.sides) for pod in pairing.pods]
    assert games == [{"p3", "p2"}, {"p1", "p0"}, {"q3", "q2"}, {"q1", "q0"}]


# --- the model's numbers -------------------------------------------------------------------------


def test_a_team_is_as_strong_as_its_average_player_and_a_newcomer_is_25():
    run = RatingRun(ratings={("sys", 1): Rating(30.0, 2.0), ("sys", 2): Rating(20.0, 3.0)})
    assert side_strength("sys", (1, 2), run) == 25.0  # issue 35: not the sum of the two
    assert side_strength("sys", (1, 99), run) == 27.5  # player 99 is unrated: a newcomer
    assert side_strength("sys", (), run) == 25.0


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.floats(0.001, 1.0), min_size=1, max_size=6))
def test_whole_percentages_sum_to_exactly_100(chances):
    total = sum(chances)
    whole = whole_percentages([c / total for c in chances])
    assert sum(whole) == 100
    assert all(abs(w - 100 * c / total) < 1 for w, c in zip(whole, chances, strict=True))


def test_whole_percentages_of_equal_chances():
    assert whole_percentages([1 / 3] * 3) == [34, 33, 33]
    assert whole_percentages([0.25] * 4) == [25, 25, 25, 25]
    assert whole_percentages([]) == []


@pytest.mark.parametrize("seed", range(5))
def test_later_spread_rounds_keep_one_side_of_each_pot_at_every_table(seed):
    rng = random.Random(seed)
    sides = rated(100, seed)
    rank = strength_rank(sides)
    for number in range(1, 5):
        options = PairingOptions(seed=seed * 10 + number, round_number=number, seeding="spread")
        pairing = pair_pods(sides, options)
        assert pairing.repeats == 0 and pairing.explanation["repair"] == "chunk"
        pods = len(pairing.pods)
        for pod in pairing.pods:  # the deal dodged every earlier opponent, pots intact
            assert sorted(rank[s] // pods for s in pod.sides) == list(range(len(pod.sides)))
        sides = play(pairing, sides, rng)
