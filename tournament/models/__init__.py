"""Models of the tournament app, one module per concept, re-exported here for Django."""

from tournament.models.choices import (
    ELIMINATION_STAGES,
    PUBLIC_ROUND_STATES,
    Confirmations,
    CutTieResolution,
    EntrantStatus,
    JobStatus,
    RatingSeeding,
    RoundStatus,
    RulesLevel,
    ScoringCalls,
    SeriesPoints,
    StaffRoleKind,
    StageKind,
    TiePolicy,
    Timing,
    TournamentStatus,
    english_label,
    pairing_method_choices,
    stage_kind_named,
)
from tournament.models.event import StaffRole, Tournament
from tournament.models.invitations import StaffInvitation
from tournament.models.penalties import Penalty, PenaltyKind
from tournament.models.people import Entrant, Player, Team, TeamMember, new_access_token
from tournament.models.schedule import GenerationJob, Round, Stage
from tournament.models.totals import EntrantTotals

__all__ = [
    "PUBLIC_ROUND_STATES",
    "Confirmations",
    "CutTieResolution",
    "Entrant",
    "EntrantStatus",
    "EntrantTotals",
    "GenerationJob",
    "JobStatus",
    "pairing_method_choices",
    "Penalty",
    "PenaltyKind",
    "RatingSeeding",
    "Player",
    "Round",
    "RoundStatus",
    "RulesLevel",
    "StaffInvitation",
    "StaffRole",
    "StaffRoleKind",
    "Stage",
    "ELIMINATION_STAGES",
    "StageKind",
    "english_label",
    "stage_kind_named",
    "ScoringCalls",
    "SeriesPoints",
    "Team",
    "TeamMember",
    "TiePolicy",
    "Timing",
    "Tournament",
    "TournamentStatus",
    "new_access_token",
]
