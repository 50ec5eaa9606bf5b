"""The pure rule of a forming team's size, read from the mode (no database)."""

from engine import api as engine_api
from registrations.logic.team_size import can_play, join_problem
from tournament.logic.mode_fit import mode_fit


def fit(mode: str):
    return mode_fit(engine_api.mode_spec("eye_for_an_eye", mode))


def test_alliances_plays_teams_of_two_and_three_and_takes_no_fourth():
    alliances = fit("alliances")
    assert [can_play(alliances, n) for n in (1, 2, 3)] == [False, True, True]
    assert join_problem(alliances, 2) is None
    problem = join_problem(alliances, 3)
    assert problem is not None and problem.text() == ("Alliances seats teams of 2-3 players, not 4")


def test_a_pairs_mode_takes_no_third_and_a_player_mode_no_team():
    pairs = fit("king_of_the_hill_alliance")
    assert can_play(pairs, 2) and not can_play(pairs, 3)
    assert "teams of 2 players, not 3" in join_problem(pairs, 2).text()
    assert not can_play(fit("every_eye"), 1)
