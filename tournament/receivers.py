"""The tournament app's reactions to signals (connected in ``TournamentConfig.ready``)."""

from django.db import connection, transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from matches.signals import result_accepted, result_waiting
from tournament import realtime
from tournament.models import Entrant, Tournament


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


@receiver(result_accepted, dispatch_uid="tournament.accepted_result")
def on_result_accepted(sender, match, seats=None, **kwargs) -> None:
    """New standings, and tell the match's, round's and tournament's watchers after the commit."""
    bump_standings_revision(match.round.tournament_id)
    realtime.notify_result_accepted(match, seats)


@receiver(result_waiting, dispatch_uid="tournament.result_waiting")
def on_result_waiting(sender, match, version, event, **kwargs) -> None:
    """Tell the table and the desk that a result waits for confirmation or a referee."""
    realtime.notify_result_waiting(match, version, event)


@receiver(post_save, sender=Entrant, dispatch_uid="tournament.entrant_saved")
@receiver(post_delete, sender=Entrant, dispatch_uid="tournament.entrant_deleted")
def on_entrant_changed(sender, instance, raw=False, **kwargs) -> None:
    """A new, renamed, dropped or removed entrant changes the standings.

    Rows loaded as they were (fixtures, ``import_tournament``) keep their recorded revision.
    """
    if not raw:
        bump_standings_revision(instance.tournament_id)
