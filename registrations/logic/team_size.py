"""Whether a forming team can play, and whether one more member fits: read from the mode's
``ModeFit`` (``tournament.logic.mode_fit``), never from a copy of its limits.

A team takes a place only while its size is one of the mode's team sizes; a member may join
while the team stays within the largest of them.
"""

from __future__ import annotations

from tournament.logic.mode_fit import ModeFit, Problem


def can_play(fit: ModeFit, size: int) -> bool:
    """Whether a team of ``size`` players is one the mode seats."""
    return fit.team_play and fit.team_size_problem(size) is None


def join_problem(fit: ModeFit, size: int) -> Problem | None:
    """Why a team of ``size`` players cannot take one more member (None: it can): the team
    would be larger than any the mode seats."""
    if size + 1 <= max(fit.team_sizes):
        return None
    return fit.team_size_problem(size + 1)
