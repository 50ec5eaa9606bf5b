"""Ratings from the results: every accepted game of a finished round, per game system.

``recompute(system)`` reads those games, replays them through ``tournament.rating`` (in the
order the rounds finished, then by match) and rewrites the system's ``PlayerRating`` and
``RatingChange`` rows in one transaction. It is deterministic and idempotent: the same results
give the same rows however often it runs, so a correction of an old game simply triggers it
again (100,000 games replay in about 4 s, ``bench/ratings.py``).

``ratings_change(system)`` asks for that recompute once the current transaction commits, as a
Celery task (eager in the embedded default); closing a round and correcting a closed round's
result call it.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Iterable

from celery import shared_task
from django.db import transaction

from leagues.models import PlayerRating, RatingChange
from matches.models import ResultVersion, VersionState
from tournament.models import Entrant, RoundStatus, TeamMember
from tournament.rating import Game, RatingRun, Side, rate

log = logging.getLogger(__name__)

EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.UTC)


def players_by_entrant(entrant_ids: set[int]) -> dict[int, tuple[int, ...]]:
    """Each entrant's players: its player, or its team's members (by player id)."""
    entrants = Entrant.objects.filter(pk__in=entrant_ids).values_list("pk", "player_id", "team_id")
    return players_of(entrants)


#: an entrant as ``(pk, player_id, team_id)``
EntrantRow = tuple[int, int | None, int | None]


def players_of(entrants: Iterable[EntrantRow]) -> dict[int, tuple[int, ...]]:
    """Each entrant's players from its ``(pk, player_id, team_id)``: its player, or its team's
    members (one query for all the teams; none when no entrant is a team)."""
    entrants = list(entrants)
    team_members: dict[int, list[int]] = {}
    teams = {team for _, _, team in entrants if team}
    if teams:
        for team, player in TeamMember.objects.filter(team_id__in=teams).values_list(
            "team_id", "player_id"
        ):
            team_members.setdefault(team, []).append(player)
    return {
        pk: (player,) if player else tuple(sorted(team_members.get(team, ())))
        for pk, player, team in entrants
    }


def rated_games(system: str) -> list[Game]:
    """The accepted games of the finished rounds of the events of ``system``, for the rating."""
    versions = list(
        ResultVersion.objects.filter(
            state=VersionState.ACCEPTED,
            match__is_bye=False,
            match__round__status=RoundStatus.COMPLETE,
            match__round__tournament__game_system=system,
        ).values_list("match_id", "match__round__completed_at", "placings")
    )
    entrant_ids = {int(row["side"]) for _, _, placings in versions for row in placings}
    players = players_by_entrant(entrant_ids)
    games = []
    for match_id, completed_at, placings in versions:
        sides = sides_of(placings, players)
        if len(sides) >= 2:
            games.append(Game((completed_at or EPOCH, match_id), system, sides))
    return games


def sides_of(placings: list[dict], players: dict[int, tuple[int, ...]]) -> tuple[Side, ...]:
    """A result's placings as the rating's sides (a side with no players or no place is left
    out: it cannot be rated)."""
    return tuple(
        Side(players[int(row["side"])], int(row["place"]))
        for row in placings
        if players.get(int(row["side"])) and row.get("place")
    )


@transaction.atomic
def recompute(system: str) -> RatingRun:
    """Rebuild ``system``'s ratings and their history from the results."""
    run = rate(rated_games(system))
    PlayerRating.objects.filter(system=system).delete()
    RatingChange.objects.filter(system=system).delete()
    PlayerRating.objects.bulk_create(
        PlayerRating(
            system=system,
            player_id=player,
            mu=rating.mu,
            sigma=rating.sigma,
            conservative=rating.conservative,
            games=rating.games,
        )
        for (_, player), rating in run.ratings.items()
    )
    sequence = {key: n for n, key in enumerate(sorted({c.game for c in run.history}), 1)}
    RatingChange.objects.bulk_create(
        (
            RatingChange(
                system=system,
                player_id=change.player,
                match_id=change.game[1],
                sequence=sequence[change.game],
                mu=change.mu,
                sigma=change.sigma,
                games=change.games,
            )
            for change in run.history
        ),
        batch_size=2000,
    )
    return run


@shared_task
def recompute_ratings_task(system: str) -> int:
    """Celery: rebuild one system's ratings; returns how many players are rated."""
    return len(recompute(system).ratings)


def ratings_change(system: str) -> None:
    """Recompute ``system``'s ratings once the current transaction commits (never if it rolls
    back). A queue that cannot be reached is logged: the next round's close asks again."""

    def send():
        try:
            recompute_ratings_task.delay(system)
        except Exception as exc:  # noqa: BLE001 - a rating must never break a closed round
            log.warning("ratings of %s not recomputed (%s)", system, exc)

    transaction.on_commit(send)
