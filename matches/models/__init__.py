"""Models of the matches app, one module per concept, re-exported here for Django."""

from matches.models.choices import (
    LiveGameStatus,
    MatchStatus,
    ResponseDecision,
    VersionKind,
    VersionState,
)
from matches.models.idempotency import IdempotentRequest
from matches.models.live import LiveEvent, LiveGame
from matches.models.match import Match, Seat
from matches.models.results import ResultResponse, ResultVersion

__all__ = [
    "IdempotentRequest",
    "LiveEvent",
    "LiveGame",
    "LiveGameStatus",
    "Match",
    "MatchStatus",
    "ResponseDecision",
    "ResultResponse",
    "ResultVersion",
    "Seat",
    "VersionKind",
    "VersionState",
]
