"""Standings of a tournament: one query, then the pure ``tournament.standings`` ranking.

The query reads every entrant with its running totals (``EntrantTotals``, kept equal to a tally
of its counted seats by ``tournament.standing_totals``): one row a side, whatever the number of
rounds, with only the statistics the tiebreakers name taken out of the stored sums.

The tiebreakers are the organiser's order, else the game mode's defaults
(``Tournament.standings_tiebreakers``); a name the standings registry does not know as such
(e.g. the engine's ``vp`` or ``health_left``) is the sum of that per-game statistic.
"""

from django.db.models.fields.json import KeyTransform

from tournament import standings as pure
from tournament.models import Tournament
from tournament.services.soft_cache import soft_get, soft_set
from tournament.standing_totals import swiss_placings

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
    return f"standings:v1:{tournament.pk}:{tournament.standings_revision}:{stamp}"


def cached_standings(tournament: Tournament) -> list[pure.StandingRow]:
    """The standings from the cache, computed once per change of what they read.

    ``tournament`` must be freshly loaded (its ``standings_revision`` read in this request).
    """
    key = standings_cache_key(tournament)
    rows = soft_get(key)
    if rows is None:
        rows = compute_standings(tournament)
        soft_set(key, rows, CACHE_SECONDS)
    return rows


def compute_standings(tournament: Tournament) -> list[pure.StandingRow]:
    """The Swiss standings, best first; true ties share a rank."""
    keys = tiebreaker_keys(tournament)
    stats = sorted({name for key in keys for name in pure.get_metric(key).stats})
    picked = {f"stat_{i}": KeyTransform(name, "totals__stats") for i, name in enumerate(stats)}
    rows = tournament.entrants.annotate(**picked).values_list(
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
    entrants = []
    tallies = {}
    for pk, name, status, points, games, byes, firsts, opponents, *values in rows:
        entrant_id = str(pk)
        entrants.append(pure.Entrant(entrant_id, name, status))
        if points is not None:
            tallies[entrant_id] = pure.Tally(
                points,
                games,
                byes,
                firsts,
                dict(zip(stats, values, strict=True)),
                tuple(opponents.split(",")) if opponents else (),
            )
    return pure.standings_from_totals(entrants, tallies, keys)
