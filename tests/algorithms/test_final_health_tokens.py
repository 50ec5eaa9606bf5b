"""Issue 35.7: a tied VP-mode final goes to the most Health Tokens left at the end of its last
game (000: "a draw at the end of the last game of a series"), not to an extra game; only a tie
on those too is played off."""

from tournament.logic.brackets.advancement import decide_final

GAMES = [
    [("a", 1, 9), ("b", 2, 4), ("c", 3, 1), ("d", 4, 0)],
    [("b", 1, 9), ("a", 2, 4), ("c", 3, 1), ("d", 4, 0)],
    [("b", 1, 5), ("a", 2, 5), ("c", 3, 1), ("d", 4, 0)],
]


def test_a_tied_vp_final_goes_to_the_most_health_tokens_left_in_the_last_game():
    result = decide_final(GAMES, by_score=True, last_game_health={"a": 2, "b": 6, "c": 3, "d": 3})
    assert result.complete and result.winner == "b" and result.tiebreak is None
    assert [side for side, _ in result.totals] == ["b", "a", "c", "d"]


def test_a_tie_on_health_tokens_too_is_played_off():
    result = decide_final(GAMES, by_score=True, last_game_health={"a": 4, "b": 4, "c": 9, "d": 0})
    assert result.winner is None and result.tiebreak.sides == ("a", "b")
    assert "Health Tokens" in result.tiebreak.reason


def test_without_health_tokens_a_tied_final_is_played_off_as_before():
    result = decide_final(GAMES, by_score=True)
    assert result.winner is None and result.tiebreak.sides == ("a", "b")
