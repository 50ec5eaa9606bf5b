"""Standings of a tournament: one query, then the pure ``tournament.logic.standings`` ranking.

The query reads every entrant with its running totals (``EntrantTotals``, kept equal to a tally
of its counted seats by ``tournament.services.standing_totals``): one row a side, whatever the
number of
rounds, with only the statistics the tiebreakers name taken out of the stored sums.

The tiebreakers are the organiser's order, else the game mode's defaults
(``Tournament.standings_tiebreakers``); a name the standings registry does not know as such
(e.g. the engine's ``vp`` or ``health_left``) is the sum of that per-game statistic.
"""

from django.db.models import FloatField
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast

from tournament.logic import standings as pure
from tournament.models import Tournament
from tournament.services.penalties import penalty_points
from tournament.services.single_flight import computed_once
from tournament.services.standing_totals import swiss_placings

__all__ = ["cached_standings", "compute_standings", "swiss_placings", "tiebreaker_keys"]


def tiebreaker_keys(tournament: Tournament) -> list[str]:
    """The event's tiebreakers as keys of the standings metric registry."""
    known = set(pure.known_keys())
    return [
        key if key in known or key.startswith("stat:") else f"stat:{key}"
        for key in tournament.standings_tiebreakers()
    ]


CACHE_SECONDS = 3600


def standings_cache_key(tournament: Tournament) -> str:
    """A key that changes whenever the standings can: results, entrants, event settings."""
    stamp = tournament.updated_at.timestamp() if tournament.updated_at else 0
    return f"standings:v2:{tournament.pk}:{tournament.standings_revision}:{stamp}"


def cached_standings(tournament: Tournament) -> list[pure.StandingRow]:
    """The standings from the cache, computed once per change of what they read (by one
    request: the others asking meanwhile wait for its rows, ``single_flight``).

    ``tournament`` must be freshly loaded (its ``standings_revision`` read in this request).
    """
    return computed_once(
        standings_cache_key(tournament), lambda: compute_standings(tournament), CACHE_SECONDS
    )


def compute_standings(tournament: Tournament) -> list[pure.StandingRow]:
    """The Swiss standings, best first; true ties share a rank. Point penalties are taken off
    each side's points (``tournament.services.penalties``)."""
    keys = tiebreaker_keys(tournament)
    stats = sorted({name for key in keys for name in pure.get_metric(key).stats})
    # each stat the tiebreakers name, taken out of the stored sums as a float in SQL: no JSON
    # decoded in Python, and no converter run on any row
    picked = {
        f"stat_{i}": Cast(KeyTextTransform(name, "totals__stats"), FloatField())
        for i, name in enumerate(stats)
    }
    # no ORDER BY: the ranking orders the rows itself (true ties by entrant id)
    rows = (
        tournament.entrants.order_by()
        .annotate(**picked)
        .values_list(
            "pk",
            "display_name",
            "status",
            "totals__points",
            "totals__games",
            "totals__byes",
            "totals__firsts",
            "totals__opponents",
            *picked,
        )
    )
    # the rows turned into columns; an entrant without totals (a LEFT JOIN's NULLs) has none yet
    columns = list(zip(*rows, strict=True)) or [()] * (8 + len(stats))
    pks, names, statuses, points, games, byes, firsts, opponents, *stat_columns = columns
    field = pure.FieldTotals(
        ids=list(map(str, pks)),
        names=list(names),
        statuses=list(statuses),
        points=[0 if v is None else v for v in points],
        games=[v or 0 for v in games],
        byes=[v or 0 for v in byes],
        firsts=[v or 0 for v in firsts],
        stats={
            name: [v or 0 for v in column] for name, column in zip(stats, stat_columns, strict=True)
        },
        opponents=[met.split(",") if met else () for met in opponents],
    )
    field = pure.less_penalties(field, penalty_points(tournament))
    return pure.standings_from_totals(field, keys)
