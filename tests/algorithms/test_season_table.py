"""Issue 17: the season table - league points by place, Swiss points or a table, best N of M,
tiebreakers, shared positions, and the rules that cannot be computed."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leagues.logic.season_table import (
    MAX_EVENTS,
    MAX_TABLE_PLACES,
    EventResult,
    PointsMethod,
    SeasonRules,
    check_rules,
    league_points,
    season_table,
)


def result(event, player, place, field=8, swiss=0.0):
    return EventResult(event, player, place, field, swiss)


@pytest.mark.parametrize(
    ("method", "place", "expected"),
    [
        (PointsMethod.PLACE, 1, 8),  # beat seven, plus one for playing
        (PointsMethod.PLACE, 8, 1),
        (PointsMethod.SWISS, 3, 11.5),
        (PointsMethod.TABLE, 1, 25),
        (PointsMethod.TABLE, 3, 15),
        (PointsMethod.TABLE, 4, 2),  # past the table: participation points
    ],
)
def test_league_points_by_method(method, place, expected):
    rules = SeasonRules(method=method, table=(25, 18, 15), participation=2)
    assert league_points(result(1, 1, place, swiss=11.5), rules) == expected


def test_only_the_best_n_results_count():
    rules = SeasonRules(best_of=2, events=4)
    rows = season_table([result(1, 7, 8), result(2, 7, 1), result(3, 7, 4), result(4, 7, 2)], rules)
    (row,) = rows
    assert row.total == 8 + 7  # first (8 points) and second (7), not 5 and 1
    assert [c.counts for c in row.results] == [False, True, False, True]
    assert row.events_played == 4


def test_equal_results_count_the_earlier_event():
    rules = SeasonRules(best_of=1, events=3)
    (row,) = season_table([result(3, 1, 2), result(1, 1, 2), result(2, 1, 2)], rules)
    assert [(c.result.event, c.counts) for c in row.results] == [(1, True), (2, False), (3, False)]


def test_tiebreakers_order_level_totals_and_true_ties_share_a_position():
    rules = SeasonRules(best_of=2, events=2, tiebreakers=("wins", "best_result"))
    results = [
        result(1, 1, 1), result(2, 1, 8),  # 8 + 1 = 9, one win
        result(1, 2, 3), result(2, 2, 3),  # 6 + 6 = 12
        result(1, 3, 2), result(2, 3, 2),  # 7 + 7 = 14
        result(1, 4, 8), result(2, 4, 1),  # 1 + 8 = 9, one win, same best: level with 1
        result(1, 5, 4), result(2, 5, 4),  # 5 + 5 = 10
        result(1, 6, 5), result(2, 6, 3),  # 4 + 6 = 10, same wins, best 6 > 5
    ]  # fmt: skip
    rows = season_table(results, rules)
    assert [(r.player, r.position, r.total) for r in rows] == [
        (3, 1, 14),
        (2, 2, 12),
        (6, 3, 10),
        (5, 4, 10),
        (1, 5, 9),
        (4, 5, 9),
    ]


def test_the_table_does_not_depend_on_reading_order():
    rng = random.Random(5)
    results = [
        result(event, player, place, field=6, swiss=rng.choice((0, 3, 5, 9)))
        for event in range(1, 5)
        for place, player in enumerate(rng.sample(range(1, 10), 6), 1)
    ]
    rules = SeasonRules(best_of=3, events=4, tiebreakers=("swiss_points", "average_beaten"))
    first = season_table(results, rules)
    shuffled = results[:]
    rng.shuffle(shuffled)
    again = season_table(shuffled, rules)
    assert [(r.player, r.position, r.total, r.tiebreaks) for r in first] == [
        (r.player, r.position, r.total, r.tiebreaks) for r in again
    ]


@given(
    st.lists(st.tuples(st.integers(1, 6), st.integers(1, 12), st.integers(1, 16)), max_size=60),
    st.integers(1, 6),
)
def test_any_season_counts_at_most_best_n_and_ranks_by_total(raw, best_of):
    results = [result(e, p, min(place, 16), field=16) for e, p, place in raw]
    rows = season_table(results, SeasonRules(best_of=best_of, events=6))
    totals = [r.total for r in rows]
    assert totals == sorted(totals, reverse=True)
    for row in rows:
        assert len(row.counted) == min(best_of, row.events_played)
        dropped = [c.points for c in row.results if not c.counts]
        assert all(p <= min(c.points for c in row.counted) for p in dropped)


def test_best_five_of_three_cannot_be_computed():
    errors = check_rules(SeasonRules(best_of=5, events=3))
    assert "best 5 of 3 cannot be computed" in errors["best_of"]


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        (SeasonRules(events=0), "events"),
        (SeasonRules(events=MAX_EVENTS + 1, best_of=1), "events"),
        (SeasonRules(best_of=0), "best_of"),
        (SeasonRules(method="elo"), "method"),
        (SeasonRules(method=PointsMethod.TABLE, table=()), "table"),
        (SeasonRules(method=PointsMethod.TABLE, table=(10, 12)), "table"),  # 2nd above 1st
        (SeasonRules(method=PointsMethod.TABLE, table=(1e9,)), "table"),
        (SeasonRules(method=PointsMethod.TABLE, table=(-1,)), "table"),
        (SeasonRules(table=(1,) * (MAX_TABLE_PLACES + 1)), "table"),
        (SeasonRules(participation=-3), "participation"),
        (SeasonRules(tiebreakers=("coin_toss",)), "tiebreakers"),
        (SeasonRules(tiebreakers=("wins", "wins")), "tiebreakers"),
    ],
)
def test_rules_that_cannot_be_computed_are_named(rules, field):
    assert field in check_rules(rules)


def test_sensible_rules_pass():
    assert check_rules(SeasonRules()) == {}
    assert check_rules(SeasonRules(method=PointsMethod.TABLE, table=(25, 18, 18, 0))) == {}
