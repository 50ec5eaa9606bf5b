"""Eye for an Eye VP modes: Nymphlet Ceremony, King of the Hill, Domination (hand-worked)."""

import pytest

from engine import api
from engine.errors import EventRejected, ResultInvalid
from tests.engine.helpers import EFAE, places_points, problems_of


def nym(*rows, ended_by=None):
    """Rows: (side, caught standing, caught by fallen, survivors, health_left)."""
    sides = [
        {"side": s, "nymphlets_caught": a, "nymphlets_caught_by_fallen": b, "survivors": n,
         "health_left": h}
        for s, a, b, n, h in rows
    ]  # fmt: skip
    return {"sides": sides, **({"ended_by": ended_by} if ended_by else {})}


def vp(*rows, ended_by=None):
    """Rows: (side, vp_scored, survivors, health_left)."""
    sides = [{"side": s, "vp_scored": v, "survivors": n, "health_left": h} for s, v, n, h in rows]
    return {"sides": sides, **({"ended_by": ended_by} if ended_by else {})}


@pytest.mark.parametrize(
    "mode, report, options, expected",
    [
        # 2 players (3 Nymphlets each): a caught 2 standing -> 4 VP; b caught 1 standing -> 2 VP
        ("nymphlet_ceremony", nym(("a", 2, 0, 1, 9), ("b", 1, 0, 1, 4)), None,
         {"a": (1, 4), "b": (2, 2)}),
        # a knocked out: its 3 catches are worth 1 each = 3; b 1 standing = 2 -> a still first
        ("nymphlet_ceremony", nym(("a", 0, 3, 0, 0), ("b", 1, 0, 1, 4)), None,
         {"a": (1, 4), "b": (2, 2)}),
        # 3 players (2 each): VP 2,2,0; health 3 vs 8 breaks the tie -> b 1st, a 2nd, c 3rd
        ("nymphlet_ceremony", nym(("a", 1, 0, 1, 3), ("b", 1, 0, 1, 8), ("c", 0, 0, 1, 5)),
         None, {"b": (1, 4), "a": (2, 2), "c": (3, 1)}),
        # same VP and same health -> shared place
        ("nymphlet_ceremony", nym(("a", 1, 0, 1, 3), ("b", 1, 0, 1, 3)), None,
         {"a": (1, 4), "b": (1, 4)}),
        # alliance 2v2 (1 Nymphlet each, 4 in all): team x 1 standing + 1 fallen = 3 VP,
        # team y 1 standing = 2 VP
        ("nymphlet_ceremony_alliance", nym(("x", 1, 1, 1, 6), ("y", 1, 0, 2, 20)),
         {"side_sizes": {"x": 2, "y": 2}}, {"x": (1, 4), "y": (2, 2)}),
        # KotH: 7 VP but killed -> 2; 4 VP alive -> 4; 3 VP alive -> 3 -> b, c, a = 4, 2, 1
        ("king_of_the_hill", vp(("a", 7, 0, 0), ("b", 4, 1, 2), ("c", 3, 1, 12)), None,
         {"b": (1, 4), "c": (2, 2), "a": (3, 1)}),
        # Domination 4 players: 6,6,1,0 VP all alive; health 10 vs 2 splits the 6s
        ("domination", vp(("a", 6, 1, 2), ("b", 6, 1, 10), ("c", 1, 1, 1), ("d", 0, 1, 15)),
         None, {"b": (1, 4), "a": (2, 3), "c": (3, 2), "d": (4, 1)}),
        # Domination alliance 3v3: x 12 scored, one killed -> 7; y 9 scored, none killed -> 9
        ("domination_alliance", vp(("x", 12, 2, 20), ("y", 9, 3, 30)),
         {"side_sizes": {"x": 3, "y": 3}}, {"y": (1, 4), "x": (2, 2)}),
        # KotH alliance 2v2: both teams lost a character: 8-5=3 vs 3-5=-2
        ("king_of_the_hill_alliance", vp(("x", 8, 1, 4), ("y", 3, 1, 15)),
         {"side_sizes": {"x": 2, "y": 2}}, {"x": (1, 4), "y": (2, 2)}),
    ],
)  # fmt: skip
def test_vp_mode_ranking(mode, report, options, expected):
    assert places_points(api.score(EFAE, mode, report, options)) == expected


def test_vp_stats():
    rows = api.score(EFAE, "king_of_the_hill", vp(("a", 7, 0, 0), ("b", 4, 1, 2)))
    # a: 7 - 5 = 2 VP; b: 4 VP
    assert rows[0]["stats"] == {"survivors": 1, "health_left": 2, "vp": 4}
    assert rows[1]["score"] == 2


@pytest.mark.parametrize(
    "mode, report, options, expected",
    [
        # standing catches with no survivor; fallen catches with everyone alive
        ("nymphlet_ceremony", nym(("a", 1, 0, 0, 0), ("b", 0, 1, 1, 5)), None,
         {("a", "nymphlets_caught"), ("b", "nymphlets_caught_by_fallen")}),
        # 2 players: a can only catch b's 3 Nymphlets
        ("nymphlet_ceremony", nym(("a", 4, 0, 1, 5), ("b", 0, 0, 1, 5)), None,
         {("a", "nymphlets_caught")}),
        # 4 players, 1 each: 4 caught in all is impossible (each side can catch 3, total 4 ok),
        # but ended because none left while only 2 of 4 were caught
        ("nymphlet_ceremony",
         nym(("a", 2, 0, 1, 5), ("b", 0, 0, 1, 5), ("c", 0, 0, 1, 5), ("d", 0, 0, 1, 5),
             ended_by="no_nymphlets"),
         None, {(None, "ended_by")}),
        # 3 players (2 each = 6): 4 + 3 = 7 caught is more than exist
        ("nymphlet_ceremony",
         nym(("a", 4, 0, 1, 5), ("b", 3, 0, 1, 5), ("c", 0, 0, 1, 5)),
         None, {(None, "nymphlets_caught")}),
        # health_left is required in VP modes (the tiebreak)
        ("domination", {"sides": [{"side": "a", "vp_scored": 1, "survivors": 1},
                                  {"side": "b", "vp_scored": 1, "survivors": 1,
                                   "health_left": 3}]},
         None, {("a", "health_left")}),
        # ended by the last side standing, yet two sides survive; bad ended_by for KotH
        ("king_of_the_hill", vp(("a", 1, 1, 5), ("b", 1, 1, 5), ended_by="last_side_standing"),
         None, {(None, "ended_by")}),
        ("king_of_the_hill", vp(("a", 1, 1, 5), ("b", 1, 1, 5), ended_by="no_nymphlets"),
         None, {(None, "ended_by")}),
        # five players cannot play King of the Hill
        ("king_of_the_hill", vp(*[(s, 1, 1, 5) for s in "abcde"]), None, {(None, "sides")}),
        # King of the Hill alliance is 2v2 only: a team of 3 and 5 players are both refused
        ("king_of_the_hill_alliance", vp(("x", 1, 1, 5), ("y", 1, 1, 5)),
         {"side_sizes": {"x": 3, "y": 2}}, {("x", "side_sizes"), (None, "sides")}),
    ],
)  # fmt: skip
def test_vp_mode_problems(mode, report, options, expected):
    assert problems_of(EFAE, mode, report, options)[0] == expected


def test_nymphlet_checks_skip_unusable_values():
    # a's count is not a number: only that problem is reported, no derived ones
    report = nym(("a", "two", 0, 1, 5), ("b", 0, 0, 1, 5))
    assert problems_of(EFAE, "nymphlet_ceremony", report)[0] == {("a", "nymphlets_caught")}
    # team size unknown: no supply checks possible, only the size problem
    report = nym(("x", 5, 0, 1, 5), ("y", 0, 0, 1, 5))
    fields = problems_of(EFAE, "nymphlet_ceremony_alliance", report)[0]
    assert fields == {("x", "side_sizes"), ("y", "side_sizes")}


def test_live_refusals_for_vp_modes():
    setup = {"sides": [{"side": "a", "characters": ["Pluma"]}, {"side": "b", "characters": [7]}]}
    with pytest.raises(ResultInvalid) as info:
        api.new_game(EFAE, "domination", setup)
    assert "7" in str(info.value)
    setup = {
        "sides": [{"side": "a", "characters": ["Pluma"]}, {"side": "b", "characters": ["Echo"]}]
    }
    catch = {"type": "nymphlet_caught", "catcher": "Pluma", "owner": "Echo"}
    state = api.replay(EFAE, "nymphlet_ceremony", setup, [{"type": "start"}, catch, catch, catch])
    with pytest.raises(EventRejected) as info:
        api.apply_event(EFAE, "nymphlet_ceremony", state, catch)
    assert info.value.code == "no_nymphlet"


def test_grid_unusable_values_skip_winner_checks():
    report = {
        "sides": [
            {"side": "a", "figures_left": "x", "health_left": 1},
            {"side": "b", "figures_left": 0, "health_left": 0},
        ],
        "winner": "b",
    }
    assert problems_of("grid_skirmish", "standard", report)[0] == {("a", "figures_left")}


def test_booleans_are_not_counts():
    report = {"sides": [{"side": "a", "viewpoints": True}, {"side": "b", "viewpoints": 3}]}
    assert problems_of("eye_vs_eye", "standard", report)[0] == {("a", "viewpoints")}


def test_character_names_must_be_text():
    report = {
        "sides": [
            {"side": "a", "victory_cup_tokens": 1, "survivors": 1, "characters": [3]},
            {"side": "b", "victory_cup_tokens": 1, "survivors": 1},
        ]
    }
    assert problems_of(EFAE, "every_eye", report)[0] == {("a", "characters")}
