"""Before/after values of an audit entry in human terms (pure): the clock's setting
("idle:300000") as "idle, 5:00", a length in seconds as a clock time, a key as words."""

from __future__ import annotations

from common.logic.durations import clock_text, clock_text_ms
from common.logic.words import Translate, as_is, gettext_noop

#: what a clock ``setting`` (``ClockState.setting``) starts with, in words
CLOCK_STATES = {
    "idle": gettext_noop("idle"),
    "paused": gettext_noop("paused"),
    "on": gettext_noop("running"),
}

#: keys whose label is not just the key in words
KEY_LABELS = {"setting": gettext_noop("Clock")}


def clock_setting_words(value: str, gettext: Translate = as_is) -> str | None:
    """ "idle:300000" -> "idle, 5:00"; "paused:<start>:<left>:<total>" -> "paused, 3:12 left of
    5:00"; "on:<start>:<end>:<total>" -> "running, 5:00". None when it is not a clock setting."""
    state, *numbers = value.split(":")
    if state not in CLOCK_STATES or not numbers or not all(n.isdigit() for n in numbers):
        return None
    total = clock_text_ms(int(numbers[-1]))
    if state == "paused" and len(numbers) == 3:
        left = clock_text_ms(int(numbers[1]))
        return gettext(gettext_noop("paused, %(left)s left of %(total)s")) % {
            "left": left,
            "total": total,
        }
    return gettext(gettext_noop("%(state)s, %(total)s")) % {
        "state": gettext(CLOCK_STATES[state]),
        "total": total,
    }


def key_label(key: str, gettext: Translate = as_is) -> str:
    """A before/after key as people read it: "Game length" for ``game_length_seconds`` (the
    key's own words: English, as the record's keys are)."""
    if key in KEY_LABELS:
        return gettext(KEY_LABELS[key])
    return key.removesuffix("_seconds").replace("_", " ").capitalize()


def human_value(key: str, value: object, gettext: Translate = as_is) -> object:
    """``value`` in human terms where its key says what it is; else unchanged."""
    if key == "setting" and isinstance(value, str):
        return clock_setting_words(value, gettext) or value
    if key.endswith("_seconds") and isinstance(value, int) and not isinstance(value, bool):
        return clock_text(value)
    return value
