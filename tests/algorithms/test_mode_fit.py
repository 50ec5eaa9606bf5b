"""What a game mode can seat, read once (issue 35 items 1, 3, 4): table sizes, team sizes, three
teams at a table, flowers and the elimination format, and the problems a mode finds."""

import pytest

from engine import api as engine_api
from engine.modes import ModeSpec
from tournament.logic.brackets import PAIRS, PLAYERS, TEAMS, plan_elimination
from tournament.logic.mode_fit import (
    PAIR_TABLES,
    PODS,
    field_problems,
    mode_fit,
    setting_problems,
)


def fit(system, mode):
    return mode_fit(engine_api.mode_spec(system, mode))


@pytest.mark.parametrize(
    ("system", "mode", "seating", "bracket", "team_sizes", "three_teams", "flowers"),
    [
        ("eye_for_an_eye", "every_eye", PODS, PLAYERS, (1,), False, True),
        ("eye_for_an_eye", "alliances", PAIR_TABLES, TEAMS, (2, 3), True, True),
        ("eye_for_an_eye", "king_of_the_hill", PODS, PLAYERS, (1,), False, True),
        ("eye_for_an_eye", "king_of_the_hill_alliance", PAIR_TABLES, TEAMS, (2,), False, True),
        ("eye_for_an_eye", "domination_alliance", PAIR_TABLES, TEAMS, (2, 3), True, False),
        ("tsukuyumi", "standard", PODS, PLAYERS, (1,), False, False),
        ("tsukuyumi", "two_player", PAIR_TABLES, PAIRS, (1,), False, False),
    ],
)
def test_each_mode_reads_as_what_it_seats(
    system, mode, seating, bracket, team_sizes, three_teams, flowers
):
    reading = fit(system, mode)
    assert reading.seating == seating
    assert reading.bracket == bracket
    assert reading.team_sizes == team_sizes
    assert reading.three_team_tables is three_teams
    assert reading.deals_flowers is flowers


def test_a_table_fits_only_the_modes_side_counts_and_player_limit():
    koth = fit("eye_for_an_eye", "king_of_the_hill_alliance")
    assert koth.table_fits([2, 2])
    assert not koth.table_fits([2, 3])  # five players: King of the Hill seats 2-4
    assert not koth.table_fits([2, 2, 2])
    two = fit("tsukuyumi", "two_player")
    assert two.table_fits([1, 1]) and not two.table_fits([1, 1, 1])


def test_a_mode_that_seats_neither_pairs_nor_pods_cannot_be_paired():
    threes = ModeSpec("threes", "Threes only", side_kind="player", side_counts=(3,))
    reading = mode_fit(threes)
    assert reading.seating is None
    (problem,) = setting_problems(reading, {})
    assert problem.setting == "mode" and "seats 3 sides a game" in problem.text()


def test_a_flowerless_table_over_six_players_deals_none():
    crowd = ModeSpec("crowd", "Crowd", side_kind="player", side_counts=(2, 3, 4, 8))
    assert not mode_fit(crowd).deals_flowers


def test_king_of_the_hill_alliance_refuses_a_team_of_three_and_three_team_games():
    koth = mode_fit(engine_api.mode_spec("eye_for_an_eye", "king_of_the_hill_alliance"), "KotH")
    assert koth.team_size_problem(2) is None
    assert koth.team_size_problem(3).text() == "KotH seats teams of 2 players, not 3"
    (problem,) = setting_problems(koth, {"allow_three_team_games": True})
    assert problem.setting == "allow_three_team_games"
    assert problem.text() == "2v2v2 games: KotH seats two teams a game and at most 4 players"
    assert setting_problems(koth, {"allow_three_team_games": False}) == []
    assert (
        setting_problems(fit("eye_for_an_eye", "alliances"), {"allow_three_team_games": True}) == []
    )


def test_the_cut_size_must_be_one_of_the_modes_format():
    two = mode_fit(engine_api.mode_spec("tsukuyumi", "two_player"), "Tsukuyumi two-player")
    (problem,) = setting_problems(two, {"cut_size": 16, "preferred_pod_size": 4})
    assert problem.setting == "cut_size"
    assert problem.text() == (
        "Cut size 16: Tsukuyumi two-player plays two sides a game; the cut is 8, 4, 2"
    )
    assert setting_problems(two, {"cut_size": 8}) == []
    assert setting_problems(fit("eye_for_an_eye", "every_eye"), {"cut_size": 16}) == []
    (problem,) = setting_problems(fit("eye_for_an_eye", "every_eye"), {"cut_size": 2})
    assert "groups of four; the cut is 16, 8, 4" in problem.text()


def test_registered_sides_are_checked_against_a_new_mode():
    koth = mode_fit(engine_api.mode_spec("eye_for_an_eye", "king_of_the_hill_alliance"), "KotH")
    assert field_problems(koth, [("Pair", 2)]) == []
    (problem,) = field_problems(koth, [("Pair", 2), ("Trio", 3)])
    assert problem.text() == "Mode: Trio has 3 players; KotH seats teams of 2"
    (problem,) = field_problems(koth, [("Ada", None)])
    assert problem.text() == "Mode: KotH is played by teams; the sides registered are players (1)"
    every = mode_fit(engine_api.mode_spec("eye_for_an_eye", "every_eye"), "Every Eye")
    (problem,) = field_problems(every, [("Pair", 2)])
    assert "played by single players; the sides registered are teams (1)" in problem.text()
    assert field_problems(every, []) == []


def test_the_two_player_cut_is_the_pairs_bracket():
    standings = [(f"p{n}", n) for n in range(1, 11)]
    plan = plan_elimination(standings, PAIRS)
    assert plan.cut == 8
    first = plan.stages[0]
    assert [g.seats for g in first.groups] == [
        ("p1", "p8"),
        ("p2", "p7"),
        ("p3", "p6"),
        ("p4", "p5"),
    ]
    assert [g.seats for g in plan.stages[1].groups] == [("A1", "D1"), ("B1", "C1")]
    final = plan.stages[-1]
    assert final.games == 3 and final.groups[0].seats == ("AD1", "BC1")
    assert plan_elimination(standings[:5], PAIRS).cut == 4
    assert plan_elimination(standings[:3], PAIRS).cut == 2
