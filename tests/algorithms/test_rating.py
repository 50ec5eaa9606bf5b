"""The multiplayer rating (issue 17): Plackett-Luce over each game's places, replayed in key
order, teams as the sum of their players, ties as shared places."""

import random

import pytest

from leagues.logic.rating import (
    PROVISIONAL_GAMES,
    Game,
    RatingError,
    RatingRun,
    Side,
    rate,
    win_chances,
)


def pod(key, *players, places=None, system="eye_for_an_eye"):
    places = places or list(range(1, len(players) + 1))
    sides = tuple(Side((p,), place) for p, place in zip(players, places, strict=True))
    return Game((key,), system, sides)


def test_a_newcomer_starts_at_zero_and_provisional():
    run = rate([])
    rating = run.rating("eye_for_an_eye", "nobody")
    assert rating.conservative == pytest.approx(0.0)
    assert rating.provisional and rating.games == 0


def test_the_winner_rises_the_last_falls_and_everyone_gets_surer():
    run = rate([pod(1, "a", "b", "c", "d")])
    a, b, c, d = (run.rating("eye_for_an_eye", p) for p in "abcd")
    assert a.mu > b.mu > c.mu > d.mu
    assert all(r.sigma < 25 / 3 for r in (a, b, c, d))
    assert [r.games for r in (a, b, c, d)] == [1, 1, 1, 1]


def test_a_shared_place_moves_both_sides_alike():
    run = rate([pod(1, "a", "b", "c", places=[1, 1, 3])])
    a, b = run.rating("eye_for_an_eye", "a"), run.rating("eye_for_an_eye", "b")
    assert a.mu == pytest.approx(b.mu) and a.sigma == pytest.approx(b.sigma)


def test_teams_rate_every_member_and_systems_are_kept_apart():
    team_game = Game((1,), "eye_for_an_eye", (Side(("a", "b"), 1), Side(("c", "d"), 2)))
    run = rate([team_game, pod(2, "a", "c", system="tsukuyumi")])
    assert run.rating("eye_for_an_eye", "a").mu == pytest.approx(
        run.rating("eye_for_an_eye", "b").mu
    )
    assert run.rating("eye_for_an_eye", "a").mu > run.rating("eye_for_an_eye", "c").mu
    assert run.rating("tsukuyumi", "a").games == 1
    assert run.rating("eye_for_an_eye", "a").games == 1


def test_the_same_games_give_the_same_ratings_in_any_order_and_in_steps():
    rng = random.Random(5)
    players = [f"p{i}" for i in range(12)]
    games = [pod(k, *rng.sample(players, 4)) for k in range(60)]
    once = rate(games)
    shuffled = games[:]
    rng.shuffle(shuffled)
    assert rate(shuffled).ratings == once.ratings
    stepped = rate(games[:25])
    rate(games[25:], stepped)  # a recompute from a game on continues the same way
    assert stepped.ratings == once.ratings
    assert len(once.history) == 60 * 4
    table = once.table("eye_for_an_eye")
    assert [r.conservative for _, r in table] == sorted(
        (r.conservative for _, r in table), reverse=True
    )
    assert all(not r.provisional for _, r in table if r.games >= PROVISIONAL_GAMES)


def test_win_chances_favour_the_stronger_side_and_add_up_to_one():
    run = rate([pod(k, "strong", "weak") for k in range(10)])
    chances = win_chances("eye_for_an_eye", [("strong",), ("weak",), ("new",)], run)
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] > chances[2] > chances[1]


@pytest.mark.parametrize(
    "game, message",
    [
        (pod(1, "a"), "two sides or more"),
        (Game((1,), "x", (Side(("a",), 1), Side(("a",), 2))), "on two sides"),
        (Game((1,), "x", (Side((), 1), Side(("b",), 2))), "without players"),
        (Game((1,), "x", (Side(("a",), 0), Side(("b",), 2))), "not 1 or more"),
    ],
)
def test_a_game_the_model_cannot_take_is_refused_with_the_reason(game, message):
    with pytest.raises(RatingError, match=message):
        rate([game])
    assert RatingRun().ratings == {}
