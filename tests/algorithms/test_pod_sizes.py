"""Pod sizes and the Swiss spread lower bound."""

from __future__ import annotations

from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hypothesis_profiles import examples
from tournament.logic.pairing import PairingError, best_size_order, pod_sizes


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (2, [2]),
        (3, [3]),
        (4, [4]),
        (5, [3, 2]),
        (6, [3, 3]),
        (7, [4, 3]),
        (8, [4, 4]),
        (9, [3, 3, 3]),
        (10, [4, 3, 3]),
        (11, [4, 4, 3]),
        (12, [4, 4, 4]),
        (13, [4, 3, 3, 3]),
    ],
)
def test_preferred_four_table(n, expected):
    assert pod_sizes(n) == expected


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (2, [2]),
        (3, [3]),
        (4, [4]),
        (5, [3, 2]),
        (6, [3, 3]),
        (7, [4, 3]),
        (8, [4, 4]),
        (9, [3, 3, 3]),
        (10, [4, 3, 3]),
        (11, [4, 4, 3]),
        (12, [3, 3, 3, 3]),
    ],
)
def test_preferred_three_table(n, expected):
    assert pod_sizes(n, 3) == expected


@pytest.mark.parametrize("n", range(2, 201))
def test_sizes_for_every_field(n):
    four = pod_sizes(n, 4)
    three = pod_sizes(n, 3)
    for sizes in (four, three):
        assert sum(sizes) == n
        assert set(sizes) <= {2, 3, 4}
        assert (2 in sizes) == (n in (2, 5))
        assert sizes == sorted(sizes, reverse=True)
    if n not in (2, 5):
        # preferred 4: fewest pods possible with pods of 3 and 4 (so at most three 3s)
        assert len(four) == -(-n // 4)
        assert four.count(3) <= 3
        # preferred 3: most pods possible with pods of 3 and 4 (so at most two 4s)
        assert len(three) == n // 3
        assert three.count(4) <= 2


@pytest.mark.parametrize("n", [-1, 0, 1])
def test_too_few_sides_refused(n):
    with pytest.raises(PairingError, match="at least two"):
        pod_sizes(n)


def test_bad_preferred_size_refused():
    with pytest.raises(PairingError):
        pod_sizes(10, 5)


def _all_groupings(items, sizes):
    """Every partition of ``items`` into groups with the multiset ``sizes``."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for k in sorted(set(sizes)):
        left = list(sizes)
        left.remove(k)
        for combo in combinations(rest, k - 1):
            remaining = [x for x in rest if x not in combo]
            for tail in _all_groupings(remaining, left):
                yield [(first, *combo), *tail]


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(st.integers(0, 6), min_size=4, max_size=9),
    st.sampled_from([3, 4]),
)
def test_bound_is_the_true_minimum_spread(points, preferred):
    """The consecutive-grouping DP equals the minimum spread over ALL groupings."""
    pts = sorted(points, reverse=True)
    sizes = pod_sizes(len(pts), preferred)
    bound, order = best_size_order(pts, sizes)
    assert sorted(order) == sorted(sizes)
    brute = min(
        sum(max(pts[i] for i in g) - min(pts[i] for i in g) for g in grouping)
        for grouping in _all_groupings(list(range(len(pts))), sizes)
    )
    assert bound == brute
    # and the DP's ordering is the best consecutive one
    best_consecutive = float("inf")
    for perm in set(permutations(sizes)):
        pos, total = 0, 0
        for k in perm:
            total += pts[pos] - pts[pos + k - 1]
            pos += k
        best_consecutive = min(best_consecutive, total)
    assert bound == best_consecutive
