"""The result flow's reads of one table, in plain SQL: the match (with its round and event, and
locked when asked), its seats (with entrants, and teams in team play) and its live versions.

Every result, report and confirmation reads these, so they are written once as SQL
(``common.db.sql``) instead of being built by the ORM on every request; the instances they give
are the ones the equivalent querysets give (``select_related`` and ``defer`` included), and
``matches.services.tables`` is the only caller.
"""

from __future__ import annotations

from functools import cache

from django.db import connection

from common.db import sql
from matches.models import Match, ResultVersion, Seat, VersionState
from tournament.models import Entrant, Round, Team, Tournament
from tournament.services.permissions import remember_staff_role, staff_role_condition


@cache
def _match_columns() -> tuple[sql.ModelColumns, sql.ModelColumns, sql.ModelColumns]:
    return (
        sql.ModelColumns(Match, "m"),
        sql.ModelColumns(Round, "r"),
        sql.ModelColumns(Tournament, "t"),
    )


@cache
def _match_sql(lock: bool, with_staff_role: bool = False) -> str:
    match, round_, tournament = _match_columns()
    staff_role = f", {staff_role_condition('t.' + sql.column(Tournament, 'pk'))}"
    statement = (
        f"SELECT {match.select}, {round_.select}, {tournament.select}"
        f"{staff_role if with_staff_role else ''} "
        f"FROM {sql.table(Match)} m "
        f"JOIN {sql.table(Round)} r "
        f"ON r.{sql.column(Round, 'pk')} = m.{sql.column(Match, 'round')} "
        f"JOIN {sql.table(Tournament)} t "
        f"ON t.{sql.column(Tournament, 'pk')} = r.{sql.column(Round, 'tournament')} "
        f"WHERE m.{sql.column(Match, 'pk')} = %s"
    )
    if lock and connection.vendor == "postgresql":
        # the match for update; its round and tournament read and held in the same statement
        statement += " FOR UPDATE OF m FOR KEY SHARE OF r, t"
    return statement


def read_match(pk: int, *, lock: bool = False, staff_of: int | None = None) -> Match | None:
    """The match with its round and tournament loaded (``select_related("round__tournament")``);
    ``lock`` (PostgreSQL): the match row locked for update for the transaction, the round and
    tournament rows with a key-share lock (``matches.services.tables.lock_match`` says why).
    SQLite takes the whole database for a writing transaction and needs no row lock.

    ``staff_of``: a user's id; the same statement also asks whether that user holds a staff
    role in the event, and leaves the answer for ``tournament.services.permissions.is_referee``."""
    with_staff_role = staff_of is not None
    params = [staff_of, pk] if with_staff_role else [pk]
    row = sql.fetch_one(_match_sql(lock, with_staff_role), params)
    if row is None:
        return None
    match_columns, round_columns, tournament_columns = _match_columns()
    match = match_columns.instance(row)
    round_ = round_columns.instance(row, match_columns.width)
    tournament_start = match_columns.width + round_columns.width
    round_.tournament = tournament_columns.instance(row, tournament_start)
    match.round = round_
    if with_staff_role:
        remember_staff_role(round_.tournament, staff_of, row[-1])
    return match


@cache
def _seat_columns() -> tuple[sql.ModelColumns, sql.ModelColumns, sql.ModelColumns]:
    return sql.ModelColumns(Seat, "s"), sql.ModelColumns(Entrant, "e"), sql.ModelColumns(Team, "tm")


@cache
def _seats_sql(with_teams: bool) -> str:
    seat, entrant, team = _seat_columns()
    select = f"{seat.select}, {entrant.select}"
    joins = (
        f"JOIN {sql.table(Entrant)} e "
        f"ON e.{sql.column(Entrant, 'pk')} = s.{sql.column(Seat, 'entrant')} "
    )
    if with_teams:
        select += f", {team.select}"
        joins += (
            f"LEFT JOIN {sql.table(Team)} tm "
            f"ON tm.{sql.column(Team, 'pk')} = e.{sql.column(Entrant, 'team')} "
        )
    return (
        f"SELECT {select} FROM {sql.table(Seat)} s {joins}"
        f"WHERE s.{sql.column(Seat, 'match')} = %s ORDER BY s.{sql.column(Seat, 'position')}"
    )


def read_seats(match: Match) -> list[Seat]:
    """The match's seats in seat order, each with its entrant (and, in team play, its team)."""
    with_teams = match.round.tournament.team_play
    seat_columns, entrant_columns, team_columns = _seat_columns()
    seats = []
    for row in sql.fetch_all(_seats_sql(with_teams), [match.pk]):
        seat = seat_columns.instance(row)
        entrant = entrant_columns.instance(row, seat_columns.width)
        if with_teams and entrant.team_id is not None:
            entrant.team = team_columns.instance(row, seat_columns.width + entrant_columns.width)
        seat.entrant = entrant
        seat.match = match
        seats.append(seat)
    return seats


@cache
def _version_columns() -> sql.ModelColumns:
    return sql.ModelColumns(ResultVersion, "v", leave_out=("report",))


@cache
def _versions_sql() -> str:
    state = sql.column(ResultVersion, "state")
    return (
        f"SELECT {_version_columns().select} FROM {sql.table(ResultVersion)} v "
        f"WHERE v.{sql.column(ResultVersion, 'match')} = %s AND v.{state} IN (%s, %s) "
        f"ORDER BY v.{sql.column(ResultVersion, 'number')}"
    )


def read_live_versions(match: Match) -> list[ResultVersion]:
    """The match's accepted and pending versions, oldest first, without their reports (read on
    first use, as with ``defer("report")``)."""
    columns = _version_columns()
    rows = sql.fetch_all(_versions_sql(), [match.pk, VersionState.ACCEPTED, VersionState.PENDING])
    versions = [columns.instance(row) for row in rows]
    for version in versions:
        version.match = match
    return versions
