"""Tsukuyumi by table size (issue 35, items 2 and 8): a table of two plays the two-player game
of 004 p.24 whatever the mode seats it, ``rounds`` means something or is refused, and missions
are bounded by the missions in play."""

import pytest

from engine import api
from engine.errors import ResultInvalid
from tests.engine.helpers import places_points, problems_of


def tsu(*rows, order):
    sides = [{"side": s, "vp": vp, **(extra[0] if extra else {})} for s, vp, *extra in rows]
    return {"sides": sides, "initiative_order": order}


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"vp_moon": 1}, "vp_moon"),
        ({"vp_missions": 1}, "vp_missions"),
        ({"vp_faction_goal": 2}, "vp_faction_goal"),
        ({"vp_initiative": 2}, "vp_initiative"),
        ({"vp_areas": 1}, "vp_areas"),
    ],
)
def test_a_two_player_table_of_a_standard_event_scores_only_victory_cards(extra, field):
    report = tsu(("a", sum(extra.values()), extra), ("b", 0), order=["a", "b"])
    fields, error = problems_of("tsukuyumi", "standard", report)
    assert ("a", field) in fields
    assert "only the victory cards" in str(error)


def test_a_two_player_table_of_a_standard_event_takes_the_victory_card_breakdown():
    report = tsu(("a", 7, {"vp_victory_cards": 7}), ("b", 9), order=["a", "b"])
    assert places_points(api.score("tsukuyumi", "standard", report)) == {
        "a": (2, 2),
        "b": (1, 4),
    }
    wrong = tsu(("a", 7, {"vp_victory_cards": 6}), ("b", 9), order=["a", "b"])
    assert problems_of("tsukuyumi", "standard", wrong)[0] == {("a", "vp")}


def test_a_two_player_table_is_bounded_by_what_victory_cards_give():
    report = tsu(("a", 61), ("b", 9), order=["a", "b"])
    fields, error = problems_of("tsukuyumi", "standard", report)
    assert fields == {("a", "vp")}
    assert "two-player" in str(error)


def test_victory_cards_score_nothing_at_a_table_of_three():
    report = tsu(("a", 3, {"vp_victory_cards": 3}), ("b", 1), ("c", 0), order=["a", "b", "c"])
    fields, error = problems_of("tsukuyumi", "standard", report)
    assert fields == {("a", "vp_victory_cards")}
    assert "two-player" in str(error)


@pytest.mark.parametrize("rounds", [4, 5])
def test_two_player_mode_refuses_rounds_it_does_not_play(rounds):
    report = tsu(("a", 3), ("b", 1), order=["a", "b"])
    fields, error = problems_of("tsukuyumi", "two_player", report, {"rounds": rounds})
    assert fields == {(None, "options.rounds")}
    assert "3 rounds" in str(error)
    with pytest.raises(ResultInvalid):
        api.check_options("tsukuyumi", {"rounds": rounds}, mode="two_player")


def test_two_player_mode_takes_its_own_three_rounds():
    report = tsu(("a", 3), ("b", 1), order=["a", "b"])
    api.validate("tsukuyumi", "two_player", report, {"rounds": 3})
    api.check_options("tsukuyumi", {"rounds": 3}, mode="two_player")
    # a standard event's rounds are for its tables of three or more; a table of two plays three
    api.validate("tsukuyumi", "standard", report, {"rounds": 5})


def test_missions_are_bounded_by_the_missions_in_play():
    # three players bring three missions: each can be completed once by each player
    three = tsu(("a", 3, {"vp_missions": 3}), ("b", 1), ("c", 0), order=["a", "b", "c"])
    api.validate("tsukuyumi", "standard", three)
    four = tsu(("a", 4, {"vp_missions": 4}), ("b", 1), ("c", 0), order=["a", "b", "c"])
    fields, error = problems_of("tsukuyumi", "standard", four)
    assert fields == {("a", "vp_missions")}
    assert "3 missions" in str(error)
    # the Oni missions module puts three more in play
    api.validate("tsukuyumi", "standard", four, {"oni_missions": True})
    seven = tsu(("a", 7, {"vp_missions": 7}), ("b", 1), ("c", 0), order=["a", "b", "c"])
    assert problems_of("tsukuyumi", "standard", seven, {"oni_missions": True})[0] == {
        ("a", "vp_missions")
    }
