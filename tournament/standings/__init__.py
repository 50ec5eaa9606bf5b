"""Pure standings computation (no Django).

Public API:
    compute_standings(entrants, placings, tiebreakers=DEFAULT_TIEBREAKERS, *, matches=None,
                      tie_seed=None) -> list[StandingRow]
    get_metric(key) / register_metric(metric) / known_keys()
"""

from .compute import compute_standings
from .metrics import (
    DEFAULT_TIEBREAKERS,
    FirstPlaces,
    Metric,
    StatSum,
    StrengthOfSchedule,
    Totals,
    get_metric,
    known_keys,
    register_metric,
)
from .types import (
    Entrant,
    GamePlacing,
    StandingRow,
    StandingsError,
    UnknownTiebreaker,
)

__all__ = [
    "DEFAULT_TIEBREAKERS",
    "Entrant",
    "FirstPlaces",
    "GamePlacing",
    "Metric",
    "StandingRow",
    "StandingsError",
    "StatSum",
    "StrengthOfSchedule",
    "Totals",
    "UnknownTiebreaker",
    "compute_standings",
    "get_metric",
    "known_keys",
    "register_metric",
]
