"""The cut respects the mode's tables and equal team sizes (issue 35 items 5 and 6)."""

from __future__ import annotations

import pytest

from engine.decisions import DECISIONS
from tournament.logic.brackets import (
    BracketError,
    CutRules,
    TableLimits,
    fill_stage,
    plan_elimination,
)

#: Every Eye for Themselves: 2-6 sides, 2-4 with the rulebook's points tables, six flowers
EVERY_EYE = TableLimits.for_mode((2, 3, 4, 5, 6), 6, ())
#: Alliances: 2 or 3 teams, six players at most
ALLIANCES = TableLimits.for_mode((2, 3), 6, ())


def test_the_limits_keep_the_side_counts_that_have_a_points_table():
    assert EVERY_EYE.side_counts == (2, 3, 4)
    assert TableLimits.for_mode((2, 3, 4, 5, 6), 6, (5,)).side_counts == (2, 3, 4, 5)
    assert EVERY_EYE.refusal([1] * 4) == ""
    assert "2, 3, 4 sides, not 7" in EVERY_EYE.refusal([1] * 7)
    assert ALLIANCES.refusal([2, 2, 2]) == ""
    assert "at most 6 players, not 8" in ALLIANCES.refusal([3, 3, 2])


def seven_tied_for_four():
    """Seven players all ranked 1st: a final of four, seven tied for its four places."""
    return [(f"p{i}", 1) for i in range(1, 8)]


def test_seven_tied_players_go_to_the_seeded_draw_with_the_reason():
    rules = CutRules(limits=EVERY_EYE)
    plan = plan_elimination(seven_tied_for_four(), "players", draw_seed=9, rules=rules)
    assert plan.status == "ready" and plan.cut == 4
    tie = plan.cut_tie
    assert tie.resolution == "draw" and tie.slots == 4 and len(tie.sides) == 7
    assert "not 7" in tie.reason
    assert plan.seeds == tie.draw_order[:4]
    assert plan == plan_elimination(seven_tied_for_four(), "players", draw_seed=9, rules=rules)
    with pytest.raises(BracketError, match="seed"):
        plan_elimination(seven_tied_for_four(), "players", rules=rules)


def test_a_tie_one_game_seats_is_still_played_off():
    ranks = [1, 2, 3, 4, 4, 4, 7]
    table = [(f"p{i}", r) for i, r in enumerate(ranks, 1)]
    plan = plan_elimination(table, "players", draw_seed=9, rules=CutRules(limits=EVERY_EYE))
    assert plan.status == "tiebreak_needed"
    assert plan.cut_tie.sides == ("p4", "p5", "p6") and plan.cut_tie.resolution == "game"


def test_three_tied_teams_of_eight_players_go_to_the_draw():
    table = [("t1", 1), ("t2", 1), ("t3", 1)]
    players = {"t1": 3, "t2": 3, "t3": 2}
    rules = CutRules(players=players, limits=ALLIANCES)
    plan = plan_elimination(table, "teams", draw_seed=4, rules=rules)
    assert plan.status == "ready" and plan.cut == 2
    assert plan.cut_tie.resolution == "draw" and "not 8" in plan.cut_tie.reason
    # three teams of two fit one 2v2v2 game: played off
    pairs = CutRules(players={"t1": 2, "t2": 2, "t3": 2}, limits=ALLIANCES)
    assert plan_elimination(table, "teams", draw_seed=4, rules=pairs).status == "tiebreak_needed"


def test_the_organisers_draw_carries_no_reason():
    plan = plan_elimination(
        seven_tied_for_four(), "players", tie_resolution="draw", draw_seed=1,
        rules=CutRules(limits=EVERY_EYE),
    )  # fmt: skip
    assert plan.cut_tie.resolution == "draw" and plan.cut_tie.reason == ""


def mixed_field(sizes):
    """Teams "1", "2" ... in standings order (no ties), with these sizes."""
    table = [(str(i), i) for i in range(1, len(sizes) + 1)]
    return table, {side: size for (side, _), size in zip(table, sizes, strict=True)}


def every_game(plan):
    """Every game of the plan, later stages filled best seed first."""
    advanced: dict[str, list[str]] = {}
    for stage in plan.stages:
        filled = fill_stage(stage, advanced)
        for group in filled.groups:
            yield group.seats
            advanced[group.label] = list(group.seats[: stage.advance])


def test_equal_sizes_cut_the_size_with_the_most_teams_and_never_seat_2v3():
    table, players = mixed_field([2, 3, 3, 2, 3, 3, 3, 3, 2, 3, 3, 3])
    rules = CutRules(players=players, limits=ALLIANCES, equal_sizes=True)
    plan = plan_elimination(table, "teams", rules=rules)
    assert plan.team_size == 3 and plan.cut == 8
    assert all(players[side] == 3 for side in plan.seeds)
    assert plan.seeds == ("2", "3", "5", "6", "7", "8", "10", "11")
    assert "teams of 3" in plan.note and "9 of 3, 3 of 2" in plan.note
    for seats in every_game(plan):
        assert {players[side] for side in seats} == {3}
    # without equal sizes the same field seats 2v3
    mixed = plan_elimination(table, "teams", rules=CutRules(players=players))
    assert any(len({players[s] for s in seats}) > 1 for seats in every_game(mixed))


def test_equal_counts_go_to_the_size_of_the_best_placed_team():
    table, players = mixed_field([2, 3, 3, 2, 2, 3])
    plan = plan_elimination(table, "teams", rules=CutRules(players=players, equal_sizes=True))
    assert plan.team_size == 2 and plan.seeds == ("1", "4") and plan.cut == 2
    assert "best-placed" in plan.note


def test_equal_sizes_with_no_size_of_two_teams_is_refused_with_a_message():
    table, players = mixed_field([2, 3])
    with pytest.raises(BracketError, match="no size has two teams.*turn that setting off"):
        plan_elimination(table, "teams", rules=CutRules(players=players, equal_sizes=True))


def test_equal_sizes_and_a_cut_too_big_for_the_size_say_which_size():
    table, players = mixed_field([3, 3, 3, 3, 3, 2, 2, 2])
    rules = CutRules(players=players, equal_sizes=True)
    with pytest.raises(BracketError, match="teams of 3 go through.*cut of 8 needs 8"):
        plan_elimination(table, "teams", cut=8, rules=rules)


def test_a_format_with_a_game_the_mode_cannot_seat_is_refused():
    two_player = TableLimits.for_mode((2,), 2, ())
    table = [(f"p{i}", i) for i in range(1, 9)]
    with pytest.raises(BracketError, match="group A: one game seats 2 sides, not 4"):
        plan_elimination(table, "players", rules=CutRules(limits=two_player))


def test_the_decisions_table_lists_both_readings_of_the_cut():
    texts = " ".join(d.decision for d in DECISIONS)
    assert "With equal team sizes the cut takes the teams of one size" in texts
    assert "A tie on the cut line that one game of the mode cannot seat" in texts
