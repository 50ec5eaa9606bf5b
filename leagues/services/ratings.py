"""Ratings from the results: every accepted game of a finished round of a public event, per
game system (a private event's games are seen by its own people only, so they move nobody's
rating: issue 33).

``recompute(system)`` reads those games, replays them through ``leagues.logic.rating`` (in the
order the rounds finished, then by match) and rewrites the system's ``PlayerRating`` and
``RatingChange`` rows in one transaction. It is deterministic and idempotent: the same results
give the same rows however often it runs, so a correction of an old game simply triggers it
again (100,000 games replay in about 4 s, ``bench/ratings.py``).

``replay(system, changed_match)`` gives the same rows by replaying only from the first game that
changed: closing a round replays just its new games, a correction the corrected game and those
after it. ``ratings_change`` asks for one of the two once the current transaction commits, as a
Celery task (eager in the embedded default): closing a round and correcting a closed round's
result ask for a replay, a player merge for a recompute. The rebuilds of one system run one at
a time (``serialise_rebuilds``: a lock per system, held to the end of the transaction).
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Iterable

from celery import shared_task
from django.db import transaction
from django.db.models import Max

from common.db.sql import hold_named_lock
from leagues.logic.rating import Game, Rating, RatingRun, Side, rate
from leagues.models import PlayerRating, RatingChange
from matches.models import ResultVersion, VersionState
from tournament.models import Entrant, RoundStatus, TeamMember

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
    """The accepted games of the finished rounds of the public events of ``system``, for the
    rating: what anyone may check on the events' pages, so no private event can move a
    public rating."""
    versions = list(
        ResultVersion.objects.filter(
            state=VersionState.ACCEPTED,
            match__is_bye=False,
            match__round__status=RoundStatus.COMPLETE,
            match__round__tournament__game_system=system,
            match__round__tournament__is_public=True,
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


def _changes(system: str, history: Iterable, first_sequence: int) -> list[RatingChange]:
    """The history of a replay as rows; its games are numbered on from ``first_sequence``."""
    keys = sorted({change.game for change in history})
    sequence = {key: first_sequence + n for n, key in enumerate(keys)}
    return [
        RatingChange(
            system=system,
            player_id=change.player,
            match_id=change.game[1],
            sequence=sequence[change.game],
            mu=change.mu,
            sigma=change.sigma,
            games=change.games,
        )
        for change in history
    ]


def _rating_rows(system: str, run: RatingRun) -> list[PlayerRating]:
    return [
        PlayerRating(
            system=system,
            player_id=player,
            mu=rating.mu,
            sigma=rating.sigma,
            conservative=rating.conservative,
            games=rating.games,
        )
        for (_, player), rating in run.ratings.items()
    ]


def serialise_rebuilds(system: str) -> None:
    """Hold ``system``'s rating lock until the transaction ends: the rebuilds of one system
    (a recompute, a replay) run one after the other, each reading the results and the rows the
    one before it committed. Two at once would each delete the rows and write them again, and
    the second would collide with the first on one-rating-per-player (issue 33)."""
    hold_named_lock(f"ratings:{system}")


@transaction.atomic
def recompute(system: str) -> RatingRun:
    """Rebuild ``system``'s ratings and their history from the results, from scratch."""
    serialise_rebuilds(system)
    run = rate(rated_games(system))
    PlayerRating.objects.filter(system=system).delete()
    RatingChange.objects.filter(system=system).delete()
    PlayerRating.objects.bulk_create(_rating_rows(system, run), batch_size=2000)
    RatingChange.objects.bulk_create(_changes(system, run.history, 1), batch_size=2000)
    return run


def first_difference(stored: list[int], games: list[Game], changed_match: int | None) -> int:
    """The index of the first game to replay: where the stored order of matches and the new
    one part, or the changed match's place in either (whichever comes first)."""
    start = next(
        (n for n, (old, game) in enumerate(zip(stored, games, strict=False)) if old != game.key[1]),
        min(len(stored), len(games)),
    )
    if changed_match is not None:
        for n, match in enumerate(stored):
            if match == changed_match:
                start = min(start, n)
                break
        for n, game in enumerate(games):
            if game.key[1] == changed_match:
                start = min(start, n)
                break
    return start


def ratings_before(system: str, start: int, players: set) -> dict[tuple, Rating]:
    """Each of ``players``' rating after game number ``start`` (their last stored change up to
    it; none for a player with no game by then): two indexed queries, whatever the history."""
    before = RatingChange.objects.filter(system=system, sequence__lte=start, player_id__in=players)
    last = before.values("player_id").annotate(last=Max("sequence")).values("last")
    rows = before.filter(sequence__in=last).values_list(
        "player_id", "sequence", "mu", "sigma", "games"
    )
    wanted = dict(before.values_list("player_id").annotate(last=Max("sequence")))
    return {
        (system, player): Rating(mu, sigma, played)
        for player, sequence, mu, sigma, played in rows
        if wanted.get(player) == sequence
    }


@transaction.atomic
def replay(system: str, changed_match: int | None = None) -> RatingRun:
    """Bring ``system``'s ratings up to date by replaying only from the first game that changed
    (new games at the end after a round closes; a corrected game and all after it).

    The games before that point, and the players who played none of the games replayed, keep
    their rows; the others start from their rating just before it (their last stored change)
    and replay. The rows are exactly those ``recompute`` writes (the same games in the same
    order from the same numbers; a test holds the two equal under random corrections). Only
    for changes to results: a change of who a player is (a merge) needs ``recompute``.
    """
    serialise_rebuilds(system)
    games = sorted(rated_games(system), key=lambda g: g.key)
    stored = list(
        RatingChange.objects.filter(system=system)
        .order_by("sequence")
        .values_list("match_id", flat=True)
        .distinct()
    )
    start = first_difference(stored, games, changed_match)
    if start == 0:
        return recompute(system)
    replayed = games[start:]
    dropped = RatingChange.objects.filter(system=system, sequence__gt=start)
    touched = {p for game in replayed for side in game.sides for p in side.players}
    touched |= set(dropped.values_list("player_id", flat=True))
    run = RatingRun(ratings=ratings_before(system, start, touched))
    rate(replayed, run)
    dropped.delete()
    PlayerRating.objects.filter(system=system, player_id__in=touched).delete()
    PlayerRating.objects.bulk_create(_rating_rows(system, run), batch_size=2000)
    RatingChange.objects.bulk_create(_changes(system, run.history, start + 1), batch_size=2000)
    return run


@shared_task
def recompute_ratings_task(system: str, changed_match: int | None = None, full: bool = True) -> int:
    """Celery: bring one system's ratings up to date - from scratch (``full``), or replaying
    from the first changed game; returns how many players it rated."""
    run = recompute(system) if full else replay(system, changed_match)
    return len(run.ratings)


def ratings_change(system: str, changed_match: int | None = None, *, full: bool = True) -> None:
    """Update ``system``'s ratings once the current transaction commits (never if it rolls
    back): from scratch when ``full`` (who a player is changed: a merge), else by replaying from
    the first game that changed (a round closed: its new games; ``changed_match``: a corrected
    game and every game after it). A queue that cannot be reached is logged: the next round's
    close asks again."""

    def send():
        try:
            recompute_ratings_task.delay(system, changed_match, full)
        except Exception as exc:  # noqa: BLE001 - a rating must never break a closed round
            log.warning("ratings of %s not recomputed (%s)", system, exc)

    transaction.on_commit(send)
