"""What a page drawn at a given moment has missed of its event's feed or its round's results,
in the sockets' own messages.

Pages that reload on ``round.published`` or ``standings.changed`` pass the time they were drawn
(``after``, server milliseconds). The polling fallback answers with this news, and the event's
socket sends it right after it has joined the event's group (the round socket the results
accepted since), so a change that committed between the page's drawing and its socket's
subscription is not lost: its push went out before the socket listened, and this catches it
up.
"""

from datetime import UTC, datetime
from functools import cache

from django.db.models import Prefetch

from common import sql
from matches.models import Match, ResultVersion, Seat, VersionState
from tournament import messages
from tournament.models import PUBLIC_ROUND_STATES, Round, Tournament


def _ms(moment) -> int:
    return int(moment.timestamp() * 1000) if moment else 0


def _moment(ms: int) -> datetime | None:
    """``ms`` (milliseconds since the epoch) as a moment; None beyond the calendar's end."""
    try:
        return datetime.fromtimestamp(ms / 1000, tz=UTC)
    except (OverflowError, OSError, ValueError):
        return None


#: the rounds' columns, and the accepted versions' few that the news needs
ROUND_COLUMNS = sql.ModelColumns(Round, "r")
VERSION_COLUMNS = sql.ModelColumns(
    ResultVersion,
    "v",
    leave_out=tuple(
        field.name
        for field in ResultVersion._meta.concrete_fields
        if field.name not in ("id", "match", "decided_at")
    ),
)


def _public_rounds_of_event() -> str:
    marks = ", ".join(["%s"] * len(PUBLIC_ROUND_STATES))
    return (
        f"r.{sql.column(Round, 'tournament')} = %s AND r.{sql.column(Round, 'status')} IN ({marks})"
    )


@cache
def _latest_round_sql() -> str:
    published_at = sql.column(Round, "published_at")
    return (
        f"SELECT {ROUND_COLUMNS.select} FROM {sql.table(Round)} r "
        f"WHERE {_public_rounds_of_event()} AND r.{published_at} >= %s "
        f"ORDER BY r.{published_at} DESC LIMIT 1"
    )


@cache
def _latest_result_sql() -> str:
    decided_at = sql.column(ResultVersion, "decided_at")
    match_round, match_pk = sql.column(Match, "round"), sql.column(Match, "pk")
    return (
        f"SELECT {VERSION_COLUMNS.select}, m.{match_round} "
        f"FROM {sql.table(ResultVersion)} v "
        f"JOIN {sql.table(Match)} m ON m.{match_pk} = v.{sql.column(ResultVersion, 'match')} "
        f"JOIN {sql.table(Round)} r ON r.{sql.column(Round, 'pk')} = m.{match_round} "
        f"WHERE {_public_rounds_of_event()} AND v.{sql.column(ResultVersion, 'state')} = %s "
        f"AND v.{decided_at} >= %s ORDER BY v.{decided_at} DESC LIMIT 1"
    )


def news_since(tournament: Tournament, after_ms: int) -> list[dict]:
    """At most one ``round.published`` (the latest published round) and one
    ``standings.changed`` (the latest accepted result), each only if newer than ``after_ms``.

    Every page load of a followed event asks this when its socket joins, so it is two plain
    statements (``common.sql``; the ORM took ten times as long to build them as PostgreSQL to
    run them) that read only what was stamped from ``after_ms`` on: the accepted results by
    their decision time, through an index, not a sort of all of the event's results."""
    since = _moment(after_ms)
    if since is None:
        return []
    since = sql.database().ops.adapt_datetimefield_value(since)
    public = [tournament.pk, *PUBLIC_ROUND_STATES]
    out = []
    row = sql.fetch_one(_latest_round_sql(), [*public, since])
    latest_round = ROUND_COLUMNS.instance(row) if row else None
    if latest_round is not None and _ms(latest_round.published_at) > after_ms:
        out.append(messages.round_published(latest_round))
    row = sql.fetch_one(_latest_result_sql(), [*public, VersionState.ACCEPTED, since])
    if row is not None:
        version = VERSION_COLUMNS.instance(row)
        if _ms(version.decided_at) > after_ms:
            round_id = row[VERSION_COLUMNS.width]
            out.append(messages.standings_changed(tournament.pk, round_id, version.match_id))
    return out


def results_since(round_: Round, after_ms: int) -> list[dict]:
    """``result.accepted`` of each match of ``round_`` whose result was accepted (or corrected)
    after ``after_ms``, in table order (two queries, the second only when there is one)."""
    since = _moment(after_ms)
    if since is None:
        return []
    decided = ResultVersion.objects.filter(
        match__round=round_, state=VersionState.ACCEPTED, decided_at__gte=since
    ).values_list("match_id", "decided_at")
    match_ids = [match_id for match_id, at in decided if _ms(at) > after_ms]
    if not match_ids:
        return []
    seats = Seat.objects.select_related("entrant").order_by("position")
    matches = (
        Match.objects.filter(pk__in=match_ids)
        .select_related("round")
        .prefetch_related(Prefetch("seats", seats))
        .order_by("table_number")
    )
    return [messages.result_accepted(match, match.seats.all()) for match in matches]


def after_from(raw: str | None) -> int | None:
    """A page's ``after`` (milliseconds, not negative) from a query value; None when absent or
    not a whole number."""
    try:
        return max(0, int(raw)) if raw is not None else None
    except ValueError:
        return None
