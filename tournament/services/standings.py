"""Standings of a tournament: two queries, then the pure ``tournament.standings`` computation.

The tiebreakers are the organiser's order, else the game mode's defaults
(``Tournament.standings_tiebreakers``); a name the standings registry does not know as such
(e.g. the engine's ``vp`` or ``health_left``) is the sum of that per-game statistic.
"""

from django.db.models import FloatField
from django.db.models.functions import Cast

from matches.models import Seat
from tournament import standings as pure
from tournament.models import RoundStatus, StageKind, Tournament
from tournament.services.soft_cache import soft_get, soft_set


def tiebreaker_keys(tournament: Tournament) -> list[str]:
    """The event's tiebreakers as keys of the standings metric registry."""
    known = set(pure.known_keys())
    return [
        key if key in known or key.startswith("stat:") else f"stat:{key}"
        for key in tournament.standings_tiebreakers()
    ]


def swiss_placings(tournament: Tournament) -> list[pure.GamePlacing]:
    """Every accepted Swiss-stage result of the event as plain placings (one query)."""
    rows = (
        Seat.objects.filter(
            round__tournament=tournament,
            round__stage__kind=StageKind.SWISS,
            points__isnull=False,
        )
        # A draft round is not played yet, even where a bye already carries its points.
        .exclude(round__status=RoundStatus.DRAFT)
        # Read points as a float in SQL: converting 50,000 Decimals in Python costs more.
        .annotate(points_float=Cast("points", FloatField()))
        .values_list(
            "entrant_id",
            "match_id",
            "match__is_bye",
            "round__number",
            "place",
            "points_float",
            "stats",
        )
    )
    return [
        pure.GamePlacing(
            entrant_id=str(entrant_id),
            match_id=None if is_bye else str(match_id),
            round_number=number,
            place=place,
            points=points,
            stats=stats or {},
        )
        for entrant_id, match_id, is_bye, number, place, points, stats in rows
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
    entrants = [
        pure.Entrant(str(pk), name, status)
        for pk, name, status in tournament.entrants.values_list("pk", "display_name", "status")
    ]
    return pure.compute_standings(entrants, swiss_placings(tournament), tiebreaker_keys(tournament))
