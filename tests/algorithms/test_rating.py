"""The multiplayer rating (issue 17): Plackett-Luce over each game's places, replayed in key
order, teams as their average player, ties as shared places (issue 35)."""

import random

import pytest

from leagues.logic.rating import (
    PROVISIONAL_GAMES,
    Game,
    Rating,
    RatingError,
    RatingRun,
    Side,
    finishing_orders,
    rate,
    side_strength,
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
    assert [r.listed for _, r in table] == sorted((r.listed for _, r in table), reverse=True)
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


# --- issue 35: ratings players can trust ---------------------------------------------------------

S = "eye_for_an_eye"


@pytest.mark.parametrize("places", [[1, 1, 3], [1, 1, 3, 4], [1, 2, 2, 4]])
def test_a_shared_place_gives_the_side_below_it_less_than_the_tied_sides(places):
    players = "abcd"[: len(places)]
    run = rate([pod(1, *players, places=places)])
    mus = [run.rating(S, p).mu for p in players]
    shared = next(place for place in places if places.count(place) > 1)
    tied = [mu for mu, place in zip(mus, places, strict=True) if place == shared]
    below = mus[places.index(min(place for place in places if place > shared))]
    assert tied[0] == pytest.approx(tied[1])
    assert below < min(tied) - 0.5  # the side placed below a tie is not lifted to it


def test_a_shared_first_place_sits_between_a_clear_first_and_a_clear_second():
    clear = rate([pod(1, "a", "b", "c", "d")])
    shared = rate([pod(1, "a", "b", "c", "d", places=[1, 1, 3, 4])])
    first, second = clear.rating(S, "a").mu, clear.rating(S, "b").mu
    assert second < shared.rating(S, "a").mu < first
    assert shared.rating(S, "c").mu == pytest.approx(clear.rating(S, "c").mu, abs=0.3)


def test_equal_players_in_a_two_against_three_game_have_even_chances():
    chances = win_chances(S, [("a", "b"), ("c", "d", "e")], RatingRun())
    assert chances == pytest.approx([0.5, 0.5], abs=0.01)


def test_a_team_of_three_is_as_strong_as_its_average_player_not_their_sum():
    steady = {(S, p): Rating(30.0, 2.0, 20) for p in "abcde"}
    chances = win_chances(S, [("a", "b"), ("c", "d", "e")], RatingRun(ratings=dict(steady)))
    assert chances == pytest.approx([0.5, 0.5], abs=0.01)
    assert side_strength(S, ("a", "b"), RatingRun(ratings=dict(steady))) == pytest.approx(30.0)


def test_a_two_against_three_win_is_no_foregone_conclusion_for_either_side():
    pair_wins = rate([Game((1,), S, (Side(("a", "b"), 1), Side(("c", "d", "e"), 2)))])
    trio_wins = rate([Game((1,), S, (Side(("a", "b"), 2), Side(("c", "d", "e"), 1)))])
    pair_gain = pair_wins.rating(S, "a").mu - 25
    trio_gain = trio_wins.rating(S, "c").mu - 25
    assert pair_gain > 0 and trio_gain > 0
    # the bigger team was no favourite: its win is news (a pair's members move a little more,
    # each carrying a larger share of their side)
    assert pair_gain / 2 < trio_gain < pair_gain


def test_the_list_ranks_a_one_game_winner_by_the_estimate_not_below_steady_average_players():
    run = RatingRun(ratings={(S, "steady"): Rating(25.0, 2.0, 40)})
    rate([pod(1, "new", "x", "y", "z")], run)
    order = [player for player, _ in run.table(S)]
    assert order.index("new") < order.index("steady")
    assert run.rating(S, "new").provisional
    assert run.rating(S, "new").listed == pytest.approx(run.rating(S, "new").mu)


def test_a_shared_place_stands_for_each_rotation_of_the_tied_sides():
    assert finishing_orders([1, 2, 3]) == [[1, 2, 3]]
    assert finishing_orders([1, 1, 3]) == [[1, 2, 3], [2, 1, 3]]
    assert finishing_orders([2, 1, 2, 2]) == [[2, 1, 3, 4], [4, 1, 2, 3], [3, 1, 4, 2]]
    assert len(finishing_orders([1, 1, 3, 3])) == 4
