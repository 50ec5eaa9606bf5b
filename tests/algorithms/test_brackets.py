"""Elimination brackets exactly as RULES.md lists them, advancement and tie-breaks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hypothesis_profiles import examples
from tournament.logic.brackets import (
    BracketError,
    Placing,
    cut_size,
    decide_advancement,
    decide_final,
    fill_stage,
    plan_elimination,
    resolve_tiebreak,
)


def standings(n, ranks=None):
    ranks = ranks or list(range(1, n + 1))
    return [(f"s{i:02d}", r) for i, r in zip(range(1, n + 1), ranks, strict=True)]


def seats(group):
    return tuple(int(x[1:]) for x in group.seats)


@pytest.mark.parametrize(
    ("mode", "qualified", "cut"),
    [
        ("players", 4, 4), ("players", 7, 4), ("players", 8, 8), ("players", 15, 8),
        ("players", 16, 16), ("players", 100, 16),
        ("teams", 2, 2), ("teams", 3, 2), ("teams", 4, 4), ("teams", 7, 4),
        ("teams", 8, 8), ("teams", 50, 8),
    ],
)  # fmt: skip
def test_cut_sizes(mode, qualified, cut):
    assert cut_size(qualified, mode) == cut


@pytest.mark.parametrize(("mode", "qualified"), [("players", 3), ("players", 0), ("teams", 1)])
def test_too_few_for_a_cut(mode, qualified):
    with pytest.raises(BracketError, match="at least"):
        cut_size(qualified, mode)


def test_organiser_override():
    assert cut_size(40, "players", 8) == 8
    assert cut_size(40, "teams", 2) == 2
    with pytest.raises(BracketError):
        cut_size(40, "players", 12)
    with pytest.raises(BracketError):
        cut_size(6, "players", 8)
    plan = plan_elimination(standings(30), "players", cut=4)
    assert plan.cut == 4 and [s.name for s in plan.stages] == ["Final"]


# Table-driven: the formats exactly as RULES.md lists them.
FORMATS = {
    ("players", 16): [
        ("Elimination round 1", 2, 1, {
            "A": (1, 5, 12, 16), "B": (2, 6, 11, 15), "C": (3, 7, 10, 14), "D": (4, 8, 9, 13),
        }),
        ("Elimination round 2", 2, 1, {
            "AD": ("A1", "A2", "D1", "D2"), "BC": ("B1", "B2", "C1", "C2"),
        }),
        ("Final", 1, 3, {"Final": ("AD1", "AD2", "BC1", "BC2")}),
    ],
    ("players", 8): [
        ("Elimination round 1", 2, 1, {"A": (1, 4, 5, 8), "B": (2, 3, 6, 7)}),
        ("Final", 1, 3, {"Final": ("A1", "A2", "B1", "B2")}),
    ],
    ("players", 4): [("Final", 1, 3, {"Final": (1, 2, 3, 4)})],
    ("teams", 8): [
        ("Elimination round 1", 1, 1, {"A": (1, 8), "B": (2, 7), "C": (3, 6), "D": (4, 5)}),
        ("Elimination round 2", 1, 1, {"AD": ("A1", "D1"), "BC": ("B1", "C1")}),
        ("Final", 1, 3, {"Final": ("AD1", "BC1")}),
    ],
    ("teams", 4): [
        ("Elimination round 1", 1, 1, {"A": (1, 4), "B": (2, 3)}),
        ("Final", 1, 3, {"Final": ("A1", "B1")}),
    ],
    ("teams", 2): [("Final", 1, 3, {"Final": (1, 2)})],
}  # fmt: skip


@pytest.mark.parametrize(("mode", "cut"), list(FORMATS))
def test_formats_as_in_the_rules(mode, cut):
    plan = plan_elimination(standings(cut + 3), mode, cut=cut)
    assert cut_size(cut, mode) == cut
    assert plan.status == "ready" and plan.cut == cut
    assert plan.seeds == tuple(f"s{i:02d}" for i in range(1, cut + 1))
    expected = FORMATS[(mode, cut)]
    assert len(plan.stages) == len(expected)
    for i, (stage, (name, advance, games, groups)) in enumerate(
        zip(plan.stages, expected, strict=True)
    ):
        assert (stage.name, stage.advance, stage.games) == (name, advance, games)
        assert [g.label for g in stage.groups] == list(groups)
        for g in stage.groups:
            want = groups[g.label]
            if i == 0:
                assert seats(g) == want
            else:
                assert g.seats == want


def test_fill_stage_with_advancers():
    plan = plan_elimination(standings(16), "players")
    nxt = fill_stage(
        plan.stages[1],
        {"A": ["s01", "s05"], "B": ["s02", "s06"], "C": ["s03", "s07"], "D": ["s04", "s08"]},
    )
    assert nxt.groups[0].seats == ("s01", "s05", "s04", "s08")
    assert nxt.groups[1].seats == ("s02", "s06", "s03", "s07")
    with pytest.raises(BracketError, match="group A"):
        fill_stage(plan.stages[1], {})


def test_cut_tie_needs_a_game_then_resolves():
    ranks = list(range(1, 15)) + [15, 15, 15] + [18, 19]
    table = standings(19, ranks)
    plan = plan_elimination(table, "players")
    assert plan.status == "tiebreak_needed" and plan.stages == ()
    assert plan.cut_tie.sides == ("s15", "s16", "s17") and plan.cut_tie.slots == 2
    assert plan.seeds == tuple(f"s{i:02d}" for i in range(1, 15))
    done = plan_elimination(table, "players", cut_tiebreak=["s17", "s15", "s16"])
    assert done.status == "ready"
    assert done.seeds[14:] == ("s17", "s15")
    assert seats(done.stages[0].groups[0])[-1] == 15  # seed 16 in group A is s15
    with pytest.raises(BracketError):
        plan_elimination(table, "players", cut_tiebreak=["s17", "s18"])


def test_cut_tie_by_seeded_draw():
    ranks = list(range(1, 8)) + [8, 8, 8]
    table = standings(10, ranks)
    plan = plan_elimination(table, "players", tie_resolution="draw", draw_seed=42)
    again = plan_elimination(table, "players", tie_resolution="draw", draw_seed=42)
    assert plan == again and plan.status == "ready"
    assert plan.cut_tie.draw_seed == 42 and plan.cut_tie.slots == 1
    assert plan.seeds[7] == plan.cut_tie.draw_order[0]
    with pytest.raises(BracketError, match="seed"):
        plan_elimination(table, "players", tie_resolution="draw")


def test_tie_inside_the_cut_is_no_cut_tie():
    plan = plan_elimination(standings(10, [1, 2, 2, 4, 5, 6, 7, 8, 9, 10]), "players")
    assert plan.status == "ready" and plan.cut_tie is None


def test_standings_must_be_ordered():
    with pytest.raises(BracketError, match="order"):
        plan_elimination([("a", 2), ("b", 1), ("c", 3), ("d", 4)], "players")


@pytest.mark.parametrize(
    ("result", "advance", "advanced", "tied", "slots"),
    [
        ([("a", 1, 20), ("b", 2, 15), ("c", 3, 9), ("d", 4, 2)], 2, ("a", "b"), None, 0),
        ([("a", 1, 20), ("b", 2, 9), ("c", 2, 9), ("d", 4, 2)], 2, ("a",), ("b", "c"), 1),
        ([("a", 1, 9), ("b", 1, 9), ("c", 3, 5), ("d", 4, 2)], 2, ("a", "b"), None, 0),
        ([("a", 1, 9), ("b", 1, 9), ("c", 1, 9), ("d", 4, 2)], 2, (), ("a", "b", "c"), 2),
        ([("a", 1, 9), ("b", 1, 9), ("c", 1, 9), ("d", 1, 9)], 2, (), ("a", "b", "c", "d"), 2),
        ([("a", 1, 7), ("b", 1, 7)], 1, (), ("a", "b"), 1),
        ([("b", 2, 3), ("a", 1, 7)], 1, ("a",), None, 0),
        # a VP mode: equal VP the engine already split by Health Tokens left is no tie
        ([("a", 1, 5), ("b", 2, 3), ("c", 3, 3), ("d", 4, 1)], 2, ("a", "b"), None, 0),
    ],
)
def test_advancement(result, advance, advanced, tied, slots):
    adv = decide_advancement(result, advance)
    assert adv.advanced == advanced
    if tied is None:
        assert adv.tiebreak is None and adv.decided
    else:
        assert adv.tiebreak.sides == tied and adv.tiebreak.slots == slots


def test_tiebreak_game_resolves_and_may_tie_again():
    pending = decide_advancement([("a", 1, 9), ("b", 1, 9), ("c", 1, 9), ("d", 4, 2)], 2)
    again = resolve_tiebreak(pending, [("a", 1, 5), ("b", 1, 5), ("c", 1, 5)])
    assert again.tiebreak.sides == ("a", "b", "c") and again.tiebreak.slots == 2
    partial = resolve_tiebreak(pending, [("c", 1, 8), ("a", 2, 4), ("b", 2, 4)])
    assert partial.advanced == ("c",) and partial.tiebreak.sides == ("a", "b")
    done = resolve_tiebreak(partial, [("b", 1, 6), ("a", 2, 1)])
    assert done.advanced == ("c", "b") and done.eliminated == ("a", "d") and done.decided
    with pytest.raises(BracketError):
        resolve_tiebreak(pending, [("a", 1, 5), ("d", 2, 1)])


def test_inconsistent_result_refused():
    with pytest.raises(BracketError, match="inconsistent"):
        decide_advancement([("a", 2, 10), ("b", 1, 5), ("c", 3, 1)], 1)


@settings(max_examples=examples(150), deadline=None)
@given(
    scores=st.lists(st.integers(0, 6), min_size=2, max_size=6),
    advance=st.integers(1, 5),
)
def test_advancement_partitions_the_sides(scores, advance):
    if advance >= len(scores):
        advance = len(scores) - 1
    ordered = sorted(scores, reverse=True)
    result = [(f"x{i}", 1 + sum(1 for t in ordered if t > s), s) for i, s in enumerate(ordered)]
    adv = decide_advancement(result, advance)
    tied = adv.tiebreak.sides if adv.tiebreak else ()
    assert sorted(adv.advanced + adv.eliminated + tied) == sorted(r[0] for r in result)
    assert len(adv.advanced) + (adv.tiebreak.slots if adv.tiebreak else 0) == advance
    score = {r[0]: r[2] for r in result}
    if adv.tiebreak:
        assert len({score[s] for s in tied}) == 1
        assert 0 < adv.tiebreak.slots < len(tied)
    for a in adv.advanced:
        assert all(score[a] > score[x] for x in adv.eliminated + tied)


def test_final_three_games_points_carried_over():
    g1 = [("a", 1, 20), ("b", 2, 10), ("c", 3, 5), ("d", 4, 1)]
    g2 = [("b", 1, 20), ("a", 2, 10), ("c", 3, 5), ("d", 4, 1)]
    g3 = [("c", 1, 20), ("a", 2, 10), ("b", 3, 5), ("d", 4, 1)]
    res = decide_final([g1, g2, g3])
    assert res.complete and res.winner == "a"
    assert res.totals == (("a", 10), ("b", 9), ("c", 8), ("d", 3))
    partial = decide_final([g1, g2])
    assert not partial.complete and partial.winner is None


def test_final_tie_for_first_needs_a_game():
    g1 = [Placing("a", 1, 20), Placing("b", 2, 10), Placing("c", 3, 5), Placing("d", 4, 1)]
    g2 = [Placing("b", 1, 20), Placing("a", 2, 10), Placing("c", 3, 5), Placing("d", 4, 1)]
    g3 = [Placing("c", 1, 20), Placing("d", 2, 10), Placing("a", 3, 5), Placing("b", 3, 5)]
    res = decide_final([g1, g2, g3])
    assert res.winner is None and res.tiebreak.sides == ("a", "b")
    assert res.totals[:2] == (("a", 9), ("b", 9))


def test_a_final_that_sums_vp_totals_the_scores_not_the_places():
    games = [
        [("a", 1, 9), ("b", 2, 8), ("c", 3, 1), ("d", 4, 0)],
        [("b", 1, 6), ("a", 2, 5), ("c", 3, 4), ("d", 4, -5)],
        [("c", 1, 7), ("b", 2, 6), ("a", 3, 2), ("d", 4, 1)],
    ]
    by_place = decide_final(games)
    by_vp = decide_final(games, by_score=True)
    assert by_place.winner == "b"  # 3 + 4 + 3 = 10 against a's 4 + 3 + 2 = 9
    assert dict(by_vp.totals) == {"a": 16, "b": 20, "c": 12, "d": -4}
    assert by_vp.winner == "b"
