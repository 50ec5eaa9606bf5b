"""The ``options`` dict that goes with a report: parsed and checked once, up front.

Common keys (every system):

* ``expected_sides`` - list of side ids that must each appear exactly once in the report.
* ``side_sizes`` - {side id: number of players/characters}; teams in Alliances have 2-3.
* ``points_table`` - {side count: [points for 1st, 2nd, ...]}, the organiser's table.
* ``tie_policy`` - ``"shared"`` (default), ``"average"`` or ``"playoff"``.

Each game system may add its own keys (``GameSystem.option_fields``). Unknown keys and bad
values raise ``OptionsInvalid`` (a ``ResultInvalid`` whose problems name ``options.<key>``):
the organiser's configuration is wrong, which a person can fix, so it is user-facing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.errors import OptionsInvalid, Problem
from engine.fields import Field, as_whole_number, check_fields
from engine.json_data import JsonObject
from engine.messages import Sentence
from engine.ranking import GAME_POINTS, TIE_POLICIES, parse_points_tables

COMMON_OPTION_FIELDS: tuple[Field, ...] = (
    Field(
        "expected_sides",
        "Expected sides",
        "text_list",
        required=False,
        help_text="Side ids that must each appear exactly once in the report.",
    ),
    Field(
        "side_sizes",
        "Side sizes",
        "int_map",
        required=False,
        min=1,
        help_text="Players (characters) per side; teams need this unless characters are named.",
    ),
    Field(
        "points_table",
        "Points table",
        "int_map",
        required=False,
        help_text='Organiser points per place, by side count: {"5": [5, 4, 3, 2, 1]}.',
    ),
    Field(
        "tie_policy",
        "Tie policy",
        "choice",
        required=False,
        default="shared",
        choices=TIE_POLICIES,
        help_text="How sides with equal scores share places and points.",
    ),
    Field(
        "game_points",
        "Game points",
        "choice",
        required=False,
        default="places",
        choices=GAME_POINTS,
        help_text="What a game gives each side toward the standings: the points of its place "
        '("places", the points table) or its score ("score": the VP of a VP-mode game).',
    ),
)

SPECIAL = {"points_table", "side_sizes", "expected_sides"}


def parse_options(
    raw: JsonObject | None,
    system_fields: tuple[Field, ...] = (),
    extra_check: Callable[[JsonObject, list[Problem]], None] | None = None,
) -> dict[str, Any]:
    """Return the options with defaults filled in; raise ``OptionsInvalid`` on any problem."""
    raw = {} if raw is None else raw
    if not isinstance(raw, dict):
        raise OptionsInvalid([Problem.coded(None, "options", Sentence("options_not_object"))])
    problems: list[Problem] = []
    plain = {k: v for k, v in raw.items() if k not in SPECIAL}
    fields = tuple(f for f in COMMON_OPTION_FIELDS if f.name not in SPECIAL) + system_fields
    out = check_fields(fields, plain, None, [], problems, ignore=tuple(SPECIAL), prefix="options.")
    out["points_table"] = {}
    if raw.get("points_table") is not None:
        try:
            out["points_table"] = parse_points_tables(raw["points_table"])
        except OptionsInvalid as exc:
            problems.extend(exc.problems)
    out["expected_sides"] = _expected_sides(raw.get("expected_sides"), problems)
    out["side_sizes"] = _side_sizes(raw.get("side_sizes"), problems)
    if extra_check is not None and not problems:
        extra_check(out, problems)
    if problems:
        raise OptionsInvalid(problems)
    return out


def _expected_sides(value: Any, problems: list[Problem]) -> list[str] | None:
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or not all(isinstance(s, str) and s for s in value)
        or len(set(value)) != len(value)
    ):
        problems.append(Problem.coded(None, "options.expected_sides", Sentence("expected_sides")))
        return None
    return list(value)


def _side_sizes(value: Any, problems: list[Problem]) -> dict[str, int]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        problems.append(
            Problem.coded(None, "options.side_sizes", Sentence("side_sizes_not_object"))
        )
        return {}
    out = {}
    for side, size in value.items():
        n = as_whole_number(size)
        if not isinstance(side, str) or n is None or n < 1:
            problems.append(
                Problem.coded(
                    None, "options.side_sizes", Sentence("side_size_too_small", side=repr(side))
                )
            )
            continue
        out[side] = n
    return out
