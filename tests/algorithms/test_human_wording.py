"""Issue 38.13, the pure half: field codes become labels, counts take the right number, clock
values and lengths read as a clock, the audit tells a clock setting in words."""

import pytest

from common.audit.logic.story import field_changes
from common.audit.logic.values import clock_setting_words, human_value, key_label
from common.logic.durations import clock_text, clock_text_ms
from engine.api import mode_spec, validate
from engine.errors import ResultInvalid
from matches.forms import with_labels
from tournament.logic.mode_fit import mode_fit, table_problem

LABELS = {
    "guard_tokens": "Guard Health Tokens",
    "health_left": "Health Tokens left",
    "survivors": "Survivors",
    "characters": "Characters",
}


def test_field_codes_become_their_labels():
    assert with_labels("guard_tokens is 4 but the Victory Cup only holds 2 tokens", LABELS) == (
        "Guard Health Tokens is 4 but the Victory Cup only holds 2 tokens"
    )
    assert with_labels("survivors is 5 but this side only has 4 characters", LABELS) == (
        "Survivors is 5 but this side only has 4 characters"
    )
    # a plain word inside the sentence is a word, not a code
    assert with_labels("no side has survivors", LABELS) == "no side has survivors"


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(0, "0:00"), (59, "0:59"), (300, "5:00"), (3030, "50:30"), (5400, "1:30:00"), (-4, "0:00")],
)
def test_clock_text(seconds, text):
    assert clock_text(seconds) == text


def test_clock_text_of_milliseconds_rounds_a_part_second_up():
    assert clock_text_ms(299_001) == "5:00" and clock_text_ms(300_000) == "5:00"


@pytest.mark.parametrize(
    ("setting", "words"),
    [
        ("idle:300000", "idle, 5:00"),
        ("paused:1700000000000:192000:300000", "paused, 3:12 left of 5:00"),
        ("on:1700000000000:1700000300000:330000", "running, 5:30"),
        ("not a setting", None),
        ("idle:soon", None),
    ],
)
def test_clock_setting_in_words(setting, words):
    assert clock_setting_words(setting) == words


def test_the_audit_tells_a_clock_change_in_human_values():
    before = {"state": "idle", "setting": "idle:300000", "game_length_seconds": 300}
    after = {
        "state": "running",
        "setting": "on:1700000000000:1700000300000:300000",
        "game_length_seconds": 2700,
    }
    changes = field_changes(before, after)
    assert ("Clock", "idle, 5:00", "running, 5:00") in changes
    assert ("Game length", "5:00", "45:00") in changes
    assert not any("idle:300000" in text for row in changes for text in row)


def test_other_values_stay_as_they_are():
    assert human_value("setting", 3) == 3 and human_value("points", 7) == 7
    assert human_value("flag_seconds", True) is True
    assert key_label("cut_size") == "Cut size"


def test_a_table_of_one_side_says_side():
    fit = fit_of_spec_for_pairs()
    one = table_problem(fit, 3, [1])
    assert one is not None
    assert "this table has 1 side (players: 1)" in one.text()
    two = table_problem(fit, 3, [1, 1, 1, 1, 1, 1, 1])
    assert two is not None and "this table has 7 sides (players: 7)" in two.text()
    # a door's ngettext chooses the form
    chosen = one.text(translate_plural=lambda single, plural, n: plural if n != 1 else single)
    assert "1 side (" in chosen


def fit_of_spec_for_pairs():
    return mode_fit(mode_spec("eye_for_an_eye", "every_eye"))


def test_the_engine_says_one_side_not_sides():
    report = {"ended_by": "time", "sides": [{"side": "a", "victory_cup_tokens": 1, "survivors": 1}]}
    with pytest.raises(ResultInvalid) as refused:
        validate("eye_for_an_eye", "every_eye", report)
    messages = [p.message for p in refused.value.problems]
    assert any(m.startswith("1 side reported;") for m in messages), messages
    assert not any("side(s)" in m for m in messages)
