"""A result report in the game's own terms: per side, the fields that were reported (cups,
survivors...) with the game system's labels, and what changed from one version to another.

Pure: it reads the report (the engine's format) and the game mode's field descriptions
(``engine.api.describe``); the pages put the words around it.
"""

from dataclasses import dataclass, field
from typing import Any

SIDE_KEY = "side"


@dataclass(frozen=True)
class Entry:
    """One reported field: its label and its value as shown."""

    label: str
    value: str


@dataclass
class SideLines:
    """One side's reported fields, in the order the game describes them."""

    side: str
    name: str
    entries: list[Entry] = field(default_factory=list)


@dataclass(frozen=True)
class Change:
    """One field that differs between two versions: whose (a side's name, or "" for the
    whole game), its label, and the value before and after ("-" when absent)."""

    name: str
    label: str
    before: str
    after: str


def shown(value: Any) -> str:
    """A reported value as a player reads it: lists joined, choices without underscores."""
    if value is None or value == "" or value == []:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(shown(item) for item in value)
    if isinstance(value, dict):
        return ", ".join(f"{key} {shown(item)}" for key, item in value.items())
    if isinstance(value, str):
        return value.replace("_", " ")
    return str(value)


def worth_showing(spec: dict[str, Any], value: Any) -> bool:
    """A required field always; an optional one only when it was given and is not its default."""
    if spec.get("required"):
        return True
    return value not in (None, "", [], {}) and value != spec.get("default")


def game_entries(report: dict[str, Any], game_fields: list[dict[str, Any]]) -> list[Entry]:
    """The whole-game fields given in ``report`` (how the game ended...)."""
    return [
        Entry(spec["label"], shown(report.get(spec["name"])))
        for spec in game_fields
        if report.get(spec["name"]) not in (None, "", [], {})
    ]


def side_lines(
    report: dict[str, Any], side_fields: list[dict[str, Any]], names: dict[str, str]
) -> list[SideLines]:
    """Each side of ``report`` with its reported fields (``names``: side id -> name)."""
    lines = []
    for side in report.get("sides", []):
        side_id = str(side.get(SIDE_KEY, ""))
        entries = [
            Entry(spec["label"], shown(side.get(spec["name"])))
            for spec in side_fields
            if spec["name"] != SIDE_KEY and worth_showing(spec, side.get(spec["name"]))
        ]
        lines.append(SideLines(side_id, names.get(side_id, side_id), entries))
    return lines


def report_changes(
    before: dict[str, Any],
    after: dict[str, Any],
    description: dict[str, Any],
    names: dict[str, str],
) -> list[Change]:
    """Every field that differs from ``before`` to ``after``, the game's fields first, then
    each side's in seat order of ``after``."""
    changes = [
        Change("", spec["label"], shown(before.get(spec["name"])), shown(after.get(spec["name"])))
        for spec in description["game_fields"]
        if before.get(spec["name"]) != after.get(spec["name"])
    ]
    old_sides = {str(s.get(SIDE_KEY)): s for s in before.get("sides", [])}
    for side in after.get("sides", []):
        side_id = str(side.get(SIDE_KEY, ""))
        old = old_sides.get(side_id, {})
        for spec in description["side_fields"]:
            name = spec["name"]
            if name == SIDE_KEY or unset(old.get(name), spec) == unset(side.get(name), spec):
                continue
            changes.append(
                Change(
                    names.get(side_id, side_id),
                    spec["label"],
                    shown(old.get(name)),
                    shown(side.get(name)),
                )
            )
    return changes


def unset(value: Any, spec: dict[str, Any]) -> Any:
    """A value with an optional field's absence and its default read as the same."""
    return spec.get("default") if value in (None, "", []) else value
