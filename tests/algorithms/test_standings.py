"""Standings: points, tiebreakers from the registry, positions and ranks for true ties."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hypothesis_profiles import examples
from tournament.logic.standings import (
    Entrant,
    GamePlacing,
    Metric,
    StandingsError,
    UnknownTiebreaker,
    compute_standings,
    get_metric,
    register_metric,
)
from tournament.logic.standings.totals import tally

E = [Entrant(x, x.upper()) for x in "abcdef"]


def gp(e, m, r, place, pts, vc=0, **stats):
    return GamePlacing(e, m, r, place, pts, {"victory_cup_tokens": vc, **stats})


def example():
    # round 1: a b c d in m1 (4/3/2/1), e f in m2 (4/2)
    # round 2: a e in m3, b c d f in m4
    return [
        gp("a", "m1", 1, 1, 4, 10), gp("b", "m1", 1, 2, 3, 8), gp("c", "m1", 1, 3, 2, 8),
        gp("d", "m1", 1, 4, 1, 2), gp("e", "m2", 1, 1, 4, 9), gp("f", "m2", 1, 2, 2, 3),
        gp("a", "m3", 2, 2, 2, 4), gp("e", "m3", 2, 1, 4, 7),
        gp("b", "m4", 2, 2, 3, 6), gp("c", "m4", 2, 1, 4, 12), gp("d", "m4", 2, 4, 1, 1),
        gp("f", "m4", 2, 3, 2, 5),
    ]  # fmt: skip


def test_hand_computed_example():
    rows = compute_standings(E, example())
    table = {r.entrant_id: r for r in rows}
    assert [r.entrant_id for r in rows] == ["e", "c", "a", "b", "f", "d"]
    assert [r.position for r in rows] == [1, 2, 3, 4, 5, 6]
    assert table["e"].points == 8 and table["e"].tiebreak("victory_cup_tokens") == 16
    # c: 6 points, 20 tokens; a: 6 points, 14 tokens; b: 6 points, 14 tokens
    assert table["c"].rank == 2
    # a and b: same points and tokens; strength of schedule decides
    # a met b, c, d, e -> (6 + 6 + 2 + 8) / 4 = 5.5 ; b met a, c, d, f -> (6+6+2+4)/4 = 4.5
    assert table["a"].tiebreak("strength_of_schedule") == 5.5
    assert table["b"].tiebreak("strength_of_schedule") == 4.5
    assert table["a"].rank == 3 and table["b"].rank == 4
    assert table["e"].tiebreak("first_places") == 2
    assert all(r.games_played == 2 for r in rows)


def test_opponent_counted_once():
    entrants = [Entrant("a", "A"), Entrant("b", "B"), Entrant("c", "C")]
    placings = [
        gp("a", "m1", 1, 1, 4), gp("b", "m1", 1, 2, 2),
        gp("a", "m2", 2, 1, 4), gp("b", "m2", 2, 2, 2),
        gp("c", "m3", 2, 1, 4),
    ]  # fmt: skip
    rows = compute_standings(entrants, placings, ["strength_of_schedule"])
    a = next(r for r in rows if r.entrant_id == "a")
    assert a.tiebreak("strength_of_schedule") == 4  # b once, 4 points
    c = next(r for r in rows if r.entrant_id == "c")
    assert c.tiebreak("strength_of_schedule") == 0


def test_true_ties_share_rank_and_positions_stay_unique():
    entrants = [Entrant(x, x) for x in "wxyz"]
    placings = [
        gp("w", "m1", 1, 1, 4, 5), gp("x", "m1", 1, 2, 2, 3),
        gp("y", "m2", 1, 1, 4, 5), gp("z", "m2", 1, 2, 2, 3),
    ]  # fmt: skip
    rows = compute_standings(entrants, placings)
    assert [(r.entrant_id, r.position, r.rank) for r in rows] == [
        ("w", 1, 1), ("y", 2, 1), ("x", 3, 3), ("z", 4, 3),
    ]  # fmt: skip
    seeded = compute_standings(entrants, placings, tie_seed=3)
    assert [r.rank for r in seeded] == [1, 1, 3, 3]
    assert seeded == compute_standings(entrants, placings, tie_seed=3)


def test_true_ties_order_numeric_ids_by_number_not_as_text():
    # As text "15" < "480" < "6" < "98"; a true tie must keep the numeric order (issue 13.2).
    ids = ["480", "98", "15", "6"]
    entrants = [Entrant(x, f"Player {x}") for x in ids]
    placings = [gp(x, f"m{x}", 1, 1, 4, 5) for x in ids]
    rows = compute_standings(entrants, placings)
    assert [r.entrant_id for r in rows] == ["6", "15", "98", "480"]
    assert {r.rank for r in rows} == {1}


def test_true_ties_put_numeric_ids_before_other_ids():
    entrants = [Entrant(x, x) for x in ["b", "10", "a", "9"]]
    placings = [gp(e.id, "m1", 1, 1, 4, 5) for e in entrants]
    assert [r.entrant_id for r in compute_standings(entrants, placings)] == ["9", "10", "a", "b"]


def test_generic_stat_and_unknown_keys():
    placings = [gp("a", "m1", 1, 1, 4, 1, nymphlets=3), gp("b", "m1", 1, 1, 4, 1, nymphlets=5)]
    rows = compute_standings(E[:2], placings, ["stat:nymphlets"])
    assert [r.entrant_id for r in rows] == ["b", "a"]
    assert rows[0].tiebreaks == (("stat:nymphlets", 5),)
    with pytest.raises(UnknownTiebreaker, match="unknown tiebreaker 'buchholz'"):
        compute_standings(E, [], ["buchholz"])
    with pytest.raises(UnknownTiebreaker):
        get_metric("stat:")


def test_registry_extension():
    class MostGames(Metric):
        key = "games_for_test"
        label = "Games"

        def value(self, i, totals):
            return totals.games[i]

    register_metric(MostGames())
    with pytest.raises(ValueError):
        register_metric(MostGames())
    rows = compute_standings(E[:2], [gp("a", "m1", 1, 1, 4)], ["games_for_test"])
    assert rows[0].tiebreak("games_for_test") == 1


def test_byes_count_points_not_games():
    rows = compute_standings(E[:1], [GamePlacing("a", None, 1, None, 4)])
    assert rows[0].points == 4 and rows[0].games_played == 0 and rows[0].byes == 1


def test_bad_input():
    with pytest.raises(StandingsError, match="unknown entrant"):
        compute_standings(E, [gp("zz", "m1", 1, 1, 4)])
    with pytest.raises(StandingsError, match="twice"):
        compute_standings([E[0], E[0]], [])
    with pytest.raises(StandingsError, match="twice"):
        compute_standings(E, [], ["first_places", "first_places"])


def test_explicit_matches_give_opponents():
    placings = [gp("a", "m1", 1, 1, 4), gp("b", "m1", 1, 2, 2)]
    rows = compute_standings(E[:3], placings, ["strength_of_schedule"],
                             matches={"m1": ["a", "b", "c"]})  # fmt: skip
    a = next(r for r in rows if r.entrant_id == "a")
    assert a.tiebreak("strength_of_schedule") == 1  # b 2 points, c 0 points


@st.composite
def events(draw):
    n = draw(st.integers(2, 24))
    rounds = draw(st.integers(1, 5))
    seed = draw(st.integers(0, 10**6))
    rng = random.Random(seed)
    entrants = [Entrant(f"e{i:02d}", f"E{i}") for i in range(n)]
    placings = []
    for r in range(1, rounds + 1):
        ids = [e.id for e in entrants]
        rng.shuffle(ids)
        for t in range(0, n - 1, 2):
            pod = ids[t : t + 2]
            for place, eid in enumerate(pod, start=1):
                placings.append(gp(eid, f"r{r}t{t}", r, place, (4, 2)[place - 1],
                                   rng.randrange(3)))  # fmt: skip
    return entrants, placings


@settings(max_examples=examples(80), deadline=None)
@given(events())
def test_ranking_invariants(event):
    entrants, placings = event
    rows = compute_standings(entrants, placings)
    assert [r.position for r in rows] == list(range(1, len(entrants) + 1))
    assert sorted(r.entrant_id for r in rows) == sorted(e.id for e in entrants)
    for a, b in zip(rows, rows[1:], strict=False):
        ka = (a.points, *[v for _, v in a.tiebreaks])
        kb = (b.points, *[v for _, v in b.tiebreaks])
        assert ka >= kb
        assert (a.rank == b.rank) == (ka == kb)
        if a.rank != b.rank:
            assert b.rank == b.position
    total = sum(p.points for p in placings)
    assert sum(r.points for r in rows) == total
    # order of the input rows does not matter
    shuffled = placings[:]
    random.Random(1).shuffle(shuffled)
    assert compute_standings(entrants, shuffled) == rows


def test_a_bye_worth_nothing_is_no_first_place_and_a_winning_bye_is():
    """A sum-of-VP event's bye scores 0 (no game, no VP): it must not win the "first places"
    tiebreaker either; a bye scored as a win counts as one, in the full and the stored tallies."""
    worthless = [GamePlacing("a", None, 1, 1, 0), gp("b", "m1", 1, 1, 6)]
    winning = [GamePlacing("a", None, 1, 1, 4), gp("b", "m1", 1, 1, 4)]
    for placings, firsts in ((worthless, 0), (winning, 1)):
        rows = compute_standings(E[:2], placings, ["first_places"])
        assert {r.entrant_id: r.tiebreak("first_places") for r in rows} == {"a": firsts, "b": 1}
        assert tally(placings)["a"].firsts == firsts
