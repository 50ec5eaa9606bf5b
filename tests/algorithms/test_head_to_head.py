"""Issue 17: the head-to-head record is counted from the rating's own games, with no database:
one count per opponent per game, above / below / level by place, team-mates left out."""

from leagues.logic.head_to_head import head_to_head
from leagues.logic.rating import Game, Side


def game(key, *sides, system="eye_for_an_eye"):
    """``sides`` as (players, place) pairs."""
    return Game((key,), system, tuple(Side(tuple(players), place) for players, place in sides))


def counts(records):
    return {r.opponent: (r.games, r.above, r.below, r.level) for r in records}


def test_no_games_no_records():
    assert head_to_head("ann", []) == []
    assert head_to_head("ann", [game(1, (["bob"], 1), (["cat"], 2))]) == []  # not her game


def test_a_pod_counts_once_against_each_other_player():
    games = [
        game(1, (["bob"], 1), (["ann"], 2), (["cat"], 3), (["dan"], 4)),
        game(2, (["ann"], 1), (["bob"], 2), (["eve"], 2)),  # bob and eve share second
        game(3, (["ann"], 2), (["bob"], 2)),  # a shared place is level
    ]
    assert counts(head_to_head("ann", games)) == {
        "bob": (3, 1, 1, 1),
        "cat": (1, 1, 0, 0),
        "dan": (1, 1, 0, 0),
        "eve": (1, 1, 0, 0),
    }


def test_team_mates_are_not_opponents_but_the_other_team_is():
    games = [game(1, (["ann", "amy"], 1), (["bob", "ben"], 2))]
    assert counts(head_to_head("amy", games)) == {"bob": (1, 1, 0, 0), "ben": (1, 1, 0, 0)}


def test_most_games_first_then_the_best_record_then_the_id():
    games = [
        game(1, (["ann"], 1), (["bob"], 2), (["cat"], 3)),
        game(2, (["ann"], 2), (["bob"], 1)),
        game(3, (["ann"], 1), (["dan"], 2)),
        game(4, (["ann"], 1), (["dan"], 2)),
    ]
    order = [r.opponent for r in head_to_head("ann", games)]
    assert order == ["dan", "bob", "cat"]  # dan 2 games 2-0, bob 2 games 1-1, cat 1 game


def test_one_system_can_be_asked_for():
    games = [
        game(1, (["ann"], 1), (["bob"], 2)),
        game(2, (["ann"], 1), (["cat"], 2), system="tsukuyumi"),
    ]
    assert set(counts(head_to_head("ann", games, system="tsukuyumi"))) == {"cat"}
    assert set(counts(head_to_head("ann", games))) == {"bob", "cat"}


def test_a_player_listed_twice_in_a_game_counts_once():
    games = [game(1, (["ann"], 1), (["bob"], 2), (["bob", "cat"], 3))]
    assert counts(head_to_head("ann", games))["bob"] == (1, 1, 0, 0)
