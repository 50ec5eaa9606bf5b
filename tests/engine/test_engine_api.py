"""The public interface: listing, forms, registry faults, unknown systems/modes, purity."""

import ast
import json
import random
from pathlib import Path

import pytest

from engine import api, registry
from engine.base import GameSystem
from engine.errors import (
    EngineFault,
    EngineUserError,
    Problem,
    ResultInvalid,
    UnknownMode,
    UnknownSystem,
)
from engine.fields import Field, check_value
from engine.modes import ModeSpec
from tournament.logic.simulated_games import deal_characters

ENGINE = Path(__file__).resolve().parents[2] / "engine"
NOT_OURS: set[str] = set()  # the engine has no Django glue at all
FORBIDDEN = ("django", "tournament", "matches", "config", "rest_framework", "channels", "celery")


def test_list_systems_is_json_and_complete():
    systems = api.list_systems()
    json.dumps(systems)
    keys = [s["key"] for s in systems]
    assert keys == ["eye_for_an_eye", "eye_vs_eye", "grid_skirmish", "tsukuyumi"]
    efae = systems[0]
    modes = {m["key"]: m for m in efae["modes"]}
    assert set(modes) == {
        "every_eye", "alliances", "nymphlet_ceremony", "nymphlet_ceremony_alliance",
        "king_of_the_hill", "king_of_the_hill_alliance", "domination", "domination_alliance",
    }  # fmt: skip
    assert modes["alliances"]["side_kind"] == "team"
    assert modes["alliances"]["team_sizes"] == [2, 3]
    assert modes["every_eye"]["side_counts"] == [2, 3, 4, 5, 6]
    assert modes["king_of_the_hill"]["side_counts"] == [2, 3, 4]
    assert modes["every_eye"]["live_model"] == "eye_for_an_eye"
    assert efae["default_tiebreakers"] == [
        "victory_cup_tokens",
        "strength_of_schedule",
        "first_places",
    ]


@pytest.mark.parametrize(
    "system, mode",
    [(s["key"], m["key"]) for s in api.list_systems() for m in s["modes"]],
)
def test_describe_every_mode(system, mode):
    form = api.describe(system, mode)
    json.dumps(form)
    assert form["side_fields"][0]["name"] == "side"
    for f in form["game_fields"] + form["side_fields"]:
        assert set(f) == {
            "name", "label", "type", "min", "max", "choices", "required", "default", "help_text",
        }  # fmt: skip
    assert api.default_tiebreakers(system, mode) == form["default_tiebreakers"]


def test_describe_battle_form():
    form = api.describe("eye_for_an_eye", "every_eye")
    fields = {f["name"]: f for f in form["side_fields"]}
    assert fields["victory_cup_tokens"]["type"] == "int"
    assert fields["victory_cup_tokens"]["min"] == 0
    assert fields["guard_tokens"]["max"] == 5
    assert "Echo" in fields["characters"]["choices"]
    assert form["game_fields"][0]["choices"] == ["last_side_standing", "time"]


def test_unknown_system_and_mode_are_user_errors():
    with pytest.raises(UnknownSystem) as info:
        api.describe("chess", "standard")
    assert isinstance(info.value, EngineUserError)
    assert info.value.to_dict() == {
        "error": "UnknownSystem",
        "message": "Unknown game system 'chess'.",
    }
    with pytest.raises(UnknownMode) as info:
        api.score("eye_for_an_eye", "deathmatch", {"sides": []})
    assert "every_eye" in str(info.value)
    with pytest.raises(UnknownMode):
        api.default_tiebreakers("tsukuyumi", None)
    with pytest.raises(UnknownMode):
        api.new_game("tsukuyumi", "epic", {})


def test_validate_returns_normalised_report():
    report = {
        "sides": [
            {"side": "a", "victory_cup_tokens": 15.0, "survivors": 1},
            {"side": "b", "victory_cup_tokens": 0, "survivors": 0},
        ]
    }
    out = api.validate("eye_for_an_eye", "every_eye", report)
    blank = {"guard_tokens": 0, "health_left": None, "characters": None}
    assert out == {
        "sides": [
            {"side": "a", "victory_cup_tokens": 15, "survivors": 1, **blank},
            {"side": "b", "victory_cup_tokens": 0, "survivors": 0, **blank},
        ],
        "ended_by": "time",
    }
    # the normalised report is accepted again and scores the same
    again = api.score("eye_for_an_eye", "every_eye", out)
    assert again == api.score("eye_for_an_eye", "every_eye", report)


@pytest.mark.parametrize(
    "options, field",
    [
        ({"bogus": 1}, "options.bogus"),
        ({"tie_policy": "dice"}, "options.tie_policy"),
        ({"expected_sides": ["a", "a"]}, "options.expected_sides"),
        ({"expected_sides": "ab"}, "options.expected_sides"),
        ({"side_sizes": {"a": 0}}, "options.side_sizes"),
        ({"side_sizes": [2]}, "options.side_sizes"),
        ({"points_table": {"5": [1]}}, "options.points_table"),
        ("fast", "options"),
    ],
)
def test_bad_options_are_user_facing(options, field):
    with pytest.raises(ResultInvalid) as info:
        api.validate("eye_vs_eye", "standard", {"sides": []}, options)
    assert {p.field for p in info.value.problems} == {field}


def test_errors_behave():
    with pytest.raises(EngineFault):
        ResultInvalid([])
    assert str(Problem(None, "sides", "x")) == "x"


@pytest.mark.parametrize(
    "field, value, ok",
    [
        (Field("n", "N", "int", min=0, max=3), 4, False),
        (Field("b", "B", "bool"), 1, False),
        (Field("b", "B", "bool"), True, True),
        (Field("t", "T", "text"), 3, False),
        (Field("t", "T", "text"), "hi", True),
        (Field("l", "L", "text_list"), ["a", ""], False),
        (Field("l", "L", "text_list"), "a", False),
        (Field("c", "C", "choice_list", choices=("x",)), ["y"], False),
        (Field("m", "M", "int_map", min=0), {"a": "1"}, False),
        (Field("m", "M", "int_map", min=0), {}, False),
        (Field("w", "W", "weird"), 1, False),
    ],
)
def test_field_checks(field, value, ok):
    _, message = check_value(field, value, [])
    assert (message is None) == ok


class _Broken(GameSystem):
    key = "broken"
    name = "Broken"
    modes = {"m": ModeSpec("m", "M", side_kind="player", side_counts=(2,))}


def test_registry_faults():
    with pytest.raises(EngineFault):
        registry.register("not a system")
    with pytest.raises(EngineFault):
        registry.register(GameSystem())  # no key, name or modes
    bad_mode = _Broken()
    bad_mode.modes = {"x": ModeSpec("m", "M", side_kind="player", side_counts=(2,))}
    with pytest.raises(EngineFault):
        registry.register(bad_mode)
    impostor = _Broken()
    impostor.key = "tsukuyumi"
    with pytest.raises(EngineFault):
        registry.register(impostor)
    with pytest.raises(EngineFault):  # engine.live has modules without SYSTEM
        registry.discover("engine.live")


def test_incomplete_system_is_a_fault():
    system = _Broken()
    report = {"sides": [{"side": "a"}, {"side": "b"}]}
    with pytest.raises(EngineFault):
        system.score("m", report)
    with pytest.raises(EngineFault):
        system.live_model(system.mode("m"))
    system.side_fields = lambda mode: ()
    with pytest.raises(EngineFault):
        system.score("m", report)
    system.rank_sides = lambda ctx: []
    with pytest.raises(EngineFault):
        system.score("m", report)


def test_live_model_base_is_abstract():
    from engine.live.log import LiveModel

    model = LiveModel(_Broken(), _Broken.modes["m"])
    calls = (
        lambda: model.initial_state({}),
        lambda: model.step({}, {"type": "x"}),
        lambda: model.proposed_report({}),
    )
    for call in calls:
        with pytest.raises(EngineFault):
            call()


def _our_modules():
    for path in sorted(ENGINE.rglob("*.py")):
        rel = path.relative_to(ENGINE)
        if rel.parts[0] == "migrations" or (len(rel.parts) == 1 and rel.name in NOT_OURS):
            continue
        yield path


def test_engine_core_imports_no_django_or_project_apps():
    paths = list(_our_modules())
    assert len(paths) >= 10
    for path in paths:
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""] if node.level == 0 else []
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path} imports {name}"


def test_modules_stay_small():
    for path in _our_modules():
        assert len(path.read_text().splitlines()) <= 420, path


def _ended_live_game(system, mode):
    """A report for the smallest legal game of the mode, from its live model (start, end)."""
    spec = next(m for s in api.list_systems() if s["key"] == system for m in s["modes"]
                if m["key"] == mode)  # fmt: skip
    size, count = spec["team_sizes"][0], spec["side_counts"][0]
    sides = [{"side": f"s{i}"} for i in range(count)]
    if system == "eye_for_an_eye":
        for side, chars in zip(sides, deal_characters([size] * count, random.Random(1)),
                               strict=True):  # fmt: skip
            side["characters"] = chars
    state = api.new_game(system, mode, {"sides": sides})
    for event in ({"type": "start"}, {"type": "end"}):
        state = api.apply_event(system, mode, state, event)
    return api.proposed_report(system, mode, state)


REPORTS = {
    ("grid_skirmish", "standard"): {
        "sides": [
            {"side": "a", "figures_left": 2, "health_left": 5},
            {"side": "b", "figures_left": 0, "health_left": 0},
        ]
    },
    ("tsukuyumi", "standard"): {
        "sides": [{"side": "a", "vp": 12}, {"side": "b", "vp": 9}],
        "initiative_order": ["a", "b"],
    },
    ("tsukuyumi", "two_player"): {
        "sides": [{"side": "a", "vp": 7}, {"side": "b", "vp": 5}],
        "initiative_order": ["b", "a"],
    },
}


@pytest.mark.parametrize(
    "system, mode",
    [(s["key"], m["key"]) for s in api.list_systems() for m in s["modes"]],
)
def test_each_mode_declares_the_stats_its_games_carry(system, mode):
    report = REPORTS.get((system, mode)) or _ended_live_game(system, mode)
    declared = api.describe(system, mode)["stats"]
    for row in api.score(system, mode, report):
        assert sorted(row["stats"]) == sorted(declared)


@pytest.mark.parametrize(
    "system, mode",
    [(s["key"], m["key"]) for s in api.list_systems() for m in s["modes"]],
)
def test_tiebreaker_choices_are_the_defaults_then_stats_and_field_wide_ones(system, mode):
    choices = api.tiebreaker_choices(system, mode)
    defaults = api.default_tiebreakers(system, mode)
    assert choices[: len(defaults)] == defaults
    assert len(set(choices)) == len(choices)
    assert set(choices) == set(defaults) | set(api.describe(system, mode)["stats"]) | {
        "strength_of_schedule",
        "first_places",
    }
    # A default never names a statistic the mode's games do not carry (issue 13.1).
    stats = set(api.describe(system, mode)["stats"])
    assert all(key in stats or key in api.FIELD_TIEBREAKERS for key in defaults)


def _int_fields(system, mode):
    form = api.describe(system, mode)
    return [f for f in form["game_fields"] + form["side_fields"] + form["options"]
            if f["type"] in ("int", "int_map")]  # fmt: skip


@pytest.mark.parametrize(
    "system, mode",
    [(s["key"], m["key"]) for s in api.list_systems() for m in s["modes"]],
)
def test_every_whole_number_field_has_a_maximum(system, mode):
    """Issue 12.2: a report number without a bound overflowed the standings."""
    unbounded = [f["name"] for f in _int_fields(system, mode) if f["max"] is None]
    assert not unbounded, f"{system}/{mode}: {unbounded} have no maximum"


@pytest.mark.parametrize("huge", [1e308, 2**64, 10**400])
def test_a_huge_whole_number_is_refused_naming_side_and_field(huge):
    report = {
        "sides": [
            {"side": "a", "victory_cup_tokens": huge, "survivors": 1},
            {"side": "b", "victory_cup_tokens": 3, "survivors": 1},
        ]
    }
    with pytest.raises(ResultInvalid) as info:
        api.validate("eye_for_an_eye", "every_eye", report)
    [problem] = info.value.problems
    assert (problem.side, problem.field) == ("a", "victory_cup_tokens")
    assert "at most 90" in problem.message and len(problem.message) < 120


def test_the_box_bounds_tokens_and_nymphlets():
    fields = {f["name"]: f for f in api.describe("eye_for_an_eye", "every_eye")["side_fields"]}
    # 5 chiefs x 15 + Echo's 10 + 5 Guard Health Tokens
    assert fields["victory_cup_tokens"]["max"] == 90
    assert fields["guard_tokens"]["max"] == 5
    nym = {f["name"]: f for f in api.describe("eye_for_an_eye", "nymphlet_ceremony")["side_fields"]}
    assert nym["nymphlets_caught"]["max"] == 6


def test_check_options_normalises_or_names_the_bad_option():
    checked = api.check_options("eye_for_an_eye", {"points_table": {"5": [5, 4, 3, 2, 1]}})
    assert checked["points_table"][5] == (5, 4, 3, 2, 1) and checked["tie_policy"] == "shared"
    with pytest.raises(ResultInvalid) as refused:
        api.check_options("eye_for_an_eye", {"tie_policy": "coin toss"})
    assert [p.field for p in refused.value.problems] == ["options.tie_policy"]
