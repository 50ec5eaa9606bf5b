"""Pure standings computation (no Django).

Public API:
    compute_standings(entrants, placings, tiebreakers=DEFAULT_TIEBREAKERS, *, matches=None,
                      tie_seed=None) -> list[StandingRow]
    tally(placings, of=None) -> dict[entrant id, Tally]   (each entrant's games summed)
    standings_from_totals(field_totals, tiebreakers=..., *, tie_seed=None)  (FieldTotals.of(...))
    get_metric(key) / register_metric(metric) / known_keys()
"""

from tournament.logic.standings.compute import compute_standings, standings_from_totals
from tournament.logic.standings.metrics import (
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
from tournament.logic.standings.penalties import less_penalties
from tournament.logic.standings.totals import FieldTotals, Tally, tally
from tournament.logic.standings.types import (
    Entrant,
    GamePlacing,
    StandingRow,
    StandingsError,
    UnknownTiebreaker,
)

__all__ = [
    "DEFAULT_TIEBREAKERS",
    "Entrant",
    "FieldTotals",
    "less_penalties",
    "FirstPlaces",
    "GamePlacing",
    "Metric",
    "StandingRow",
    "StandingsError",
    "StatSum",
    "StrengthOfSchedule",
    "Totals",
    "Tally",
    "UnknownTiebreaker",
    "compute_standings",
    "get_metric",
    "known_keys",
    "register_metric",
    "standings_from_totals",
    "tally",
]
