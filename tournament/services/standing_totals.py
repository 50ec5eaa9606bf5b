"""The standings' running totals (``EntrantTotals``): which seats count, and keeping the totals
equal to a tally of them.

What counts: the accepted results of Swiss rounds that are not drafts (a draft's bye already
carries its points, but the round is not played yet). Each entrant's row is rewritten from its
own seats, never adjusted by a difference, so a correction, a repeated refresh or a refresh in
a different order all leave the same row: the tally of the seats as they are now.

Who calls what, inside the transaction of the change:
- an accepted result, correction or bye (``matches.services.results.accept``):
  ``refresh_entrant_totals`` of the match's entrants;
- a round leaving draft (``publish_round``): ``refresh_round_totals``;
- anything that rewrites an event wholesale (an import, an admin's edit of a round, stage or
  seat, a bench's bulk load): ``rebuild_entrant_totals``.
"""

import json
from collections.abc import Iterable
from functools import cache

from django.db import connection
from django.db.models import FloatField, QuerySet
from django.db.models.functions import Cast

from common.db import sql
from matches.models import Match, Seat
from tournament.logic import standings as pure
from tournament.models import (
    Entrant,
    EntrantTotals,
    Round,
    RoundStatus,
    Stage,
    StageKind,
    Tournament,
)

TOTALS_FIELDS = ("points", "games", "byes", "firsts", "stats", "opponents")


def counted_seats() -> QuerySet:
    """The seats the standings count: results of Swiss rounds that are not drafts."""
    return Seat.objects.filter(round__stage__kind=StageKind.SWISS, points__isnull=False).exclude(
        round__status=RoundStatus.DRAFT
    )


def placings_of(seats: QuerySet) -> list[pure.GamePlacing]:
    """The seats as plain placings, in round order (the order their sums are taken in)."""
    rows = (
        # Read points as a float in SQL: converting 50,000 Decimals in Python costs more.
        seats.annotate(points_float=Cast("points", FloatField()))
        .order_by("round__number", "match_id")
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
    return [_as_placing(*row) for row in rows]


def _as_placing(entrant_id, match_id, is_bye, number, place, points, stats) -> pure.GamePlacing:
    """One seat's row (entrant, match, bye?, round number, place, points, stats) as a placing;
    stats as a dict, or as JSON text (a plain SQL read)."""
    if isinstance(stats, str):
        stats = json.loads(stats)
    return pure.GamePlacing(
        entrant_id=str(entrant_id),
        match_id=None if is_bye else str(match_id),
        round_number=number,
        place=place,
        points=points,
        stats=stats or {},
    )


def swiss_placings(tournament: Tournament) -> list[pure.GamePlacing]:
    """Every counted result of the event as plain placings (one query): the full recompute."""
    return placings_of(counted_seats().filter(round__tournament=tournament))


def _values(tally: pure.Tally) -> dict:
    """An entrant's ``EntrantTotals`` fields (but the entrant) from its tally."""
    return {
        "points": tally.points,
        "games": tally.games,
        "byes": tally.byes,
        "firsts": tally.firsts,
        "stats": dict(tally.stats),
        "opponents": ",".join(tally.opponents),
    }


def _row(entrant_id: int, tally: pure.Tally) -> EntrantTotals:
    return EntrantTotals(entrant_id=entrant_id, **_values(tally))


# --- one result's entrants, in plain SQL (every accepted result runs these) ----------------------


@cache
def _lock_sql(count: int) -> str:
    marks = ", ".join(["%s"] * count)
    pk = sql.column(Entrant, "pk")
    return (
        f"SELECT {pk} FROM {sql.table(Entrant)} WHERE {pk} IN ({marks}) "
        f"ORDER BY {pk} FOR NO KEY UPDATE"
    )


def _counted_seats_sql(s: str, r: str, st: str, also_join: str = "") -> str:
    """``counted_seats`` as SQL: FROM and WHERE, with these aliases for seat, round and stage
    (two parameters: the Swiss stage kind and the draft round status)."""
    seat_round, seat_points = sql.column(Seat, "round"), sql.column(Seat, "points")
    round_pk, round_stage = sql.column(Round, "pk"), sql.column(Round, "stage")
    return (
        f"FROM {sql.table(Seat)} {s} "
        f"JOIN {sql.table(Round)} {r} ON {r}.{round_pk} = {s}.{seat_round} "
        f"JOIN {sql.table(Stage)} {st} ON {st}.{sql.column(Stage, 'pk')} = {r}.{round_stage} "
        f"{also_join}"
        f"WHERE {s}.{seat_points} IS NOT NULL AND {st}.{sql.column(Stage, 'kind')} = %s "
        f"AND {r}.{sql.column(Round, 'status')} <> %s"
    )


@cache
def _placings_sql(count: int) -> str:
    """The counted seats of every match the given entrants played (``placings_of`` of
    ``counted_seats`` as one statement), in round order; the stats of the given entrants'
    seats only (the others' seats name their opponents, and their stats are not summed here:
    no JSON to decode for them). Parameters: the entrants' ids, the two of
    ``_counted_seats_sql`` twice, then the entrants' ids again."""
    marks = ", ".join(["%s"] * count)
    entrant, match = sql.column(Seat, "entrant"), sql.column(Seat, "match")
    number = sql.column(Round, "number")
    join_match = f"JOIN {sql.table(Match)} m ON m.{sql.column(Match, 'pk')} = s.{match} "
    played = (
        f"SELECT mine.{match} {_counted_seats_sql('mine', 'mine_r', 'mine_st')} "
        f"AND mine.{entrant} IN ({marks})"
    )
    return (
        f"SELECT s.{entrant}, s.{match}, m.{sql.column(Match, 'is_bye')}, r.{number}, "
        f"s.{sql.column(Seat, 'place')}, CAST(s.{sql.column(Seat, 'points')} AS DOUBLE PRECISION), "
        f"CASE WHEN s.{entrant} IN ({marks}) THEN s.{sql.column(Seat, 'stats')} END "
        f"{_counted_seats_sql('s', 'r', 'st', join_match)} "
        f"AND s.{match} IN ({played}) ORDER BY r.{number}, s.{match}"
    )


def _placings_of_entrants(ids: list[int]) -> list[pure.GamePlacing]:
    counted = [StageKind.SWISS, RoundStatus.DRAFT]
    params = [*ids, *counted, *counted, *ids]
    # PostgreSQL planned this seven-table join afresh for every result: about 1.8 ms of its CPU
    # per result, three times what running the plan costs (bench/http_load.py)
    rows = sql.fetch_all_planned_once(_placings_sql(len(ids)), params)
    # the JSON column comes as text (SQLite, and Django's PostgreSQL loader)
    return [_as_placing(*row) for row in rows]


TOTALS_COLUMNS = ("entrant", *TOTALS_FIELDS)


@cache
def _upsert_sql(count: int) -> str:
    row = "(" + ", ".join(["%s"] * len(TOTALS_COLUMNS)) + ")"
    names = [sql.column(EntrantTotals, name) for name in TOTALS_COLUMNS]
    updates = ", ".join(f"{name} = excluded.{name}" for name in names[1:])
    return (
        f"INSERT INTO {sql.table(EntrantTotals)} ({', '.join(names)}) "
        f"VALUES {', '.join([row] * count)} ON CONFLICT ({names[0]}) DO UPDATE SET {updates}"
    )


def _upsert(tallies: dict[str, pure.Tally]) -> None:
    fields = [EntrantTotals._meta.get_field(name) for name in TOTALS_FIELDS]
    db = sql.database()
    params = []
    for pk, tally in tallies.items():
        values = _values(tally)
        params.append(int(pk))
        params += [field.get_db_prep_save(values[field.name], db) for field in fields]
    sql.execute(_upsert_sql(len(tallies)), params)


def refresh_entrant_totals(entrant_ids: Iterable[int]) -> None:
    """Rewrite these entrants' totals from their seats (call it inside the change's transaction).

    On PostgreSQL the entrants' rows are locked first (in id order, so two refreshes never wait
    on each other in a circle): two results of one entrant committing at the same moment (a
    correction of an old round while the current one is entered) then refresh one after the
    other, the second reading the first one's seats. SQLite writes one transaction at a time.

    Every accepted result runs this, so its statements (the lock, the read, the upsert) are
    plain SQL (``common.db.sql``); ``rebuild_entrant_totals`` is the same tally over the whole
    event, through the ORM, and the tests hold the two equal.
    """
    ids = sorted({int(pk) for pk in entrant_ids})
    if not ids:
        return
    if connection.vendor == "postgresql":
        sql.fetch_all(_lock_sql(len(ids)), ids)
    tallies = pure.tally(_placings_of_entrants(ids), of=[str(pk) for pk in ids])
    if len(tallies) < len(ids):  # nothing of theirs counts (any more): no row, as for a newcomer
        EntrantTotals.objects.filter(pk__in=[pk for pk in ids if str(pk) not in tallies]).delete()
    if tallies:
        _upsert(tallies)


def refresh_round_totals(round_: Round) -> None:
    """Rewrite the totals of every entrant with a result in this round (e.g. once it leaves
    draft, its byes start to count)."""
    refresh_entrant_totals(
        round_.seats.filter(points__isnull=False).values_list("entrant_id", flat=True)
    )


def rebuild_entrant_totals(tournament: Tournament) -> None:
    """Rewrite the whole event's totals from its seats."""
    tallies = pure.tally(swiss_placings(tournament))
    EntrantTotals.objects.filter(entrant__tournament=tournament).delete()
    EntrantTotals.objects.bulk_create(
        [_row(int(pk), tally) for pk, tally in tallies.items()], batch_size=2000
    )
