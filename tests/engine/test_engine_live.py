"""Live games: event handling, refusals with reasons, and the proposed report."""

import pytest

from engine import api
from engine.errors import EngineFault, EventRejected, ResultInvalid
from tests.engine.helpers import EFAE

SETUP = {
    "sides": [
        {"side": "a", "characters": ["Grublic"]},
        {"side": "b", "characters": ["Echo"]},
        {"side": "c", "characters": ["Pluma"]},
    ]
}


def run(events, mode="every_eye", setup=SETUP):
    return api.replay(EFAE, mode, setup, [{"type": "start"}, *events])


def hit(attacker, target, hits, **kw):
    return {"type": "hit", "attacker": attacker, "target": target, "hits": hits, **kw}


def test_hits_move_tokens_into_the_attackers_cup():
    # Grublic hits Pluma 5 (2 parried) -> 3 land; Echo hits Pluma 4 unblockable -> Pluma 15-7=8
    state = run([hit("Grublic", "Pluma", 5, cancelled=2), hit("Echo", "Pluma", 4, unblockable=4)])
    assert state["sides"]["a"]["cup"] == 3
    assert state["sides"]["b"]["cup"] == 4
    assert state["characters"]["Pluma"]["health"] == 8


def test_knock_out_trophy_and_end_of_game():
    # Pluma KO'd by Grublic (15 hits), then Echo KO'd by Grublic (12 hits, only 10 tokens move)
    state = run([hit("Grublic", "Pluma", 15), hit("Grublic", "Echo", 12)])
    assert state["characters"]["Pluma"]["trophy_of"] == "Grublic"
    assert state["characters"]["Grublic"]["trophies"] == ["Pluma", "Echo"]
    assert state["sides"]["a"]["cup"] == 25
    assert (state["status"], state["ended_by"]) == ("ended", "last_side_standing")
    report = api.proposed_report(EFAE, "every_eye", state)
    # a: 25 cups + 5 -> 30; b and c: 0 -> tie for 2nd: 4, 2, 2
    rows = api.score(EFAE, "every_eye", report)
    assert [(r["side"], r["place"], r["points"]) for r in rows] == [
        ("a", 1, 4),
        ("b", 2, 2),
        ("c", 2, 2),
    ]


def test_guards():
    # two Guards placed; Grublic's hit on a Guard lands -> Guard token; a parried hit does nothing
    state = run(
        [
            {"type": "guard_placed", "count": 2},
            hit("Grublic", "Echo", 2, guard=True),
            hit("Pluma", "Echo", 1, guard=True, cancelled=1),
        ]
    )
    assert state["guards"] == {"on_board": 1, "reserve": 3}
    assert state["sides"]["a"]["guard_tokens"] == 1
    assert state["guard_tokens_left"] == 4
    report = api.proposed_report(EFAE, "every_eye", state)
    assert report["sides"][0]["victory_cup_tokens"] == 1
    assert report["sides"][0]["guard_tokens"] == 1


def test_guard_tokens_run_out_after_five():
    # a Guard is placed and hit six times: only five Guard tokens exist
    events = []
    for _ in range(6):
        events += [{"type": "guard_placed"}, hit("Grublic", "Echo", 1, guard=True)]
    state = run(events)
    assert state["sides"]["a"]["cup"] == 5
    assert state["guard_tokens_left"] == 0


def test_echo_knocked_out_takes_his_guards():
    state = run([{"type": "guard_placed", "count": 4}, hit("Pluma", "Echo", 10)])
    assert state["guards"] == {"on_board": 0, "reserve": 0}
    with pytest.raises(EventRejected) as info:
        api.apply_event(EFAE, "every_eye", state, hit("Pluma", "Echo", 1, guard=True))
    assert info.value.code == "knocked_out"
    with pytest.raises(EventRejected):
        api.apply_event(EFAE, "every_eye", state, {"type": "guard_placed"})


def test_heal_up_to_starting_health():
    state = run([hit("Grublic", "Pluma", 3), {"type": "heal", "character": "Pluma"}])
    assert state["characters"]["Pluma"]["health"] == 13
    state = api.apply_event(
        EFAE, "every_eye", state, {"type": "heal", "character": "Pluma", "tokens": 2}
    )
    assert state["characters"]["Pluma"]["health"] == 15


@pytest.mark.parametrize(
    "events, code",
    [
        ([hit("Grublic", "Pluma", 1)], "not_started"),  # no start call
        ([{"type": "start"}, {"type": "start"}], "started"),
        ([{"type": "start"}, {"type": "end"}, hit("Grublic", "Pluma", 1)], "ended"),
        ([{"type": "start"}, hit("Grublic", "Grublic", 1)], "own_side"),
        ([{"type": "start"}, hit("Grublic", "Riparian", 1)], "unknown_character"),
        ([{"type": "start"}, hit("Grublic", "Pluma", 3, cancelled=3, unblockable=1)],
         "too_many_cancelled"),
        ([{"type": "start"}, hit("Grublic", "Pluma", 2, unblockable=3)], "bad_event"),
        ([{"type": "start"}, hit("Grublic", "Pluma", 0)], "bad_event"),
        ([{"type": "start"}, hit("Grublic", "Pluma", 1.5)], "bad_event"),
        ([{"type": "start"}, hit("Grublic", "Pluma", 1, guard="yes")], "bad_event"),
        ([{"type": "start"}, hit("Grublic", "Pluma", 15), hit("Echo", "Pluma", 1)], "knocked_out"),
        ([{"type": "start"}, hit("Grublic", "Pluma", 15), hit("Pluma", "Echo", 1)], "knocked_out"),
        ([{"type": "start"}, hit("Grublic", "Pluma", 15),
          {"type": "heal", "character": "Pluma"}], "knocked_out"),
        ([{"type": "start"}, {"type": "heal", "character": "Pluma"}], "overheal"),
        ([{"type": "start"}, hit("Grublic", "Echo", 1, guard=True)], "no_guard"),
        ([{"type": "start"}, hit("Grublic", "Pluma", 1, guard=True)], "no_guard"),
        ([{"type": "start"}, {"type": "guard_placed", "count": 5}], "no_guard"),
        ([{"type": "start"}, {"type": "dance"}], "unknown_event"),
        ([{"type": "start"}, {"type": "heal", "character": "Pluma", "amount": 1}], "bad_event"),
        ([{"type": "start"}, {"type": "end", "reason": "boredom"}], "bad_event"),
        ([{"type": "start"}, {"type": "nymphlet_caught"}], "unknown_event"),
        (["start"], "bad_event"),
        ([{"type": "start", "seq": 2}], "sequence"),
    ],
)  # fmt: skip
def test_refused_events(events, code):
    with pytest.raises(EventRejected) as info:
        api.replay(EFAE, "every_eye", SETUP, events)
    assert info.value.code == code
    assert info.value.index == len(events) - 1
    assert info.value.to_dict()["reason"]


def test_sequence_numbers():
    state = api.new_game(EFAE, "every_eye", SETUP)
    state = api.apply_event(EFAE, "every_eye", state, {"type": "start", "seq": 1})
    state = api.apply_event(EFAE, "every_eye", state, hit("Grublic", "Pluma", 1, seq=2))
    assert [e["seq"] for e in state["events"]] == [1, 2]
    with pytest.raises(EventRejected) as info:  # a stale client resends number 2
        api.apply_event(EFAE, "every_eye", state, hit("Grublic", "Pluma", 1, seq=2))
    assert info.value.code == "sequence"


def test_apply_event_accepts_a_log_and_leaves_input_alone():
    log = {"setup": SETUP, "events": [{"type": "start"}]}
    state = api.apply_event(EFAE, "every_eye", log, hit("Echo", "Grublic", 2))
    assert log == {"setup": SETUP, "events": [{"type": "start"}]}
    before = dict(state)
    api.apply_event(EFAE, "every_eye", state, hit("Echo", "Grublic", 2))
    assert state == before
    assert state["characters"]["Grublic"]["health"] == 13


def test_state_is_rebuilt_from_its_log():
    state = run([hit("Grublic", "Pluma", 3)])
    state["sides"]["a"]["cup"] = 99  # tampering is undone by the replay
    state = api.apply_event(EFAE, "every_eye", state, hit("Grublic", "Pluma", 1))
    assert state["sides"]["a"]["cup"] == 4


@pytest.mark.parametrize(
    "bad",
    [None, {"events": []}, {"setup": SETUP, "system": "tsukuyumi"}, {"setup": SETUP, "mode": "x"}],
)
def test_wrong_state_objects_are_faults(bad):
    with pytest.raises(EngineFault):
        api.apply_event(EFAE, "every_eye", bad, {"type": "start"})


def test_event_log_must_be_a_list():
    with pytest.raises(EventRejected):
        api.replay(EFAE, "every_eye", SETUP, "start")


@pytest.mark.parametrize(
    "setup",
    [
        None,
        {"sides": []},
        {"sides": [{"side": "a", "characters": ["Grublic"]}]},  # one side only
        {
            "sides": [
                {"side": "a", "characters": ["Grublic"]},
                {"side": "a", "characters": ["Echo"]},
            ]
        },
        {
            "sides": [
                {"side": "a", "characters": ["Grublic"]},
                {"side": "b", "characters": ["Grublic"]},
            ]
        },
        {"sides": [{"side": "a", "characters": ["Zed"]}, {"side": "b", "characters": ["Echo"]}]},
        {
            "sides": [
                {"side": "a", "characters": ["Pluma", "Echo"]},
                {"side": "b", "characters": ["Banksia"]},
            ]
        },
        {"sides": [{"side": "a"}, {"side": "b", "characters": ["Echo"]}]},
    ],
)
def test_bad_setups(setup):
    with pytest.raises(ResultInvalid):
        api.new_game(EFAE, "every_eye", setup)


def test_too_many_players_for_king_of_the_hill():
    setup = {
        "sides": [
            {"side": n, "characters": [n]}
            for n in ["Grublic", "Echo", "Pluma", "Banksia", "Riparian"]
        ]
    }
    with pytest.raises(ResultInvalid):
        api.new_game(EFAE, "king_of_the_hill", setup)


def test_no_report_before_start():
    state = api.new_game(EFAE, "every_eye", SETUP)
    with pytest.raises(EventRejected):
        api.proposed_report(EFAE, "every_eye", state)


def test_report_while_running_is_provisional_time_end():
    state = run([hit("Grublic", "Pluma", 4)])
    report = api.proposed_report(EFAE, "every_eye", state)
    assert report["ended_by"] == "time"
    assert api.score(EFAE, "every_eye", report)[0]["side"] == "a"


ALLY = {
    "sides": [
        {"side": "x", "characters": ["Grublic", "Echo"]},
        {"side": "y", "characters": ["Pluma", "Banksia"]},
    ]
}


def test_alliances_team_cup_and_no_friendly_fire():
    # Grublic 6 on Pluma and Echo 4 on Banksia go into team x's single cup
    state = api.replay(
        EFAE,
        "alliances",
        ALLY,
        [{"type": "start"}, hit("Grublic", "Pluma", 6), hit("Echo", "Banksia", 4)],
    )
    assert state["sides"]["x"]["cup"] == 10
    with pytest.raises(EventRejected) as info:
        api.apply_event(EFAE, "alliances", state, hit("Grublic", "Echo", 1))
    assert info.value.code == "own_side"
    report = api.proposed_report(EFAE, "alliances", state)
    # x: 10 + 2 survivors * 5 = 20; y: 0 + 10 = 10
    assert [(r["side"], r["score"]) for r in api.score(EFAE, "alliances", report)] == [
        ("x", 20),
        ("y", 10),
    ]


def test_nymphlet_ceremony_live():
    # 2 players -> 3 Nymphlets each. Grublic catches 2, Echo catches 1, then Echo is knocked out
    setup = {
        "sides": [{"side": "a", "characters": ["Grublic"]}, {"side": "b", "characters": ["Echo"]}]
    }
    events = [
        {"type": "start"},
        {"type": "nymphlet_caught", "catcher": "Grublic", "owner": "Echo"},
        {"type": "nymphlet_caught", "catcher": "Echo", "owner": "Grublic"},
        {"type": "nymphlet_caught", "catcher": "Grublic", "owner": "Echo"},
        hit("Grublic", "Echo", 10),
    ]
    state = api.replay(EFAE, "nymphlet_ceremony", setup, events)
    assert state["ended_by"] == "last_side_standing"
    report = api.proposed_report(EFAE, "nymphlet_ceremony", state)
    rows = api.score(EFAE, "nymphlet_ceremony", report)
    # a: 2 caught standing = 4 VP; b: 1 caught, fallen = 1 VP
    assert [(r["side"], r["score"]) for r in rows] == [("a", 4), ("b", 1)]
    bad = [{"type": "start"}, {"type": "nymphlet_caught", "catcher": "Grublic", "owner": "Grublic"}]
    with pytest.raises(EventRejected):
        api.replay(EFAE, "nymphlet_ceremony", setup, bad)


def test_nymphlet_ceremony_ends_when_none_left():
    # 4 players -> 1 Nymphlet each; Grublic catches all three others, Echo's... 3 caught, 1 left
    setup = {
        "sides": [{"side": n, "characters": [n]} for n in ["Grublic", "Echo", "Pluma", "Banksia"]]
    }
    catches = [
        {"type": "nymphlet_caught", "catcher": "Grublic", "owner": o}
        for o in ["Echo", "Pluma", "Banksia"]
    ]
    state = api.replay(EFAE, "nymphlet_ceremony", setup, [{"type": "start"}, *catches])
    assert state["status"] == "running"
    last = {"type": "nymphlet_caught", "catcher": "Echo", "owner": "Grublic"}
    state = api.apply_event(EFAE, "nymphlet_ceremony", state, last)
    assert state["ended_by"] == "no_nymphlets"
    report = api.proposed_report(EFAE, "nymphlet_ceremony", state)
    assert api.validate(EFAE, "nymphlet_ceremony", report)["ended_by"] == "no_nymphlets"
    with pytest.raises(EventRejected):
        api.apply_event(EFAE, "nymphlet_ceremony", state, last)


def test_vp_mode_live_and_penalty():
    # KotH 3 players: Grublic 4 VP, Pluma 3 VP then knocked out (-5), Echo 0
    events = [
        {"type": "vp", "character": "Grublic", "points": 4, "reason": "scored on paper"},
        {"type": "vp", "character": "Pluma", "points": 3, "reason": "scored on paper"},
        hit("Echo", "Pluma", 15),
        {"type": "end", "reason": "scoring_complete"},
    ]
    state = run(events, mode="king_of_the_hill")
    report = api.proposed_report(EFAE, "king_of_the_hill", state)
    assert report["ended_by"] == "scoring_complete"
    rows = api.score(EFAE, "king_of_the_hill", report)
    # a 4 VP, b 0 VP, c 3 - 5 = -2 -> 4, 2, 1
    assert [(r["side"], r["score"], r["points"]) for r in rows] == [
        ("a", 4, 4),
        ("b", 0, 2),
        ("c", -2, 1),
    ]


def test_counter_model():
    setup = {"sides": [{"side": "p"}, {"side": "q", "counters": {"viewpoints": 10}}]}
    events = [
        {"type": "start"},
        {"type": "adjust", "side": "p", "delta": 104},
        {"type": "adjust", "side": "q", "delta": -3, "counter": "viewpoints"},
        {"type": "end", "fields": {"first_to_100": "p"}},
    ]
    state = api.replay("eye_vs_eye", "standard", setup, events)
    report = api.proposed_report("eye_vs_eye", "standard", state)
    assert report == {
        "sides": [{"side": "p", "viewpoints": 104}, {"side": "q", "viewpoints": 7}],
        "first_to_100": "p",
    }
    assert api.score("eye_vs_eye", "standard", report)[0]["side"] == "p"


@pytest.mark.parametrize(
    "event",
    [
        {"type": "adjust", "side": "z", "delta": 1},
        {"type": "adjust", "side": "p", "delta": 0},
        {"type": "adjust", "side": "p", "delta": -1},
        {"type": "adjust", "side": "p", "delta": 1, "counter": "gold"},
        {"type": "end", "fields": ["x"]},
        {"type": "end", "fields": {"sides": []}},
    ],
)
def test_counter_model_refusals(event):
    state = api.replay(
        "grid_skirmish", "standard", {"sides": [{"side": "p"}, {"side": "q"}]}, [{"type": "start"}]
    )
    with pytest.raises(EventRejected):
        api.apply_event("grid_skirmish", "standard", state, event)


@pytest.mark.parametrize(
    "setup",
    [
        {"sides": [{"side": "p"}]},
        {"sides": [{"side": "p"}, {"side": "p"}]},
        {"sides": [{"side": "p", "counters": {"vp": -1}}, {"side": "q"}]},
        {"sides": [{"side": "p", "counters": {"gold": 1}}, {"side": "q"}]},
        {"sides": [{"side": "p", "counters": [1]}, {"side": "q"}]},
    ],
)
def test_counter_model_bad_setup(setup):
    with pytest.raises(ResultInvalid):
        api.new_game("tsukuyumi", "standard", setup)


def test_counter_model_report_needs_start():
    state = api.new_game("tsukuyumi", "standard", {"sides": [{"side": "p"}, {"side": "q"}]})
    with pytest.raises(EventRejected):
        api.proposed_report("tsukuyumi", "standard", state)
    state = api.replay(
        "tsukuyumi",
        "standard",
        state["setup"],
        [
            {"type": "start"},
            {"type": "adjust", "side": "q", "delta": 5},
            {"type": "end", "fields": {"initiative_order": ["p", "q"]}},
        ],
    )
    assert (
        api.score("tsukuyumi", "standard", api.proposed_report("tsukuyumi", "standard", state))[0][
            "side"
        ]
        == "q"
    )


# --- scoring calls (issue 13.5) -----------------------------------------------------------


def koth(events, setup=SETUP, mode="king_of_the_hill"):
    return api.replay(EFAE, mode, setup, [{"type": "start"}, *events])


def test_a_king_of_the_hill_call_gives_each_character_on_a_hill_one_plus_one_per_other():
    # three standing: Grublic alone on a hill scores 1 + 2; nobody else scores
    state = koth([{"type": "scoring", "on": ["Grublic"]}])
    assert {n: c["vp"] for n, c in state["characters"].items()} == {
        "Grublic": 3, "Echo": 0, "Pluma": 0,
    }  # fmt: skip
    # two on hills: each scores 1 + 1; a knocked-out character no longer counts
    state = koth([hit("Grublic", "Pluma", 15), {"type": "scoring", "on": ["Grublic", "Echo"]}])
    assert state["characters"]["Grublic"]["vp"] == 1 and state["characters"]["Echo"]["vp"] == 1
    assert state["scorings"] == 1


def test_a_domination_call_names_the_colour_and_scores_the_same_way():
    state = koth([{"type": "scoring", "on": ["Echo"], "colour": "green"}], mode="domination")
    assert state["characters"]["Echo"]["vp"] == 3
    with pytest.raises(EventRejected):
        koth([{"type": "scoring", "on": ["Echo"], "colour": "pink"}], mode="domination")


@pytest.mark.parametrize(
    "event",
    [
        {"type": "scoring", "on": "Grublic"},
        {"type": "scoring", "on": ["Grublic", "Grublic"]},
        {"type": "scoring", "on": ["Nobody"]},
        {"type": "vp", "character": "Grublic", "points": 2},
        {"type": "vp", "character": "Grublic", "points": 2, "reason": " "},
    ],
)
def test_bad_calls_and_overrides_without_a_reason_are_refused(event):
    with pytest.raises(EventRejected):
        koth([event])


@pytest.mark.parametrize(("mode", "calls"), [("king_of_the_hill", 3), ("domination", 6)])
def test_turn_based_play_ends_at_the_last_scoring(mode, calls):
    setup = {**SETUP, "timing": "turn_based"}
    events = [{"type": "scoring", "on": ["Pluma"]}] * (calls - 1)
    state = koth(events, setup=setup, mode=mode)
    assert state["status"] == "running"
    state = koth([*events, {"type": "scoring", "on": []}], setup=setup, mode=mode)
    assert (state["status"], state["ended_by"]) == ("ended", "scoring_complete")
    assert state["characters"]["Pluma"]["vp"] == 3 * (calls - 1)
    report = api.proposed_report(EFAE, mode, state)
    assert report["ended_by"] == "scoring_complete"
    # real-time play: the calls go on until the referee or the clock ends the game
    state = koth([*events, {"type": "scoring", "on": []}], mode=mode)
    assert state["status"] == "running"
