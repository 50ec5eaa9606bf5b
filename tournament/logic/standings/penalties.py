"""Point penalties taken off the standings' totals (pure: no database)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from tournament.logic.standings.totals import FieldTotals


def less_penalties(field: FieldTotals, deductions: Mapping[str, float]) -> FieldTotals:
    """``field`` with each side's penalty points (entrant id -> points) taken off its points."""
    if not deductions:
        return field
    points = [p - deductions.get(i, 0) for i, p in zip(field.ids, field.points, strict=True)]
    return replace(field, points=points)
