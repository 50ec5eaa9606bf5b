"""The fast paths of the pairing give exactly what the plain ones give.

Issue 19 made pairing 10,000 sides several times faster without changing which pairing a seed
chooses: the id order without a tuple per side, the two-size spread DP on flat lists, the
per-pod repeat counts kept up to date by every swap. Each is checked here against the plain
computation it replaced, and a few fixed rounds are pinned by a digest so that a later speed-up
that changes the pairing a stored seed gives is noticed.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.algorithms.helpers import play, random_history
from tests.hypothesis_profiles import examples
from tournament.logic.ids import by_id, id_sort_key
from tournament.logic.pairing import (
    AllianceOptions,
    PairingOptions,
    Side,
    pair_alliances,
    pair_pods,
)
from tournament.logic.pairing.arrange import Arrangement
from tournament.logic.pairing.draws import draws_below, shuffle
from tournament.logic.pairing.sizes import _any_kinds, _two_kinds, pod_sizes

IDS = st.text(alphabet="0123456789٣٤a-x ", max_size=4)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(IDS, max_size=30))
def test_by_id_is_the_order_of_id_sort_key(ids):
    """Leading zeros ("007" and "7"), other scripts' digits ("٣"), text ids and the empty id."""
    items = [(value, index) for index, value in enumerate(ids)]
    expected = sorted(items, key=lambda item: id_sort_key(item[0]))
    assert by_id(items, lambda item: item[0]) == expected


def test_by_id_orders_numbers_by_value_then_text():
    ids = ["15", "٧", "7", "6", "b", "007", "a", "60"]  # "٧" is seven in Arabic-Indic digits
    assert by_id(ids, str) == ["6", "007", "7", "٧", "15", "60", "a", "b"]
    assert by_id(ids, str) == sorted(ids, key=id_sort_key)


@pytest.mark.parametrize("n", [*range(12), 63, 64, 65, 1000, 10_003])
@pytest.mark.parametrize("seed", [0, 1, 2024, 2**31 - 1])
def test_shuffle_and_draws_are_the_generators_own(n, seed):
    """Same order, same draws and the generator left in the same state as its own methods."""
    mine, theirs = random.Random(seed), random.Random(seed)
    ours, expected = list(range(n)), list(range(n))
    shuffle(ours, mine)
    theirs.shuffle(expected)
    assert ours == expected
    assert draws_below(720, n, mine) == [theirs.randrange(720) for _ in range(n)]
    assert draws_below(1, 3, mine) == [theirs.randrange(1) for _ in range(3)]
    assert mine.getstate() == theirs.getstate()


class _Dice(random.Random):
    """A generator that draws its own way: its own methods must be used."""

    def random(self):
        return 0.5

    def getrandbits(self, k):
        return 0


def test_another_generator_class_keeps_its_own_draws():
    items = list(range(20))
    shuffle(items, _Dice(1))
    expected = list(range(20))
    _Dice(1).shuffle(expected)
    assert items == expected
    assert draws_below(7, 4, _Dice(1)) == [_Dice(1).randrange(7) for _ in range(4)]
    with pytest.raises(ValueError, match="cannot draw below 0"):
        draws_below(0, 1, random.Random(1))


POINTS_VALUES = st.one_of(
    st.integers(0, 12), st.sampled_from([0.0, 0.1, 0.2, 0.3, 0.7, 1.1, 2.5, 1e-9])
)


@settings(max_examples=examples(300), deadline=None)
@given(
    points=st.lists(POINTS_VALUES, min_size=5, max_size=70),
    shape=st.sampled_from(["pods of 4", "pods of 3", "pairs and a trio"]),
)
def test_two_size_dp_agrees_with_the_general_dp(points, shape):
    """Same bound and same size order (the order decides the pods, so ties must break alike)."""
    n = len(points)
    if shape == "pods of 4":
        sizes = pod_sizes(n, 4)
    elif shape == "pods of 3":
        sizes = pod_sizes(n, 3)
    else:
        sizes = [2] * ((n - 3) // 2) + [3] if n % 2 else [2] * ((n - 6) // 2) + [3, 3]
    counts = Counter(sizes)
    kinds = sorted(counts, reverse=True)
    if len(kinds) != 2:
        return
    pts = sorted(points, reverse=True)
    fast = _two_kinds(pts, kinds[0], counts[kinds[0]], kinds[1], counts[kinds[1]])
    assert fast == _any_kinds(pts, kinds, counts)


def _recounted(arr: Arrangement) -> list[int]:
    return [len(arr.pod_repeats(q)) for q in range(len(arr.sizes))]


@settings(max_examples=examples(80), deadline=None)
@given(
    n=st.integers(4, 40),
    rounds=st.integers(0, 5),
    seed=st.integers(0, 10**6),
    lopsided=st.booleans(),
    shape=st.sampled_from(["pods of 4", "pods of 3", "pairs", "pods of 5"]),
)
def test_repeat_counts_follow_every_swap(n, rounds, seed, lopsided, shape):
    """After any swaps and a reseating, each pod's count is what a fresh count finds (pods of
    4, 3 and 2 are counted by written-out code, any other size by the plain loop).

    ``lopsided`` makes the history one-sided (a side lists an opponent that does not list it
    back) and lists some sides among their own opponents: input a caller should not send, which
    must still be counted as the plain count does."""
    rng = random.Random(seed)
    sides = random_history(n, rounds, seed)
    opp = [set(s.opponents) for s in sides]
    if lopsided:
        for i, s in enumerate(sides):
            if opp[i] and rng.random() < 0.5:
                opp[i].discard(rng.choice(sorted(opp[i])))
            if rng.random() < 0.2:
                opp[i].add(s.id)
    ids = [s.id for s in sides]
    order = list(range(n))
    rng.shuffle(order)
    if shape == "pods of 4":
        sizes = pod_sizes(n, 4)
    elif shape == "pods of 3":
        sizes = pod_sizes(n, 3)
    elif shape == "pairs":
        sizes = [2] * (n // 2) + [1] * (n % 2)
    else:
        sizes = [5] * (n // 5) + [n % 5] * (n % 5 > 0)
    arr = Arrangement(ids, [s.points for s in sides], [frozenset(o) for o in opp], order, sizes)
    assert arr.rep == _recounted(arr)
    for _ in range(30):
        v, w = rng.randrange(n), rng.randrange(n)
        arr.swap(v, w)
        assert arr.rep == _recounted(arr)
        assert arr.total_repeats() == sum(arr.rep)
    reseated = list(range(n))
    rng.shuffle(reseated)
    arr.set_order(reseated)
    assert arr.rep == _recounted(arr)
    assert arr.pods_with_repeats() == [q for q, r in enumerate(_recounted(arr)) if r]


def _digest(pairings) -> str:
    rows = [[[p.table, p.sides, p.flowers, p.repeats] for p in x.pods] for x in pairings]
    rows += [[x.byes, x.spread, x.spread_bound, x.explanation] for x in pairings]
    return hashlib.sha256(json.dumps(rows, sort_keys=True).encode()).hexdigest()[:16]


def _event(n: int, method: str, rounds: int, **options) -> list:
    rng = random.Random(n)
    sides = random_history(n, 0, n)
    sides = [Side(s.id, s.points, s.opponents, strength=rng.uniform(0, 80)) for s in sides]
    out = []
    for r in range(1, rounds + 1):
        out.append(pair_pods(sides, PairingOptions(method, seed=r * 31, round_number=r, **options)))
        sides = play(out[-1], sides, rng)
    return out


def _alliance_event(n: int, method: str, rounds: int) -> list:
    rng = random.Random(n)
    sides = random_history(n, 0, n)
    out = []
    for r in range(1, rounds + 1):
        options = AllianceOptions(method, seed=r * 7, round_number=r, three_team_game=r % 2 == 0)
        out.append(pair_alliances(sides, options))
        sides = play(out[-1], sides, rng)
    return out


def test_fixed_seeds_give_the_pairings_they_gave_before_the_speed_up():
    """Digests taken at the commit before issue 19's speed-up (ec5ac58): every stage is used
    (chunk, nearby swaps, tabu search, exact search, the spread polish, both seedings). A change
    here means a stored seed no longer reproduces its round: say so in the change."""
    assert _digest(_event(203, "swiss", 6)) == "514691ad2284c2d5"
    assert _digest(_event(201, "random", 6)) == "cbc5e777afdb72bc"
    assert _digest(_event(21, "swiss", 6)) == "f6dafb5732401e03"
    assert _digest(_event(13, "random", 5, preferred_size=3)) == "b84e962fbd6cb721"
    assert _digest(_event(37, "random", 5, seeding="spread")) == "a48e3c9b2c58db59"
    assert _digest(_event(61, "swiss", 3, seeding="similar")) == "f234e26f962eb9ab"
    assert _digest(_alliance_event(31, "swiss", 6)) == "a8c9ff16dc862d69"
