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

from engine.errors import OptionsInvalid, Problem, ResultInvalid

DEFAULT_POINTS_TABLES: dict[int, tuple[int, ...]] = {
    2: (4, 2),
    3: (4, 2, 1),
    4: (4, 3, 2, 1),
}
TIE_POLICIES = ("shared", "average", "playoff")

Number = int | float


def places_from_keys(keys: Sequence[tuple]) -> list[int]:
    """Place of each entry (1 = best): one more than the number of strictly better keys.

    Bigger keys are better; equal keys share the better place (1, 1, 3 ...).
    """
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def parse_points_tables(raw: object) -> dict[int, tuple[Number, ...]]:
    """Validate an organiser ``points_table`` option: {side_count: [1st, 2nd, ...]}.

    Keys may be ints or digit strings (JSON object keys are strings). Each list must have one
    entry per place, non-negative numbers, never increasing with a worse place.
    Raises ``OptionsInvalid`` listing every problem.
    """
    problems: list[Problem] = []
    out: dict[int, tuple[Number, ...]] = {}
    if not isinstance(raw, dict):
        raise OptionsInvalid(
            [Problem(None, "options.points_table", "points_table must map side counts to lists")]
        )
    for key, points in raw.items():
        count = int(key) if isinstance(key, int | str) and str(key).isdigit() else None
        where = f"points_table[{key!r}]"
        if count is None or count < 2:
            problems.append(Problem(None, "options.points_table", f"{where}: bad side count"))
            continue
        if (
            not isinstance(points, list | tuple)
            or len(points) != count
            or not all(isinstance(p, int | float) and not isinstance(p, bool) for p in points)
        ):
            problems.append(
                Problem(None, "options.points_table", f"{where}: needs {count} numbers")
            )
            continue
        if any(p < 0 for p in points) or any(
            a < b for a, b in zip(points, points[1:], strict=False)
        ):
            problems.append(
                Problem(
                    None,
                    "options.points_table",
                    f"{where}: points must be non-negative and never rise for a worse place",
                )
            )
            continue
        out[count] = tuple(points)
    if problems:
        raise OptionsInvalid(problems)
    return out


def points_table(side_count: int, organiser_tables: dict | None = None) -> tuple[Number, ...]:
    """The points for 1st, 2nd, ... in a game of ``side_count`` sides.

    The organiser's table wins over the default. Raises ``ResultInvalid`` when no table exists
    (5-6 side games without an organiser table).
    """
    tables = dict(DEFAULT_POINTS_TABLES)
    tables.update(organiser_tables or {})
    if side_count not in tables:
        raise ResultInvalid([no_table_problem(side_count)])
    return tables[side_count]


def no_table_problem(side_count: int) -> Problem:
    """The problem reported when a game's side count has no points table."""
    return Problem(
        None,
        "sides",
        f"a {side_count}-side game has no points table in the rules; the organiser must "
        f"give one (options.points_table) before it can be scored",
    )


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
    out = []
    for place in places:
        group = sum(1 for p in places if p == place)
        if tie_policy == "average":
            spanned = table[place - 1 : place - 1 + group]
            points = _clean(sum(Fraction(str(p)) for p in spanned) / group)
        else:
            points = table[place - 1]
        out.append((points, tie_policy == "playoff" and group > 1))
    return out
