"""Eye for an Eye results: ranking, VP modes and every consistency check (hand-worked)."""

import pytest

from engine import api
from engine.errors import ResultInvalid
from tests.engine.helpers import EFAE, battle, places_points, problems_of

# --- battle ranking -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rows, expected",
    [
        # cups 14,9,9,2; survivors 1,0,1,0 -> adjusted 19,9,14,2 -> places 1,3,2,4 -> 4,2,3,1
        # (b and d are knocked out: at least 25 tokens must sit in the cups, and 34 do)
        (
            [("a", 14, 1), ("b", 9, 0), ("c", 9, 1), ("d", 2, 0)],
            {"a": (1, 4), "b": (3, 2), "c": (2, 3), "d": (4, 1)},
        ),
        # 2 players: cups 10,0; survivors 1,0 -> 15,0 -> 4/2
        ([("a", 10, 1), ("b", 0, 0)], {"a": (1, 4), "b": (2, 2)}),
        # cups 3,8; both alive -> 8,13 -> b first: the +5 does not change the order here
        ([("a", 3, 1), ("b", 8, 1)], {"a": (2, 2), "b": (1, 4)}),
        # cups 12,10; survivors 0,1 -> 12,15 -> the survivor bonus lifts b above a
        ([("a", 12, 0), ("b", 10, 1)], {"a": (2, 2), "b": (1, 4)}),
        # 3 players: cups 11,6,7; survivors 0,1,1 -> 11,11,12 -> c 1st (4), a and b tie 2nd (2, 2)
        ([("a", 11, 0), ("b", 6, 1), ("c", 7, 1)], {"c": (1, 4), "a": (2, 2), "b": (2, 2)}),
        # 4 players: 8,8 alive,alive (13,13), 3 alive (8), 0 out (0) -> 1,1,3,4 -> 4,4,2,1
        (
            [("a", 8, 1), ("b", 8, 1), ("c", 3, 1), ("d", 0, 0)],
            {"a": (1, 4), "b": (1, 4), "c": (3, 2), "d": (4, 1)},
        ),
    ],
)
def test_every_eye_ranking(rows, expected):
    assert places_points(api.score(EFAE, "every_eye", battle(*rows))) == expected


def test_score_output_shape_and_order():
    # cups 14,9,9,2; survivors 1,0,1,0 -> a 19, c 14, b 9, d 2
    report = battle(("a", 14, 1), ("b", 9, 0), ("c", 9, 1), ("d", 2, 0))
    rows = api.score(EFAE, "every_eye", report)
    assert [r["side"] for r in rows] == ["a", "c", "b", "d"]
    assert rows[0] == {
        "side": "a",
        "place": 1,
        "points": 4,
        "score": 19,
        "stats": {"survivors": 1, "victory_cup_tokens": 14, "guard_tokens": 0},
        "tie_break_needed": False,
    }


@pytest.mark.parametrize(
    "policy, expected, flags",
    [
        # a,b 13 each, c 8, d 0 -> shared 4,4,2,1
        ("shared", {"a": (1, 4), "b": (1, 4), "c": (3, 2), "d": (4, 1)}, set()),
        # average: a,b span 4 and 3 -> 3.5 each
        ("average", {"a": (1, 3.5), "b": (1, 3.5), "c": (3, 2), "d": (4, 1)}, set()),
        # playoff: shared points, a and b flagged for a tie-break game
        ("playoff", {"a": (1, 4), "b": (1, 4), "c": (3, 2), "d": (4, 1)}, {"a", "b"}),
    ],
)
def test_tie_policies_in_a_game(policy, expected, flags):
    report = battle(("a", 8, 1), ("b", 8, 1), ("c", 3, 1), ("d", 0, 0))
    rows = api.score(EFAE, "every_eye", report, {"tie_policy": policy})
    assert places_points(rows) == expected
    assert {r["side"] for r in rows if r["tie_break_needed"]} == flags


def test_alliances_ranking_counts_every_surviving_character():
    # 2v2: team x cups 20, 2 survivors -> 30; team y cups 18, 1 survivor -> 23 -> x 4, y 2
    report = battle(("x", 20, 2), ("y", 18, 1))
    rows = api.score(EFAE, "alliances", report, {"side_sizes": {"x": 2, "y": 2}})
    assert places_points(rows) == {"x": (1, 4), "y": (2, 2)}
    assert rows[0]["score"] == 30


def test_alliances_2v2v2_and_odd_teams():
    # 2v2v2: cups 20,16,4, survivors 1,2,0 -> 25,26,4 -> y 1st 4, x 2nd 2, z 3rd 1
    # (cups hold 40; three knocked out lost at least 15 + 15 + 10 = 40: just possible)
    report = battle(("x", 20, 1), ("y", 16, 2), ("z", 4, 0))
    sizes = {"side_sizes": {"x": 2, "y": 2, "z": 2}}
    assert places_points(api.score(EFAE, "alliances", report, sizes)) == {
        "y": (1, 4),
        "x": (2, 2),
        "z": (3, 1),
    }
    # 3v2 (odd teams) is allowed: cups 30,9, survivors 3,0 -> 45,9
    report = battle(("x", 30, 3), ("y", 9, 0))
    rows = api.score(EFAE, "alliances", report, {"side_sizes": {"x": 3, "y": 2}})
    assert places_points(rows) == {"x": (1, 4), "y": (2, 2)}


def test_team_size_from_characters():
    # naming the characters gives the team size: 2 + 2
    report = battle(
        ("x", 16, 1, {"characters": ["Grublic", "Pluma"]}),
        ("y", 15, 1, {"characters": ["Hydris", "Banksia"]}),  # tribe name -> Riparian
    )
    normal = api.validate(EFAE, "alliances", report)
    assert normal["sides"][1]["characters"] == ["Riparian", "Banksia"]


def test_five_players_need_organiser_table():
    rows = [("a", 20, 1), ("b", 5, 0), ("c", 5, 0), ("d", 10, 0), ("e", 20, 0)]
    fields, error = problems_of(EFAE, "every_eye", battle(*rows))
    assert (None, "sides") in fields
    assert "points table" in str(error)
    # with a table: a 25 > e 20 > d 10 > b,c 5 -> 1,2,3,4,4 -> 5,4,3,1.5?  shared: 2,2
    opts = {"points_table": {"5": [5, 4, 3, 2, 1]}}
    assert places_points(api.score(EFAE, "every_eye", battle(*rows), opts)) == {
        "a": (1, 5),
        "e": (2, 4),
        "d": (3, 3),
        "b": (4, 2),
        "c": (4, 2),
    }


def test_grubic_spelling_is_accepted():
    report = battle(("a", 15, 1, {"characters": ["grubic"]}), ("b", 0, 0, {"characters": ["Echo"]}))
    assert api.validate(EFAE, "every_eye", report)["sides"][0]["characters"] == ["Grublic"]


# --- consistency checks ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "mode, report, options, expected",
    [
        # negative and non-integer counts
        (
            "every_eye",
            battle(("a", -1, 1), ("b", 2.5, "1")),
            None,
            {("a", "victory_cup_tokens"), ("b", "victory_cup_tokens"), ("b", "survivors")},
        ),
        # survivors 2 but a player side has one character
        ("every_eye", battle(("a", 5, 2), ("b", 20, 1)), None, {("a", "survivors")}),
        # ended with one side left, but two sides have survivors
        (
            "every_eye",
            battle(("a", 5, 1), ("b", 20, 1), ended_by="last_side_standing"),
            None,
            {(None, "ended_by")},
        ),
        # nobody left standing is impossible: the game stops at one side
        ("every_eye", battle(("a", 15, 0), ("b", 15, 0)), None, {(None, "survivors")}),
        # missing, unknown and duplicate sides, all reported together
        (
            "every_eye",
            battle(("a", 5, 1), ("a", 5, 1), ("z", 0, 1)),
            {"expected_sides": ["a", "b"]},
            {("a", "side"), ("b", "side"), ("z", "side")},
        ),
        # Guard tokens beyond five in the whole game
        (
            "every_eye",
            battle(("a", 20, 1, {"guard_tokens": 3}), ("b", 20, 1, {"guard_tokens": 3})),
            None,
            {(None, "guard_tokens")},
        ),
        # more Guard tokens than tokens in the cup
        (
            "every_eye",
            battle(("a", 2, 1, {"guard_tokens": 3}), ("b", 0, 1)),
            None,
            {("a", "guard_tokens")},
        ),
        # Echo's own side cannot win Guard tokens
        (
            "every_eye",
            battle(("a", 2, 1, {"guard_tokens": 1, "characters": ["Echo"]}), ("b", 0, 1)),
            None,
            {("a", "guard_tokens")},
        ),
        # Guard tokens without Echo in the game (everyone named)
        (
            "every_eye",
            battle(
                ("a", 2, 1, {"guard_tokens": 1, "characters": ["Pluma"]}),
                ("b", 0, 1, {"characters": ["Grublic"]}),
            ),
            None,
            {(None, "guard_tokens")},
        ),
        # a character used twice; and a side naming two chiefs in Every Eye
        (
            "every_eye",
            battle(
                ("a", 15, 1, {"characters": ["Pluma"]}),
                ("b", 15, 1, {"characters": ["pluma"]}),
                ("c", 0, 1, {"characters": ["Echo", "Grublic"]}),
            ),
            None,
            {("b", "characters"), ("c", "side_sizes")},
        ),
        # unknown character, unknown field, bad ended_by
        (
            "every_eye",
            {
                "sides": [
                    {"side": "a", "victory_cup_tokens": 1, "survivors": 1, "characters": ["Bob"]},
                    {"side": "b", "victory_cup_tokens": 1, "survivors": 1, "cup": 3},
                ],
                "ended_by": "rain",
            },
            None,
            {("a", "characters"), ("b", "cup"), (None, "ended_by")},
        ),
        # b was knocked out: it lost at least 10 (it may be Echo), but a's cup holds 9
        ("every_eye", battle(("a", 9, 1), ("b", 3, 0)), None, {("b", "victory_cup_tokens")}),
        # health_left more than a surviving character can hold (Echo starts with 10)
        (
            "every_eye",
            battle(
                ("a", 10, 1, {"characters": ["Echo"], "health_left": 11}),
                ("b", 3, 1, {"health_left": 0}),
            ),
            None,
            {("a", "health_left"), ("b", "health_left")},
        ),
        # health_left for a side with no survivors must be 0
        (
            "every_eye",
            battle(("a", 15, 1), ("b", 0, 0, {"health_left": 2})),
            None,
            {("b", "health_left")},
        ),
        # team size unknown in Alliances
        (
            "alliances",
            battle(("x", 10, 1), ("y", 10, 1)),
            None,
            {("x", "side_sizes"), ("y", "side_sizes")},
        ),
        # team of 4 and a 7th player
        (
            "alliances",
            battle(("x", 10, 1), ("y", 10, 1)),
            {"side_sizes": {"x": 4, "y": 3}},
            {("x", "side_sizes"), (None, "sides")},
        ),
        # side_sizes says 3 but only two characters named
        (
            "alliances",
            battle(("x", 30, 1, {"characters": ["Echo", "Pluma"]}), ("y", 30, 1)),
            {"side_sizes": {"x": 3, "y": 2}},
            {("x", "characters")},
        ),
        # Alliances: total lost (2 knocked out: at least 15 + 10) beats the 20 in all cups
        (
            "alliances",
            battle(("x", 10, 2), ("y", 10, 0)),
            {"side_sizes": {"x": 2, "y": 2}},
            {(None, "victory_cup_tokens")},
        ),
        # only one side
        ("every_eye", battle(("a", 0, 1)), None, {(None, "sides")}),
    ],
)
def test_impossible_results(mode, report, options, expected):
    fields, _ = problems_of(EFAE, mode, report, options)
    assert fields == expected


def test_problem_message_names_side_and_numbers():
    _, error = problems_of(EFAE, "every_eye", battle(("e12", 5, 2), ("b", 20, 1)))
    assert str(error.problems[0]) == "Side 'e12': survivors is 2 but this side only has 1 character"
    assert error.to_dict()["problems"][0] == {
        "side": "e12",
        "field": "survivors",
        "message": "survivors is 2 but this side only has 1 character",
    }


@pytest.mark.parametrize(
    "rows",
    [
        # heals make cups bigger than the opponents' starting health: allowed
        [("a", 40, 1), ("b", 0, 1)],
        # Echo possibly unnamed: b knocked out with 10 lost, a holds exactly 10
        [("a", 10, 1), ("b", 0, 0)],
        # named Echo on b, knocked out: 10 is enough
        [("a", 10, 1, {"characters": ["Pluma"]}), ("b", 0, 0, {"characters": ["Echo"]})],
        # health_left known: b kept 9 of 15, so 6 lost and a holds 6
        [("a", 6, 1, {"health_left": 15}), ("b", 0, 1, {"health_left": 9})],
        # Guard tokens do not count against the regular-token bound; 5 in all is fine
        [("a", 15, 1, {"guard_tokens": 2}), ("b", 18, 1, {"guard_tokens": 3})],
    ],
)
def test_possible_results_are_accepted(rows):
    api.validate(EFAE, "every_eye", battle(*rows))


def test_named_non_echo_tightens_the_bound():
    # b is Pluma (15), knocked out, but a's cup holds only 10 regular tokens
    rows = [("a", 10, 1, {"characters": ["Echo"]}), ("b", 0, 0, {"characters": ["Pluma"]})]
    fields, _ = problems_of(EFAE, "every_eye", battle(*rows))
    # b's own loss, and the game's total: what was lost is more than all the cups hold
    assert fields == {("b", "victory_cup_tokens"), (None, "victory_cup_tokens")}


def test_all_problems_reported_at_once():
    report = battle(("a", -3, 4), ("a", 1, 1), ("b", "x", 1), ended_by="never")
    with pytest.raises(ResultInvalid) as info:
        api.validate(EFAE, "every_eye", report, {"expected_sides": ["a", "b", "c"]})
    assert len(info.value.problems) >= 5


@pytest.mark.parametrize("report", [None, [], {"sides": "a"}, {"sides": [{"x": 1}, "b"]}])
def test_malformed_reports(report):
    with pytest.raises(ResultInvalid):
        api.validate(EFAE, "every_eye", report)


def test_every_eye_checks_that_all_the_cups_hold_what_everyone_lost():
    """Issue 13.3: two knocked-out characters lost at least 25 tokens (one may be Echo), yet the
    cups held 17. Each side alone passed (its loss fits in the others' cups); the total did not."""
    report = battle(("a", 7, 1), ("b", 4, 0), ("c", 4, 1), ("d", 2, 0))
    fields, error = problems_of(EFAE, "every_eye", report)
    assert fields == {(None, "victory_cup_tokens")}
    assert "sides b, d lost at least 25 Health Tokens" in str(error)
    assert "hold only 17" in str(error)
    # the same report with enough tokens in the cups is accepted
    api.validate(EFAE, "every_eye", battle(("a", 7, 1), ("b", 4, 0), ("c", 12, 1), ("d", 2, 0)))
