"""Field specifications and the generic checks every report field goes through.

A ``Field`` says what one entry of a result form is (name, label, type, bounds, choices...);
``Field.to_dict`` is what ``describe`` hands to a web form generator. ``check_fields`` validates
a dict of submitted values against a tuple of fields, collecting every problem instead of
stopping at the first, and returns the normalised values (``None`` where a value was unusable,
so that later cross-checks can skip it).

Field types:

* ``int`` - a whole number (JSON integer; ``3.0`` is accepted as 3, ``2.5``/``"3"``/``true`` not)
* ``bool`` - true/false
* ``choice`` - one of ``choices`` (case-insensitive; ``aliases`` map other spellings)
* ``text`` - free text
* ``side`` - one of the game's side ids (``null`` allowed when the field is not required)
* ``side_list`` - every side id of the game exactly once, in an order (e.g. initiative order)
* ``choice_list`` - a list of values from ``choices``
* ``text_list`` - a list of strings
* ``int_map`` - an object mapping names to whole numbers (used by options)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.errors import Problem
from engine.messages import Sentence

FIELD_TYPES = (
    "int",
    "bool",
    "choice",
    "text",
    "side",
    "side_list",
    "choice_list",
    "text_list",
    "int_map",
)


@dataclass(frozen=True)
class Field:
    """One entry of a result form or of a game's options."""

    name: str
    label: str
    type: str
    required: bool = True
    default: Any = None
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] | None = None
    help_text: str = ""
    aliases: dict[str, str] = field(default_factory=dict, hash=False, compare=False)

    def to_dict(self) -> dict[str, object]:
        """JSON-serialisable description, everything a form generator needs."""
        return {
            "name": self.name,
            "label": self.label,
            "type": self.type,
            "min": self.min,
            "max": self.max,
            "choices": list(self.choices) if self.choices is not None else None,
            "required": self.required,
            "default": self.default,
            "help_text": self.help_text,
        }


def as_whole_number(value: Any) -> int | None:
    """Return ``value`` as an int if it is a whole number (not a bool), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def _bounded(f: Field, n: int) -> str | None:
    if f.min is not None and n < f.min:
        return Sentence("too_small", field=f.name, value=_shown(n), limit=f.min)
    if f.max is not None and n > f.max:
        return Sentence("too_large", field=f.name, value=_shown(n), limit=f.max)
    return None


def _echo(value: Any) -> str:
    """``repr(value)`` for a message, cut short: a refusal never echoes a huge input back."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _shown(n: int) -> str:
    """A number for a message: a hostile 300-digit value is not echoed back whole."""
    text = str(n)
    return text if len(text) <= 12 else f"{text[:6]}... ({len(text)} digits)"


def _choice(f: Field, value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    wanted = value.strip().lower()
    for choice in f.choices or ():
        if choice.lower() == wanted:
            return choice
    return f.aliases.get(wanted)


def check_value(f: Field, value: Any, sides: list[str]) -> tuple[Any, str | None]:
    """Check one present value; return (normalised value, None) or (None, problem message)."""
    t = f.type
    if t == "int":
        n = as_whole_number(value)
        if n is None:
            return None, Sentence("not_whole_number", field=f.name, value=_echo(value))
        message = _bounded(f, n)
        return (None, message) if message else (n, None)
    if t == "bool":
        if isinstance(value, bool):
            return value, None
        return None, Sentence("not_true_or_false", field=f.name, value=_echo(value))
    if t == "choice":
        found = _choice(f, value)
        if found is None:
            expected = ", ".join(f.choices or ())
            return None, Sentence(
                "not_a_choice", field=f.name, value=_echo(value), choices=expected
            )
        return found, None
    if t == "text":
        if isinstance(value, str):
            return value, None
        return None, Sentence("not_text", field=f.name)
    if t == "side":
        if value in sides:
            return value, None
        return None, Sentence("not_a_side", field=f.name, value=_echo(value))
    if t in ("side_list", "choice_list", "text_list"):
        return _check_list(f, value, sides)
    if t == "int_map":
        return _check_int_map(f, value)
    return None, f"{f.name} has an unsupported type {t!r}"


def _check_list(f: Field, value: Any, sides: list[str]) -> tuple[Any, str | None]:
    if not isinstance(value, list):
        return None, Sentence("not_a_list", field=f.name)
    if f.type == "text_list":
        if all(isinstance(v, str) and v.strip() for v in value):
            return [v.strip() for v in value], None
        return None, f"{f.name} must be a list of non-empty names"
    if f.type == "choice_list":
        out = []
        for v in value:
            found = _choice(f, v)
            if found is None:
                return None, f"{f.name}: {v!r} is not one of {', '.join(f.choices or ())}"
            out.append(found)
        return out, None
    # side_list: every side exactly once
    if sorted(map(str, value)) != sorted(sides) or len(set(value)) != len(value):
        return None, (
            f"{f.name} must list every side of this game exactly once "
            f"(got {_echo(value)}, sides are {sides!r})"
        )
    return list(value), None


def _check_int_map(f: Field, value: Any) -> tuple[Any, str | None]:
    if not isinstance(value, dict) or not value:
        return None, f"{f.name} must be a non-empty object of name -> whole number"
    out = {}
    for key, raw in value.items():
        n = as_whole_number(raw)
        if not isinstance(key, str) or not key.strip() or n is None:
            return None, f"{f.name}: {_echo(key)} -> {_echo(raw)} is not a name with a whole number"
        message = _bounded(f, n)
        if message:
            return None, f"{f.name}: {_echo(key)} is {n}; values must be at least {f.min}"
        out[key.strip()] = n
    return out, None


def with_prefix(prefix: str, message: str) -> str:
    """``message`` about a field named with ``prefix`` ("options."); a ``Sentence`` stays one
    (its sentences begin with the field's name)."""
    if not prefix:
        return message
    if isinstance(message, Sentence) and message.params.get("field"):
        params = {**message.params, "field": prefix + message.params["field"]}
        return Sentence(message.code, **params)
    return prefix + message


def check_fields(
    fields: tuple[Field, ...],
    data: dict[str, Any],
    side: str | None,
    sides: list[str],
    problems: list[Problem],
    ignore: tuple[str, ...] = (),
    prefix: str = "",
) -> dict[str, Any]:
    """Validate ``data`` against ``fields``; append problems; return normalised values.

    Unknown keys are problems (they are usually typos). Missing optional fields take their
    default. Unusable values become ``None`` in the returned dict.
    """
    known = {f.name for f in fields}
    for key in data:
        if key not in known and key not in ignore:
            name = prefix + str(key)[:60]
            problems.append(Problem.coded(side, name, Sentence("unknown_field", name=repr(name))))
    out: dict[str, Any] = {}
    for f in fields:
        if key_missing(data, f.name):
            if f.required:
                required = Sentence("required", field=f.name)
                problems.append(Problem.coded(side, prefix + f.name, required))
            out[f.name] = None if f.required else f.default
            continue
        value, message = check_value(f, data[f.name], sides)
        if message:
            problems.append(Problem.coded(side, prefix + f.name, with_prefix(prefix, message)))
        out[f.name] = value
    return out


def key_missing(data: dict[str, Any], name: str) -> bool:
    """A field counts as missing when absent or explicitly null."""
    return data.get(name) is None
