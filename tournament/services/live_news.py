"""What a page drawn at a given moment has missed of its event's feed or its round's results,
in the sockets' own messages.

Pages that reload on ``round.published`` or ``standings.changed`` pass the time they were drawn
(``after``, server milliseconds). The polling fallback answers with this news, and the event's
socket sends it right after it has joined the event's group (the round socket: where each table
stands whose result moved since, ``tables_since``), so a change that committed between the
page's drawing and its socket's subscription is not lost: its push went out before the socket
listened, and this catches it up.

Whether there is news is decided by the event's news stamps (``Tournament.round_news_at`` and
``standings_news_at``), taken after the change committed and before its push
(``tournament.services.standings_revision``). A stamp taken inside the change's transaction (a
round's
``published_at``, a version's ``decided_at``) would leave a window: a page drawn after the stamp
but before the commit neither shows the change nor hears of it.
"""

from datetime import UTC, datetime, timedelta
from functools import cache

from django.db.models import Max, Prefetch

from common.db import sql
from common.live import push_messages as messages
from matches.models import Match, MatchStatus, ResultResponse, ResultVersion, Seat, VersionState
from tournament.models import PUBLIC_ROUND_STATES, Round, Tournament


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


#: the statuses of a match that waits (for its sides, or a referee), and the event each is told as
WAITING_STATES = {MatchStatus.REPORTED: "reported", MatchStatus.DISPUTED: "disputed"}

#: how far before a page's drawing a table's change may be stamped and still be news to it:
#: ``created_at`` and ``decided_at`` are taken inside the change's transaction, which commits
#: later (after its locks, its running totals and its audit entry: milliseconds, under the
#: HTTP bench's load well under a second, longer only while it waits for a round's publication
#: to release the entrants' rows). A table caught up twice is shown in place again, which
#: changes nothing; each one costs its page's join about 0.75 ms (bench event), so the
#: allowance is not made longer than it needs to be.
DECIDED_BEFORE_COMMIT = timedelta(seconds=10)

#: the earliest moment a stored time can hold (the fallback search for the latest result)
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@cache
def _news_stamps_sql() -> str:
    """Whether each news stamp of the event is at or after a moment (one parameter each)."""
    pk = sql.column(Tournament, "pk")
    rounds, standings = (
        sql.column(Tournament, "round_news_at"),
        sql.column(Tournament, "standings_news_at"),
    )
    return (
        f"SELECT t.{rounds} >= %s, t.{standings} >= %s "
        f"FROM {sql.table(Tournament)} t WHERE t.{pk} = %s"
    )


@cache
def _latest_round_sql() -> str:
    published_at = sql.column(Round, "published_at")
    return (
        f"SELECT {ROUND_COLUMNS.select} FROM {sql.table(Round)} r "
        f"WHERE {_public_rounds_of_event()} "
        f"ORDER BY r.{published_at} DESC, r.{sql.column(Round, 'number')} DESC LIMIT 1"
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


def _as_parameter(moment: datetime):
    return sql.database().ops.adapt_datetimefield_value(moment)


def news_since(tournament: Tournament, after_ms: int) -> list[dict]:
    """At most one ``round.published`` (the latest published round) and one
    ``standings.changed`` (the latest accepted result), each only if the event's news stamp of
    its kind is at or after ``after_ms`` (a stamp in the page's own millisecond counts: the page
    may have been drawn just before it, and one reload too many is harmless).

    Read the stamps after the socket has joined its group: a change stamped later is pushed to
    it. Every page load of a followed event asks this when its socket joins, so these are plain
    statements (``common.db.sql``): one primary-key read when nothing is new, and the accepted
    results read through their index on the decision time, back to ``DECIDED_BEFORE_COMMIT``
    before ``after_ms`` first. ``standings.changed`` names the event's latest accepted result;
    an event with none has no standings to change."""
    since = _moment(after_ms)
    if since is None:
        return []
    row = sql.fetch_one(_news_stamps_sql(), [_as_parameter(since)] * 2 + [tournament.pk])
    if row is None:
        return []
    round_news, standings_news = row
    public = [tournament.pk, *PUBLIC_ROUND_STATES]
    out = []
    if round_news:
        row = sql.fetch_one(_latest_round_sql(), public)
        if row is not None:
            out.append(messages.round_published(ROUND_COLUMNS.instance(row)))
    if standings_news:
        # the latest accepted result names the change: looked for among the recent ones first
        # (through the index, a short walk), then among all of them (a change that took long to
        # commit, or one that was no result: a rebuild, a renamed player)
        for earliest in (since - DECIDED_BEFORE_COMMIT, EPOCH):
            params = [*public, VersionState.ACCEPTED, _as_parameter(earliest)]
            row = sql.fetch_one(_latest_result_sql(), params)
            if row is not None:
                break
        if row is not None:
            version = VERSION_COLUMNS.instance(row)
            round_id = row[VERSION_COLUMNS.width]
            out.append(messages.standings_changed(tournament.pk, round_id, version.match_id))
    return out


def table_messages(matches) -> list[dict]:
    """What the round socket says of each of these matches (seats loaded, in their order) as it
    stands: ``result.accepted`` for an accepted one, ``result.reported`` or ``result.disputed``
    (with its newest version's number) for one that waits; nothing for an open one. One query
    for the waiting ones' version numbers."""
    waiting = [m.pk for m in matches if m.status in WAITING_STATES]
    numbers = (
        dict(
            ResultVersion.objects.filter(match_id__in=waiting)
            .order_by()
            .values("match_id")
            .annotate(newest=Max("number"))
            .values_list("match_id", "newest")
        )
        if waiting
        else {}
    )
    out = []
    for match in matches:
        if match.status == MatchStatus.ACCEPTED:
            out.append(messages.result_accepted(match, match.seats.all()))
        elif match.pk in numbers:
            event = WAITING_STATES[match.status]
            out.append(messages.result_waiting(match, numbers[match.pk], event))
    return out


def tables_since(round_: Round, after_ms: int) -> list[dict]:
    """``table_messages`` of each match of ``round_`` whose result moved after ``after_ms`` (a
    version stored or decided, a side's answer), in table order (two queries when nothing
    moved, four at most).

    The times are stamped inside the changes' transactions, before their commits, so changes
    stamped up to ``DECIDED_BEFORE_COMMIT`` before the page was drawn are sent too: the page
    may have been drawn before their commit. A page that already shows one shows it again in
    place.
    """
    since = _moment(after_ms)
    if since is None:
        return []
    earliest = since - DECIDED_BEFORE_COMMIT
    # one statement of three reads, each through an index on its time: a version stored, a
    # version accepted (a superseded one is decided with the version that replaces it), an answer
    # (unordered: the models' default orderings would join the event into each read)
    versions = ResultVersion.objects.filter(match__round=round_).order_by()
    stored = versions.filter(created_at__gte=earliest).values_list("match_id")
    accepted = versions.filter(state=VersionState.ACCEPTED, decided_at__gte=earliest)
    answered = (
        ResultResponse.objects.filter(version__match__round=round_, created_at__gte=earliest)
        .order_by()
        .values_list("version__match_id")
    )
    moved = {pk for (pk,) in stored.union(accepted.values_list("match_id"), answered)}
    if not moved:
        return []
    seats = Seat.objects.select_related("entrant").order_by("position")
    matches = (
        Match.objects.filter(pk__in=moved)
        .select_related("round")
        .prefetch_related(Prefetch("seats", seats))
        .order_by("table_number")
    )
    return table_messages(list(matches))


def after_from(raw: str | None) -> int | None:
    """A page's ``after`` (milliseconds, not negative) from a query value; None when absent or
    not a whole number."""
    try:
        return max(0, int(raw)) if raw is not None else None
    except ValueError:
        return None
