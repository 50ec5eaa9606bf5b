"""Alliance rounds: games of two teams, 2v2v2 or a bye for an odd count."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.algorithms.helpers import count_repeats, max_met, play
from tests.hypothesis_profiles import examples
from tournament.logic.pairing import AllianceOptions, PairingError, Side, pair_alliances


def teams(n, **kw):
    return [Side(f"t{i:02d}", **kw) for i in range(n)]


def check(pairing, sides):
    seated = [x for pod in pairing.pods for x in pod.sides]
    everyone = seated + ([pairing.bye] if pairing.bye else [])
    assert sorted(everyone) == sorted(s.id for s in sides)
    assert pairing.repeats == count_repeats(pairing, sides)
    for pod in pairing.pods:
        assert len(set(pod.flowers)) == len(pod.sides)
    json.dumps(pairing.explanation)


@pytest.mark.parametrize("n", range(2, 21))
def test_shapes(n):
    plain = pair_alliances(teams(n), AllianceOptions(seed=n))
    check(plain, teams(n))
    assert Counter(len(p.sides) for p in plain.pods) == {2: n // 2}
    assert (plain.bye is not None) == (n % 2 == 1)
    assert (plain.bye_points == 4) == (n % 2 == 1)
    three = pair_alliances(teams(n), AllianceOptions(seed=n, three_team_game=True))
    check(three, teams(n))
    assert three.bye is None
    expected = {2: n // 2} if n % 2 == 0 else {2: (n - 3) // 2, 3: 1}
    expected = {k: v for k, v in expected.items() if v}
    assert Counter(len(p.sides) for p in three.pods) == expected


def test_single_team_refused():
    with pytest.raises(PairingError, match="at least two teams"):
        pair_alliances(teams(1))


def test_bye_points_configurable():
    p = pair_alliances(teams(5), AllianceOptions(bye_points=3))
    assert p.bye_points == 3
    assert p.explanation["bye"]["points"] == 3


@settings(max_examples=examples(60), deadline=None)
@given(byes=st.lists(st.integers(0, 2), min_size=3, max_size=15), seed=st.integers(0, 999))
def test_no_second_bye_while_another_team_has_none(byes, seed):
    if len(byes) % 2 == 0:
        byes = byes[:-1]
    sides = [Side(f"t{i:02d}", points=i % 4, byes=b) for i, b in enumerate(byes)]
    for method in ("random", "swiss"):
        p = pair_alliances(sides, AllianceOptions(method=method, seed=seed))
        got = next(s for s in sides if s.id == p.bye)
        assert got.byes == min(byes)


def test_swiss_bye_to_lowest_ranked_eligible():
    sides = [
        Side("a", points=10, rank=1),
        Side("b", points=6, rank=2),
        Side("c", points=2, rank=4, byes=1),  # lowest, but already had a bye
        Side("d", points=4, rank=3),
        Side("e", points=6, rank=5),
    ]
    p = pair_alliances(sides, AllianceOptions(method="swiss", seed=3))
    assert p.bye == "d"
    sides[3] = Side("d", points=6, rank=3)
    p = pair_alliances(sides, AllianceOptions(method="swiss", seed=3))
    assert p.bye == "e"  # three teams on 6 points: the worst standings position
    assert "lowest-ranked" in p.explanation["bye"]["reason"]


def test_random_bye_is_seeded_draw():
    sides = teams(7)
    picks = {pair_alliances(sides, AllianceOptions(seed=s)).bye for s in range(40)}
    assert len(picks) > 3
    assert pair_alliances(sides, AllianceOptions(seed=5)) == pair_alliances(
        sides, AllianceOptions(seed=5)
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    n=st.integers(6, 40),
    seed=st.integers(0, 10**6),
    method=st.sampled_from(["random", "swiss"]),
    three=st.booleans(),
)
def test_no_rematches_while_the_field_allows(n, seed, method, three):
    rng = random.Random(seed)
    sides = teams(n)
    for r in range(1, 6):
        p = pair_alliances(sides, AllianceOptions(method, rng.randrange(10**9), r, three))
        check(p, sides)
        games = len(p.pods)
        field = [s for s in sides if s.id != p.bye]
        if games >= max_met(field) + 1:
            assert p.repeats == 0
        sides = play(p, sides, rng)
        if p.bye:
            sides = [
                Side(s.id, s.points, s.opponents, s.rank, s.byes + (s.id == p.bye)) for s in sides
            ]


# --- teams of equal size only (issue 13.10) -----------------------------------------------


def sized(sizes):
    return [Side(f"t{i:02d}", size=size) for i, size in enumerate(sizes)]


@settings(max_examples=examples(60), deadline=None)
@given(
    sizes=st.lists(st.sampled_from([2, 3]), min_size=2, max_size=20),
    seed=st.integers(0, 10**6),
    three=st.booleans(),
    method=st.sampled_from(["random", "swiss"]),
)
def test_equal_sizes_never_seat_teams_of_different_sizes(sizes, seed, three, method):
    teams = sized(sizes)
    size_of = {t.id: t.size for t in teams}
    pairing = pair_alliances(
        teams, AllianceOptions(method=method, seed=seed, three_team_game=three, equal_sizes=True)
    )
    seated = [s for pod in pairing.pods for s in pod.sides]
    assert sorted(seated + list(pairing.byes)) == sorted(size_of)  # everyone once
    for pod in pairing.pods:
        assert len({size_of[s] for s in pod.sides}) == 1  # never 2v3
        assert sum(size_of[s] for s in pod.sides) <= 6  # never more players than chiefs
    assert len(pairing.byes) <= len(set(sizes))  # at most one bye per size
    assert [pod.table for pod in pairing.pods] == list(range(1, len(pairing.pods) + 1))


def test_an_odd_count_in_each_size_gives_two_byes_and_a_lone_team_sits_out():
    two_byes = pair_alliances(sized([2, 2, 2, 3, 3, 3]), AllianceOptions(equal_sizes=True))
    assert len(two_byes.byes) == 2 and len(two_byes.pods) == 2
    lone = pair_alliances(sized([2, 2, 3]), AllianceOptions(equal_sizes=True))
    assert lone.byes == ("t02",)
    assert "only team of 3" in lone.explanation["by_size"]["3"]["bye"]["reason"]
    # without the setting a 2v3 game is fine
    mixed = pair_alliances(sized([2, 2, 3]), AllianceOptions())
    assert len(mixed.byes) == 1
