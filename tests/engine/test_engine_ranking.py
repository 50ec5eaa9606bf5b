"""Points tables, tie policies and the points helpers (hand-worked tables)."""

import pytest

from engine import api
from engine.errors import OptionsInvalid, ResultInvalid
from engine.ranking import award_points, places_from_keys


@pytest.mark.parametrize(
    "keys, places",
    [
        # 12 > 9 > 4 > 2 -> 1,2,3,4
        ([(12,), (4,), (9,), (2,)], [1, 3, 2, 4]),
        # two sides on 10, one on 7 -> 1,1,3
        ([(10,), (10,), (7,)], [1, 1, 3]),
        # tie for 2nd of 4 -> 1,2,2,4
        ([(9,), (5,), (5,), (1,)], [1, 2, 2, 4]),
        # everyone equal -> all 1st
        ([(3,), (3,)], [1, 1]),
        # second key breaks the tie: (5, 8) beats (5, 2)
        ([(5, 2), (5, 8)], [2, 1]),
    ],
)
def test_places_from_keys(keys, places):
    assert places_from_keys(keys) == places


@pytest.mark.parametrize(
    "places, policy, expected",
    [
        # 2 sides: 4/2
        ([1, 2], "shared", [4, 2]),
        # 3 sides: 4/2/1
        ([1, 2, 3], "shared", [4, 2, 1]),
        # 4 sides: 4/3/2/1
        ([1, 2, 3, 4], "shared", [4, 3, 2, 1]),
        # shared: tie for 1st of 3 -> both take 1st's 4, next is 3rd with 1
        ([1, 1, 3], "shared", [4, 4, 1]),
        # average: tie for 1st of 3 spans 4 and 2 -> 3 each; 3rd keeps 1
        ([1, 1, 3], "average", [3, 3, 1]),
        # average: tie for 2nd of 4 spans 3 and 2 -> 2.5 each
        ([1, 2, 2, 4], "average", [4, 2.5, 2.5, 1]),
        # average: 3-way tie for 2nd of 4 spans 3, 2, 1 -> 2 each
        ([1, 2, 2, 2], "average", [4, 2, 2, 2]),
        # average: 2-way tie for 2nd of 3 spans 2 and 1 -> 1.5
        ([1, 2, 2], "average", [4, 1.5, 1.5]),
        # playoff: points as shared
        ([1, 1], "playoff", [4, 4]),
    ],
)
def test_points_for_places(places, policy, expected):
    assert api.points_for_places(places, {"tie_policy": policy}) == expected


def test_playoff_flags_only_tied_groups():
    # places 1,2,2 -> the two 2nds need a tie-break game, the winner does not
    assert award_points([1, 2, 2], (4, 2, 1), "playoff") == [(4, False), (2, True), (2, True)]


def test_average_of_thirds_is_rounded():
    # three tied for 1st of 3: (4 + 2 + 1) / 3 = 2.333...
    assert api.points_for_places([1, 1, 1], {"tie_policy": "average"}) == [2.333] * 3


def test_default_tables_and_organiser_table():
    assert api.points_table(2) == [4, 2]
    assert api.points_table(3) == [4, 2, 1]
    assert api.points_table(4) == [4, 3, 2, 1]
    # organiser gives a 5-side table; JSON keys are strings
    assert api.points_table(5, {"points_table": {"5": [5, 4, 3, 2, 1]}}) == [5, 4, 3, 2, 1]
    # organiser may also override a default table
    assert api.points_table(2, {"points_table": {2: [3, 1]}}) == [3, 1]


@pytest.mark.parametrize("count", [5, 6, 1])
def test_no_table_refused(count):
    with pytest.raises(ResultInvalid) as info:
        api.points_table(count)
    assert "points table" in str(info.value)


@pytest.mark.parametrize(
    "table",
    [
        {"5": [5, 4, 3, 2]},  # wrong length
        {"5": [1, 2, 3, 4, 5]},  # rises for worse places
        {"5": [5, 4, 3, 2, -1]},  # negative
        {"x": [1]},  # not a side count
        {"1": [1]},  # a one-side game makes no sense
        {"3": [4, True, 1]},  # bools are not numbers here
        [4, 2],  # not an object
        # issue 12.1: unbounded values overflowed the points column and the standings
        {"4": [1e6, 5e5, 2, 1]},
        {"2": [2**64, 1]},
        {"2": [float("inf"), 1]},
        {"2": [101, 0]},
        {"3": [4.5, 2, 1]},  # whole numbers only
        {"13": [1] * 13},  # more sides than any game seats
        {"99999999999999999999": [1, 0]},
        {"2": [4, 2], "02": [3, 1]},  # one side count twice
        {str(n): [0] * n for n in range(2, 15)},  # more tables than side counts
    ],
)
def test_bad_organiser_tables(table):
    with pytest.raises(OptionsInvalid) as info:
        api.points_table(5, {"points_table": table})
    assert all(p.field == "options.points_table" for p in info.value.problems)


@pytest.mark.parametrize("places", [[1, 1, 2], [2, 3], [], "1,2", [1, True]])
def test_inconsistent_places_refused(places):
    with pytest.raises(ResultInvalid):
        api.points_for_places(places)


def test_unknown_tie_policy():
    with pytest.raises(OptionsInvalid):
        api.points_for_places([1, 2], {"tie_policy": "coin_flip"})
    with pytest.raises(OptionsInvalid):
        award_points([1, 2], (4, 2), "coin_flip")


def test_table_length_mismatch_is_refused():
    with pytest.raises(ResultInvalid):
        award_points([1, 2, 3], (4, 2), "shared")


def test_an_organiser_table_is_taken_as_whole_numbers():
    assert api.points_table(2, {"points_table": {"2": [5.0, 0]}}) == [5, 0]
    assert api.points_table(2, {"points_table": {"2": [100, 100]}}) == [100, 100]
