"""Pure elimination-bracket algorithms (no Django).

Public API:
    cut_size(qualified, mode, override=None) -> int
    plan_elimination(standings, mode, *, cut, tie_resolution, draw_seed, cut_tiebreak, rules)
        -> EliminationPlan
    CutRules(players, limits, equal_sizes), TableLimits.for_mode(...): what the cut respects
    fill_stage(stage, advanced) -> Stage
    decide_advancement(result, advance) -> Advancement
    resolve_tiebreak(pending, result) -> Advancement
    decide_final(games, *, games_required=3, table=None) -> FinalResult
    final_order(swiss_order, group_stages, final_totals, champion) -> list[Finish]
"""

from tournament.logic.brackets.advancement import (
    DEFAULT_POINTS,
    Advancement,
    FinalResult,
    Placing,
    TieBreak,
    decide_advancement,
    decide_final,
    game_points,
    resolve_tiebreak,
)
from tournament.logic.brackets.cut_rules import CutRules, TableLimits
from tournament.logic.brackets.final_order import Finish, final_order
from tournament.logic.brackets.formats import (
    CUTS,
    FINAL_GAMES,
    PAIRS,
    PLAYERS,
    TEAMS,
    BracketError,
    Group,
    Stage,
    cut_size,
    fill_stage,
    stages_for,
)
from tournament.logic.brackets.plan import CutTie, EliminationPlan, plan_elimination

__all__ = [
    "Finish",
    "final_order",
    "CUTS",
    "DEFAULT_POINTS",
    "FINAL_GAMES",
    "PAIRS",
    "PLAYERS",
    "TEAMS",
    "Advancement",
    "BracketError",
    "CutRules",
    "CutTie",
    "EliminationPlan",
    "FinalResult",
    "Group",
    "Placing",
    "Stage",
    "TableLimits",
    "TieBreak",
    "cut_size",
    "decide_advancement",
    "decide_final",
    "fill_stage",
    "game_points",
    "plan_elimination",
    "resolve_tiebreak",
    "stages_for",
]
