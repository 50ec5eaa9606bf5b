"""What the ratings say about an event's sides: how strong each side is (to seed a round by
rating) and each seat's chance to win its table (for the round pages).

Both read a bounded number of queries whatever the field: the teams' members (only when the
sides are teams) and those players' ratings in the event's game system (one query). A player
without a rating counts as the model's newcomer (``leagues.logic.rating.Rating()``), so a missing
rating never fails a pairing or a page; a team plays as its average player, as in the model.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from functools import lru_cache

from common.db import sql
from leagues.logic.rating import Rating, RatingRun, side_strength, whole_percentages, win_chances
from leagues.models import PlayerRating
from leagues.services.ratings import players_by_entrant, players_of

#: players whose ratings one statement reads (SQLite allows so many parameters at most)
RATINGS_READ_AT_ONCE = 900


@lru_cache(maxsize=64)
def _ratings_sql(count: int) -> str:
    wanted = ", ".join(["%s"] * count)
    return (
        f"SELECT {sql.columns(PlayerRating, 'player', 'mu', 'sigma', 'games')} "
        f"FROM {sql.table(PlayerRating)} WHERE {sql.column(PlayerRating, 'system')} = %s "
        f"AND {sql.column(PlayerRating, 'player')} IN ({wanted})"
    )


def ratings_of(system: str, players: Iterable[int]) -> RatingRun:
    """The current ratings of ``players`` in ``system`` (one plain statement per 900 players:
    the ORM preparing each of a round page's 400 players for its IN list was a sixth of the
    page's CPU); the unrated are absent."""
    wanted = sorted(set(players))
    rows = []
    for start in range(0, len(wanted), RATINGS_READ_AT_ONCE):
        chunk = wanted[start : start + RATINGS_READ_AT_ONCE]
        rows += sql.fetch_all(_ratings_sql(len(chunk)), [system, *chunk])
    return RatingRun(
        ratings={(system, player): Rating(mu, sigma, games) for player, mu, sigma, games in rows}
    )


def side_strengths(system: str, entrant_ids: Iterable[int]) -> dict[int, float]:
    """Each entrant's strength in ``system``: its players' mean ``mu``."""
    players = players_by_entrant(set(entrant_ids))
    run = ratings_of(system, (p for side in players.values() for p in side))
    return {pk: side_strength(system, side, run) for pk, side in players.items()}


def _side(entrant_id: int, players: dict[int, tuple[int, ...]]) -> tuple[Hashable, ...]:
    """An entrant's players for the model; a side without players plays as one newcomer."""
    return players.get(entrant_id) or (f"entrant {entrant_id}",)


def table_chances(system: str, matches: Iterable) -> dict[int, dict[int, int]]:
    """For each table of two sides or more (matches with their seats and entrants loaded):
    each entrant's chance to win it by the model, in whole percent summing to 100.

    Empty when no player at these tables has a rating in ``system``: the model would only
    say that every side is equal, and the pages then leave the chances out.
    """
    tables = [m for m in matches if not m.is_bye and len(m.seats.all()) >= 2]
    entrants = {s.entrant_id: s.entrant for m in tables for s in m.seats.all()}
    players = players_of((pk, e.player_id, e.team_id) for pk, e in entrants.items())
    run = ratings_of(system, (p for side in players.values() for p in side))
    if not run.ratings:
        return {}
    chances = {}
    for match in tables:
        sides = [seat.entrant_id for seat in match.seats.all()]
        pod = [_side(entrant, players) for entrant in sides]
        percentages = whole_percentages(win_chances(system, pod, run))
        chances[match.pk] = dict(zip(sides, percentages, strict=True))
    return chances
