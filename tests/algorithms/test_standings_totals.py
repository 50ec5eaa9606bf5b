"""Standings from per-entrant tallies equal standings from the placings themselves, and the
strength of schedule's float shortcut orders and ties exactly like the fractions."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hypothesis_profiles import examples
from tournament.logic.standings import (
    Entrant,
    FieldTotals,
    GamePlacing,
    StandingsError,
    StrengthOfSchedule,
    Totals,
    compute_standings,
    standings_from_totals,
    tally,
)
from tournament.logic.standings.metrics import all_quotients_exact

TIEBREAKERS = ["victory_cup_tokens", "strength_of_schedule", "stat:vp", "first_places"]


def exact(rows):
    return [
        (r.position, r.rank, r.entrant_id, repr(r.points), repr(r.tiebreaks), r.games_played,
         r.byes)
        for r in rows
    ]  # fmt: skip


@st.composite
def events(draw):
    """Entrants, and rounds of random tables (some a bye) with random places, points, stats."""
    n = draw(st.integers(1, 12))
    ids = [str(i) for i in draw(st.permutations(range(1, n + 1)))]
    point = st.one_of(st.integers(0, 6), st.sampled_from([0.5, 1.25, 2.33, 3.1, 0.1]))
    placings = []
    for round_number in range(1, draw(st.integers(0, 5)) + 1):
        order = draw(st.permutations(ids))
        sizes = draw(st.lists(st.integers(1, 4), min_size=1, max_size=n))
        start = 0
        for table, size in enumerate(sizes):
            pod = order[start : start + size]
            start += size
            for place, entrant in enumerate(pod, 1):
                stats = draw(
                    st.dictionaries(
                        st.sampled_from(["victory_cup_tokens", "vp", "survivors"]),
                        st.integers(0, 9),
                    )
                )
                match = None if size == 1 else f"r{round_number}t{table}"
                placings.append(
                    GamePlacing(entrant, match, round_number, place, draw(point), stats)
                )
    entrants = [Entrant(x, f"Player {x}") for x in ids]
    return entrants, sorted(placings, key=lambda p: p.round_number)


@settings(max_examples=examples(300), deadline=None)
@given(events(), st.sampled_from([TIEBREAKERS, ["strength_of_schedule"], []]))
def test_tallies_rank_exactly_like_the_placings(event, tiebreakers):
    entrants, placings = event
    field = FieldTotals.of(entrants, tally(placings))
    assert exact(standings_from_totals(field, tiebreakers)) == exact(
        compute_standings(entrants, placings, tiebreakers)
    )


@settings(max_examples=examples(200), deadline=None)
@given(events())
def test_a_tally_of_some_entrants_equals_their_part_of_the_whole(event):
    entrants, placings = event
    everyone = tally(placings)
    some = {e.id for e in entrants[::2]}
    assert tally(placings, of=some) == {k: v for k, v in everyone.items() if k in some}


def test_tally_counts_distinct_opponents_byes_and_every_stat():
    placings = [
        GamePlacing("a", "m1", 1, 1, 4, {"vp": 3}), GamePlacing("b", "m1", 1, 2, 2, {"vp": 1}),
        GamePlacing("a", "m2", 2, 2, 2, {"vp": 0, "tokens": 2}),
        GamePlacing("b", "m2", 2, 1, 4, {}), GamePlacing("c", None, 2, 1, 4),
    ]  # fmt: skip
    got = tally(placings)
    assert got["a"] == (6, 2, 0, 1, {"vp": 3, "tokens": 2}, ("b",))
    assert got["c"] == (4, 0, 1, 1, {}, ())


def test_unknown_opponent_is_refused():
    field = FieldTotals(["1"], ["One"], ["active"], [4], [1], [0], [1], {}, [["99"]])
    with pytest.raises(StandingsError, match="unknown opponent '99'"):
        standings_from_totals(field, ["strength_of_schedule"])


@settings(max_examples=examples(300), deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(-50, 400), st.integers(0, 30)).map(
            lambda t: (float(t[0]) if t[1] else 0.0, t[1])
        ),
        min_size=1,
        max_size=30,
    )
)
def test_float_quotients_order_and_tie_like_fractions(pairs):
    sums = [s for s, _ in pairs]
    counts = [c for _, c in pairs]
    assert all_quotients_exact(sums, counts)
    # opponents such that entrant i's opponents' points sum to sums[i]: one opponent scoring
    # sums[i] and counts[i] - 1 scoring nothing
    n = len(pairs)
    points = [0.0] * n
    opponents = []
    extra = []
    for total, count in pairs:
        if not count:
            opponents.append([])
            continue
        first = n + len(extra)
        extra.append(total)
        extra.extend([0.0] * (count - 1))
        opponents.append(list(range(first, first + count)))
    points += extra
    totals = Totals(points, [], [], [], {}, opponents + [[] for _ in extra])
    sos = StrengthOfSchedule()
    fast = sos.values(totals, len(points))[:n]
    slow = [sos.value(i, totals) for i in range(n)]
    assert all(isinstance(v, (float, int)) for v in fast)
    for i, j in itertools.product(range(n), repeat=2):
        assert (fast[i] < fast[j]) == (slow[i] < slow[j])
        assert (fast[i] == fast[j]) == (slow[i] == slow[j])
    assert [sos.display(v) for v in fast] == [sos.display(v) for v in slow]


def test_fractions_are_kept_when_a_sum_is_not_whole():
    assert not all_quotients_exact([2.5, 4.0], [2, 3])
    assert not all_quotients_exact([2.0**51], [4])
    totals = Totals([2.5, 1.0, 0.0], [], [], [], {}, [[1], [0, 2], [1]])
    values = StrengthOfSchedule().values(totals, 3)
    assert values == [Fraction(1), Fraction(5, 4), Fraction(1)]
    assert all(isinstance(v, Fraction) for v in values)
