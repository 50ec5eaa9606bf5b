"""Eye vs Eye, grid skirmish and Tsukuyumi results (hand-worked cases)."""

import pytest

from engine import api
from tests.engine.helpers import places_points, problems_of


def eve(*rows, first=None):
    report = {"sides": [{"side": s, "viewpoints": v} for s, v in rows]}
    if first is not None:
        report["first_to_100"] = first
    return report


@pytest.mark.parametrize(
    "report, expected",
    [
        # b reached 100 first and wins even though c ended on more (c gained on b's turn)
        (
            eve(("a", 40), ("b", 102), ("c", 110), first="b"),
            {"b": (1, 4), "c": (2, 2), "a": (3, 1)},
        ),
        # cards ran out: most Viewpoints wins, 70 > 55
        (eve(("a", 55), ("b", 70)), {"b": (1, 4), "a": (2, 2)}),
        # cards ran out, a tie on 60 -> shared 1st (4, 4)
        (eve(("a", 60), ("b", 60)), {"a": (1, 4), "b": (1, 4)}),
    ],
)
def test_eye_vs_eye_ranking(report, expected):
    assert places_points(api.score("eye_vs_eye", "standard", report)) == expected


@pytest.mark.parametrize(
    "report, expected",
    [
        # the first-to-100 player must have 100
        (eve(("a", 99), ("b", 20), first="a"), {("a", "viewpoints")}),
        # first_to_100 must be a side of the game; negative Viewpoints
        (eve(("a", 120), ("b", -1), first="z"), {(None, "first_to_100"), ("b", "viewpoints")}),
    ],
)
def test_eye_vs_eye_problems(report, expected):
    assert problems_of("eye_vs_eye", "standard", report)[0] == expected


def grid(*rows, winner=None):
    sides = []
    for row in rows:
        entry = {"side": row[0], "figures_left": row[1], "health_left": row[2]}
        if len(row) > 3:
            entry["army"] = row[3]
        sides.append(entry)
    report = {"sides": sides}
    if winner:
        report["winner"] = winner
    return report


@pytest.mark.parametrize(
    "report, options, expected",
    [
        # a is the only side with figures: winner (derived when left empty)
        (grid(("a", 2, 3), ("b", 0, 0)), None, {"a": (1, 4), "b": (2, 2)}),
        # stopped by the clock, 3 sides: figures 2,2,1, health 5,7,4 -> b (2,7), a (2,5), c
        (
            grid(("a", 2, 5), ("b", 2, 7), ("c", 1, 4)),
            None,
            {"b": (1, 4), "a": (2, 2), "c": (3, 1)},
        ),
        # army costs 4 + 6 = 10, at the cap: fine
        (
            grid(("a", 1, 2, ["Orc", "Troll"]), ("b", 0, 0, ["Elf"]), winner="a"),
            {"card_costs": {"Orc": 4, "Troll": 6, "Elf": 9}},
            {"a": (1, 4), "b": (2, 2)},
        ),
    ],
)
def test_grid_ranking(report, options, expected):
    assert places_points(api.score("grid_skirmish", "standard", report, options)) == expected


def test_grid_winner_is_filled_in():
    assert (
        api.validate("grid_skirmish", "standard", grid(("a", 1, 1), ("b", 0, 0)))["winner"] == "a"
    )


@pytest.mark.parametrize(
    "report, options, expected",
    [
        # winner while another side still has figures
        (grid(("a", 1, 1), ("b", 1, 2), winner="a"), None, {(None, "winner")}),
        # nobody left
        (grid(("a", 0, 0), ("b", 0, 0)), None, {(None, "figures_left")}),
        # health below figures, health without figures
        (grid(("a", 3, 2), ("b", 0, 1)), None, {("a", "health_left"), ("b", "health_left")}),
        # army over the cap (6 + 6 = 12), unknown card, more figures than cards
        (
            grid(("a", 1, 1, ["Troll", "Troll"]), ("b", 2, 2, ["Gnome"])),
            {"card_costs": {"Troll": 6}},
            {("a", "army"), ("b", "army"), ("b", "figures_left")},
        ),
    ],
)
def test_grid_problems(report, options, expected):
    assert problems_of("grid_skirmish", "standard", report, options)[0] == expected


@pytest.mark.parametrize(
    "options",
    [
        {"card_costs": {"Dragon": 11}},  # a card above the cap
        {"card_costs": {"Orc": -1}},
        {"card_costs": []},
        {"army_cap": 0},
        {"colour": "red"},  # unknown option key
    ],
)
def test_grid_bad_options(options):
    problems = problems_of("grid_skirmish", "standard", grid(("a", 1, 1), ("b", 0, 0)), options)[0]
    assert all(field.startswith("options") for _, field in problems)


def tsu(*rows, order, winner=None):
    sides = [{"side": s, "vp": vp, **(extra[0] if extra else {})} for s, vp, *extra in rows]
    report = {"sides": sides, "initiative_order": order}
    if winner:
        report["supremacy_winner"] = winner
    return report


@pytest.mark.parametrize(
    "report, options, expected",
    [
        # 14 > 12 > 9 -> a, b, c
        (tsu(("a", 14), ("b", 12), ("c", 9), order=["c", "b", "a"]), None,
         {"a": (1, 4), "b": (2, 2), "c": (3, 1)}),
        # tie on 12: b is higher in initiative than a -> b 1st; no shared places ever
        (tsu(("a", 12), ("b", 12), order=["b", "a"]), None, {"b": (1, 4), "a": (2, 2)}),
        # supremacy: a reached 20 first; c has more VP but a wins
        (tsu(("a", 20), ("b", 5), ("c", 21), order=["a", "b", "c"], winner="a"),
         {"supremacy_target": 20}, {"a": (1, 4), "c": (2, 2), "b": (3, 1)}),
        # breakdown adds up: 3 moon + 2 goal + 4 areas + 2 fertile + 2 initiative = 13 (a table
        # of three: a table of two scores only victory cards)
        (
            tsu(("a", 13, {"vp_moon": 3, "vp_faction_goal": 2, "vp_areas": 4,
                           "vp_fertile_ground": 2, "vp_initiative": 2}),
                ("b", 1), ("c", 0), order=["a", "b", "c"]),
            None, {"a": (1, 4), "b": (2, 2), "c": (3, 1)},
        ),
    ],
)  # fmt: skip
def test_tsukuyumi_ranking(report, options, expected):
    assert places_points(api.score("tsukuyumi", "standard", report, options)) == expected


@pytest.mark.parametrize(
    "report, options, expected",
    [
        # breakdown 5 + 3 = 8 but total 10
        (tsu(("a", 10, {"vp_areas": 5, "vp_missions": 3}), ("b", 1), ("c", 1),
             order=["a", "b", "c"]), None, {("a", "vp")}),
        # 5 moon VP in a 4-round game, faction goal 1, fertile ground 3, initiative wrong
        (
            tsu(("a", 10, {"vp_moon": 5, "vp_faction_goal": 1, "vp_fertile_ground": 3,
                           "vp_initiative": 1}), ("b", 1), ("c", 1), order=["a", "b", "c"]),
            None,
            {("a", "vp_moon"), ("a", "vp_faction_goal"), ("a", "vp_fertile_ground"),
             ("a", "vp_initiative")},
        ),
        # third place gets no initiative VP
        (tsu(("a", 1, {"vp_initiative": 1}), ("b", 1), ("c", 1), order=["b", "c", "a"]), None,
         {("a", "vp_initiative")}),
        # initiative order must be a permutation of the players
        (tsu(("a", 1), ("b", 2), order=["a", "a"]), None, {(None, "initiative_order")}),
        (tsu(("a", 1), ("b", 2), order=["a"]), None, {(None, "initiative_order")}),
        # supremacy winner below target; winner without the variant
        (tsu(("a", 14), ("b", 2), order=["a", "b"], winner="a"), {"supremacy_target": 15},
         {("a", "vp")}),
        (tsu(("a", 14), ("b", 2), order=["a", "b"], winner="a"), None,
         {(None, "supremacy_winner")}),
        # someone reached the target but no winner named
        (tsu(("a", 16), ("b", 2), order=["a", "b"]), {"supremacy_target": 15},
         {(None, "supremacy_winner")}),
        # 7 players is too many
        (tsu(*[(s, 1) for s in "abcdefg"], order=list("abcdefg")), None, {(None, "sides")}),
    ],
)  # fmt: skip
def test_tsukuyumi_problems(report, options, expected):
    assert problems_of("tsukuyumi", "standard", report, options)[0] == expected


def test_tsukuyumi_moon_bound_follows_rounds():
    # 5 moon VP is fine in an epic (5-round) game at a table of three
    report = tsu(("a", 5, {"vp_moon": 5}), ("b", 1), ("c", 0), order=["b", "c", "a"])
    api.validate("tsukuyumi", "standard", report, {"rounds": 5})
    assert problems_of("tsukuyumi", "standard", report, {"rounds": 6})[0] == {
        (None, "options.rounds")
    }


# --- Tsukuyumi, two players (issue 13.13) ------------------------------------------------


def two(*rows, order):
    return tsu(*rows, order=order)


def test_two_player_game_takes_a_victory_card_breakdown_with_no_initiative_vp():
    report = two(
        ("a", 7, {"vp_victory_cards": 7, "vp_initiative": 0, "vp_moon": 0}),
        ("b", 5, {"vp_victory_cards": 5}),
        order=["a", "b"],
    )
    rows = api.score("tsukuyumi", "two_player", report)
    assert [(r["side"], r["place"], r["points"]) for r in rows] == [("a", 1, 4), ("b", 2, 2)]


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"vp_initiative": 2}, "vp_initiative"),
        ({"vp_missions": 1}, "vp_missions"),
        ({"vp_moon": 1}, "vp_moon"),
    ],
)
def test_two_player_vp_come_only_from_the_victory_cards(extra, field):
    report = two(("a", 7, {"vp_victory_cards": 5, **extra}), ("b", 5), order=["a", "b"])
    fields, error = problems_of("tsukuyumi", "two_player", report)
    assert ("a", field) in fields
    assert "only the victory cards" in str(error)


def test_two_player_game_is_for_two_and_its_totals_agree():
    fields, _ = problems_of(
        "tsukuyumi", "two_player", two(("a", 3), ("b", 2), ("c", 1), order=["a", "b", "c"])
    )
    assert (None, "sides") in fields
    fields, _ = problems_of(
        "tsukuyumi",
        "two_player",
        two(("a", 7, {"vp_victory_cards": 6}), ("b", 5), order=["a", "b"]),
    )
    assert fields == {("a", "vp")}
