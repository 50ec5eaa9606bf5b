"""The cached standings' revision and the event's news stamps: set once a change that moves the
standings (or publishes a round) commits."""

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

    transaction.on_commit(bump)
