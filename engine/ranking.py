"""Places and points inside one game: the shared points tables and tie policies.

Pure functions over plain numbers; the game systems decide *what* is compared (their ranking
keys), this module decides *how* equal keys share places and points.

Default points tables (Eye for an Eye rulebooks, used by every system on the platform):
2 sides 4/2, 3 sides 4/2/1, 4 sides 4/3/2/1. Other side counts (5-6 players) have no table:
the organiser must supply one in ``options["points_table"]`` or the game cannot be scored.

Tie policies (``options["tie_policy"]``):

* ``shared`` (default) - tied sides share the better place and its points; the next side takes
  the place after the tied group (places 1, 1, 3).
* ``average`` - tied sides share the better place but get the average of the points of the
  places they span (e.g. two sides tied for 2nd in a 4-side game get (3 + 2) / 2 = 2.5).
* ``playoff`` - like ``shared``, and every tied side is flagged ``tie_break_needed`` so the
  tournament can schedule a tie-break game; the shared points are provisional.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TypeAlias

from engine.errors import OptionsInvalid, Problem, ResultInvalid
from engine.messages import Sentence

DEFAULT_POINTS_TABLES: dict[int, tuple[int, ...]] = {
    2: (4, 2),
    3: (4, 2, 1),
    4: (4, 3, 2, 1),
}
TIE_POLICIES = ("shared", "average", "playoff")
#: what a game gives a side: its place's points, or its score (a VP series sums the VP)
GAME_POINTS = ("places", "score")
# Bounds of an organiser's points table (project decision): a game has 2 to 12 sides (no system
# on the platform seats more than 6), and a place is worth a whole number of points from 0 to
# 100, so twenty rounds of the best place still fit the standings' columns with room to spare.
MAX_TABLE_SIDES = 12
MAX_PLACE_POINTS = 100

Number = int | float
#: what a system ranks a side by: compared item by item, bigger is better (a flag such as "won
#: the game" first, then scores; bools and whole numbers compare as numbers)
RankKey: TypeAlias = tuple[float, ...]


def places_from_keys(keys: Sequence[RankKey]) -> list[int]:
    """Place of each entry (1 = best): one more than the number of strictly better keys.

    Bigger keys are better; equal keys share the better place (1, 1, 3 ...).
    """
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def parse_points_tables(raw: object) -> dict[int, tuple[Number, ...]]:
    """Validate an organiser ``points_table`` option: {side_count: [1st, 2nd, ...]}.

    Keys may be ints or digit strings (JSON object keys are strings) from 2 to
    ``MAX_TABLE_SIDES``, each side count once. Each list must have one entry per place, whole
    numbers from 0 to ``MAX_PLACE_POINTS``, never increasing with a worse place.
    Raises ``OptionsInvalid`` listing every problem.
    """
    problems: list[Problem] = []
    out: dict[int, tuple[Number, ...]] = {}
    if not isinstance(raw, dict):
        raise OptionsInvalid(
            [Problem.coded(None, "options.points_table", Sentence("points_table_not_map"))]
        )
    if len(raw) > MAX_TABLE_SIDES:
        raise OptionsInvalid(
            [Problem.coded(None, "options.points_table", Sentence("points_table_too_many"))]
        )
    for key, points in raw.items():
        count = _side_count(key)
        where = f"points_table[{str(key)[:12]!r}]"
        if count is None:
            problems.append(
                Problem.coded(
                    None,
                    "options.points_table",
                    Sentence("points_table_count", where=where, most=MAX_TABLE_SIDES),
                )
            )
            continue
        if count in out:
            problems.append(
                Problem.coded(
                    None, "options.points_table", Sentence("points_table_twice", where=where)
                )
            )
            continue
        whole = _whole_points(points, count)
        if whole is None:
            problems.append(
                Problem.coded(
                    None,
                    "options.points_table",
                    Sentence(
                        "points_table_points", where=where, count=count, most=MAX_PLACE_POINTS
                    ),
                )
            )
            continue
        points = whole
        if any(a < b for a, b in zip(points, points[1:], strict=False)):
            problems.append(
                Problem.coded(
                    None, "options.points_table", Sentence("points_table_rising", where=where)
                )
            )
            continue
        out[count] = tuple(points)
    if problems:
        raise OptionsInvalid(problems)
    return out


def _side_count(key: object) -> int | None:
    """The side count a points-table key names, if it is one from 2 to MAX_TABLE_SIDES."""
    if isinstance(key, bool) or not isinstance(key, int | str):
        return None
    text = str(key)
    if not (text.isascii() and text.isdigit()) or len(text) > 3:
        return None
    count = int(text)
    return count if 2 <= count <= MAX_TABLE_SIDES else None


def _whole_points(points: object, count: int) -> tuple[int, ...] | None:
    """``points`` as whole numbers if it is ``count`` of them from 0 to MAX_PLACE_POINTS."""
    if not isinstance(points, list | tuple) or len(points) != count:
        return None
    out = []
    for p in points:
        if isinstance(p, bool) or not isinstance(p, int | float):
            return None
        if isinstance(p, float) and not p.is_integer():
            return None
        if not 0 <= p <= MAX_PLACE_POINTS:
            return None
        out.append(int(p))
    return tuple(out)


def points_table(
    side_count: int, organiser_tables: dict[int, tuple[Number, ...]] | None = None
) -> tuple[Number, ...]:
    """The points for 1st, 2nd, ... in a game of ``side_count`` sides.

    The organiser's table wins over the default. Raises ``ResultInvalid`` when no table exists
    (5-6 side games without an organiser table).
    """
    tables: dict[int, tuple[Number, ...]] = dict(DEFAULT_POINTS_TABLES)
    tables.update(organiser_tables or {})
    if side_count not in tables:
        raise ResultInvalid([no_table_problem(side_count)])
    return tables[side_count]


def no_table_problem(side_count: int) -> Problem:
    """The problem reported when a game's side count has no points table."""
    return Problem.coded(None, "sides", Sentence("no_points_table", count=side_count))


def _clean(value: Fraction) -> Number:
    return int(value) if value.denominator == 1 else round(float(value), 3)


def award_points(
    places: Sequence[int], table: Sequence[Number], tie_policy: str = "shared"
) -> list[tuple[Number, bool]]:
    """Points and ``tie_break_needed`` for each entry, from its place, the table and the policy.

    ``places`` must come from ``places_from_keys`` (tied groups share their best place).
    """
    if tie_policy not in TIE_POLICIES:
        raise OptionsInvalid(
            [Problem(None, "options.tie_policy", f"unknown tie policy {tie_policy!r}")]
        )
    if len(table) != len(places):
        raise ResultInvalid([no_table_problem(len(places))])
    out: list[tuple[Number, bool]] = []
    for place in places:
        group = sum(1 for p in places if p == place)
        if tie_policy == "average":
            spanned = table[place - 1 : place - 1 + group]
            points = _clean(sum((Fraction(str(p)) for p in spanned), Fraction(0)) / group)
        else:
            points = table[place - 1]
        out.append((points, tie_policy == "playoff" and group > 1))
    return out
