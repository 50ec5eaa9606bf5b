"""Small builders shared by the engine tests."""

from __future__ import annotations

import pytest

from engine import api
from engine.errors import ResultInvalid

EFAE = "eye_for_an_eye"


def battle(*rows, ended_by=None, **game):
    """Battle report from (side, cups, survivors[, extra dict]) tuples."""
    sides = []
    for row in rows:
        side, cups, survivors = row[:3]
        entry = {"side": side, "victory_cup_tokens": cups, "survivors": survivors}
        if len(row) > 3:
            entry.update(row[3])
        sides.append(entry)
    report = {"sides": sides, **game}
    if ended_by:
        report["ended_by"] = ended_by
    return report


def places_points(rows):
    """{side: (place, points)} from score output."""
    return {r["side"]: (r["place"], r["points"]) for r in rows}


def problems_of(system, mode, report, options=None):
    """The (side, field) pairs of every problem; fails if the report is accepted."""
    with pytest.raises(ResultInvalid) as info:
        api.validate(system, mode, report, options)
    return {(p.side, p.field) for p in info.value.problems}, info.value
