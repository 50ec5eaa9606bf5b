"""Build the elimination plan from final Swiss standings.

``plan_elimination`` picks the cut size, checks the cut line for a true tie (equal
rank on both sides of it) and returns the stages with the first stage's seats filled
with side ids. A tie at the cut is settled either by a tie-break game (the plan is then
"pending" until the caller passes the game's finishing order back in ``cut_tiebreak``)
or, if the organiser chose so, by a seeded random draw whose seed and order are
returned for the audit log. A tie that one game of the mode cannot seat (``CutRules``) goes to
the seeded draw whatever the organiser chose, with the reason; with equal team sizes only the
teams of one size are cut (``cut_rules.one_size``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from common.logic.words import Worded, gettext_noop
from tournament.logic.brackets.cut_rules import CutRules, one_size
from tournament.logic.brackets.formats import BracketError, Group, Stage, cut_size, stages_for

READY = "ready"
PENDING = "tiebreak_needed"
GAME = "game"
DRAW = "draw"


@dataclass(frozen=True)
class CutTie:
    """A true tie on the cut line: ``sides`` (standings order) compete for ``slots``."""

    rank: int
    sides: tuple[str, ...]
    slots: int
    resolution: str
    draw_seed: int | None = None
    draw_order: tuple[str, ...] = ()
    #: why a draw settled it though the organiser chose a game (one game cannot seat them)
    reason: str = ""


@dataclass(frozen=True)
class EliminationPlan:
    """The elimination stage: cut, seeds (best first), stages, any tie at the cut.

    While ``status`` is "tiebreak_needed" the seeds hold only the sides certain to be
    in, and ``stages`` is empty.
    """

    mode: str
    cut: int
    status: str
    seeds: tuple[str, ...]
    stages: tuple[Stage, ...]
    cut_tie: CutTie | None = None
    #: with equal team sizes: the one team size cut, and why
    team_size: int | None = None
    note: str = ""


def _ranked(standings: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
    rows = [(str(s), int(r)) for s, r in standings]
    ids = [s for s, _ in rows]
    if len(set(ids)) != len(ids):
        raise BracketError("a side appears twice in the standings")
    for (a, ra), (b, rb) in zip(rows, rows[1:], strict=False):
        if rb < ra:
            raise BracketError(f"standings out of order: {b!r} (rank {rb}) after {a!r} ({ra})")
    return rows


def _check_tables(stages: Sequence[Stage], seeds: Sequence[str], rules: CutRules) -> None:
    """Refuse a format with a game the mode cannot seat (judged by its largest seeds)."""
    largest = sorted((rules.size_of(side) for side in seeds), reverse=True)
    for stage in stages:
        for group in stage.groups:
            refusal = rules.table_refusal_of(largest[: len(group.seats)])
            if refusal:
                sentence = gettext_noop(
                    "%(stage)s, group %(group)s: %(why)s; choose another cut size or mode"
                )
                params = {"stage": Worded("stage", stage.name), "group": group.label}
                raise BracketError(Worded("group_cannot_sit", sentence, params | {"why": refusal}))


def plan_elimination(
    standings: Sequence[tuple[str, int]],
    mode: str,
    *,
    cut: int | None = None,
    tie_resolution: str = GAME,
    draw_seed: int | None = None,
    cut_tiebreak: Sequence[str] | None = None,
    rules: CutRules | None = None,
) -> EliminationPlan:
    """Plan the elimination stage.

    standings: (side id, rank) in standings order, best first, only the sides eligible
        for the cut; equal ranks mean a true tie.
    mode: "players" or "teams". cut: organiser override of the cut size.
    tie_resolution: "game" (default) or "draw" for a tie on the cut line; a draw needs
        ``draw_seed``. cut_tiebreak: the finishing order of the tie-break game, once
        played (at least as many of the tied sides as there are slots).
    rules: players per side, the mode's table limits and equal team sizes (``CutRules``).
    """
    if tie_resolution not in (GAME, DRAW):
        raise BracketError(f"tie resolution must be {GAME!r} or {DRAW!r}")
    rules = rules or CutRules()
    rows = _ranked(standings)
    team_size, note = None, ""
    if rules.equal_sizes:
        team_size, rows, note = one_size(rows, rules)
    try:
        size = cut_size(len(rows), mode, cut)
    except BracketError as exc:
        if not note:
            raise
        sentence = gettext_noop("%(note)s: %(why)s")
        raise BracketError(
            Worded("cut_after_note", sentence, {"note": note, "why": exc.args[0]})
        ) from exc
    ids = [s for s, _ in rows]
    tie = None
    if len(rows) > size and rows[size - 1][1] == rows[size][1]:
        rank = rows[size - 1][1]
        tied = [s for s, r in rows if r == rank]
        first = ids.index(tied[0])
        slots = size - first
        certain = ids[:first]
        refusal = rules.table_refusal(tied)
        if cut_tiebreak is not None:
            order = [str(s) for s in cut_tiebreak]
            if len(order) < slots or not set(order) <= set(tied) or len(set(order)) != len(order):
                sentence = gettext_noop(
                    "the cut's tie-break game must rank at least %(slots)s of %(tied)s"
                )
                params = {"slots": slots, "tied": ", ".join(tied)}
                raise BracketError(Worded("tiebreak_order", sentence, params))
            tie = CutTie(rank, tuple(tied), slots, GAME)
            seeds = certain + order[:slots]
        elif tie_resolution == DRAW or refusal:
            if draw_seed is None:
                raise BracketError("a random draw at the cut needs a seed for the audit log")
            drawn = list(tied)
            random.Random(draw_seed).shuffle(drawn)
            reason = "" if tie_resolution == DRAW else refusal
            tie = CutTie(rank, tuple(tied), slots, DRAW, draw_seed, tuple(drawn), reason)
            seeds = certain + drawn[:slots]
        else:
            tie = CutTie(rank, tuple(tied), slots, GAME)
            return EliminationPlan(mode, size, PENDING, tuple(certain), (), tie, team_size, note)
    else:
        seeds = ids[:size]
    stages = stages_for(mode, size)
    _check_tables(stages, seeds, rules)
    first_stage = stages[0]
    groups = tuple(
        Group(g.label, tuple(seeds[int(seat) - 1] for seat in g.seats)) for g in first_stage.groups
    )
    filled = Stage(first_stage.name, groups, first_stage.advance, first_stage.games)
    return EliminationPlan(
        mode, size, READY, tuple(seeds), (filled, *stages[1:]), tie, team_size, note
    )
