"""The cached standings' revision: bumped once a change that moves the standings commits."""

from django.db import connection, transaction

from tournament.models import Tournament


def bump_standings_revision(tournament_id: int) -> None:
    """Mark the tournament's cached standings as out of date once the change is committed.

    Done after the commit, in its own short statement: inside the result's transaction the
    tournament row would stay locked until the end, and every result of the event would queue
    behind it. A reader between the commit and the bump caches the new standings under the old
    revision for a moment; the bump then moves every reader to the new key.
    """

    def bump():
        # One plain statement: it runs after every result of the event, and the ORM's update
        # with an F() expression cost several times the statement itself to build.
        quote = connection.ops.quote_name
        column = quote("standings_revision")
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {quote(Tournament._meta.db_table)} SET {column} = {column} + 1 "
                f"WHERE {quote('id')} = %s",
                [tournament_id],
            )

    transaction.on_commit(bump)
