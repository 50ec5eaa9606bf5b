"""The cached standings' revision and the event's news stamps: set once a change that moves the
standings (or publishes a round) commits."""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache

from django.db import connection, transaction
from django.utils import timezone

from common.db import sql
from tournament.models import Tournament


@cache
def _bump_sql(round_published: bool) -> str:
    revision = sql.column(Tournament, "standings_revision")
    stamps = [sql.column(Tournament, "standings_news_at")]
    if round_published:
        stamps.append(sql.column(Tournament, "round_news_at"))
    assignments = ", ".join([f"{revision} = {revision} + 1", *(f"{c} = %s" for c in stamps)])
    return (
        f"UPDATE {sql.table(Tournament)} SET {assignments} "
        f"WHERE {sql.column(Tournament, 'pk')} = %s"
    )


def bump_standings_revision(tournament_id: int, *, round_published: bool = False) -> None:
    """Mark the tournament's cached standings as out of date once the change is committed, and
    stamp the moment as the event's news (``round_published``: a round's too).

    Done after the commit, in its own short statement: inside the result's transaction the
    tournament row would stay locked until the end, and every result of the event would queue
    behind it. A reader between the commit and the bump caches the new standings under the old
    revision for a moment; the bump then moves every reader to the new key.

    The stamps are taken after the commit, and the live pushes that tell of the change are
    registered after this (they run after it): a page drawn before a stamp may have missed the
    change, one drawn after it has it (``tournament.services.live_news``). A stamp taken inside
    the transaction would leave a window: a page drawn after the stamp but before the commit.
    """

    def bump():
        # One plain statement: it runs after every result of the event, and the ORM's update
        # with an F() expression cost several times the statement itself to build.
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        stamps = [now, now] if round_published else [now]
        sql.execute(_bump_sql(round_published), [*stamps, tournament_id])

    if _held_row.get() == tournament_id and connection.in_atomic_block:
        bump()  # the row is ours already: no wait (``holding_event_row``)
        return
    transaction.on_commit(bump)


#: the event whose row the running transaction holds locked (``holding_event_row``)
_held_row: ContextVar[int | None] = ContextVar("held_event_row", default=None)


@contextmanager
def holding_event_row(tournament_id: int) -> Iterator[None]:
    """Within it, the caller's transaction holds the event's row locked (``select_for_update``),
    and a bump of that event runs at once, inside the transaction.

    After the commit the bump's update would queue for the row behind every transaction waiting
    for its lock: in a registration rush each registration that takes a place would wait for the
    queue twice (issue 36). Inside, it costs one statement on a row already held; the stamp is
    then taken a few statements before the commit, the short window the note above describes
    (a page drawn in it may miss a new entrant until the next change)."""
    token = _held_row.set(tournament_id)
    try:
        yield
    finally:
        _held_row.reset(token)
