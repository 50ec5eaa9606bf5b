"""The tournament app's one signal receiver (connected in ``TournamentConfig.ready``).

Results do not come through here: the result service calls what follows an accepted result
itself (``matches.services.results``). An entrant, though, is written from many places (the
registration services, the API, the admin, the import), and every change to one may move the
standings; a model signal is the one place that sees them all.
"""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from tournament.models import Entrant
from tournament.services.standings_revision import bump_standings_revision


@receiver(post_save, sender=Entrant, dispatch_uid="tournament.entrant_saved")
@receiver(post_delete, sender=Entrant, dispatch_uid="tournament.entrant_deleted")
def on_entrant_changed(sender, instance, raw=False, **kwargs) -> None:
    """A new, renamed, dropped or removed entrant changes the standings.

    Rows loaded as they were (fixtures, ``import_tournament``) keep their recorded revision.
    """
    if not raw:
        bump_standings_revision(instance.tournament_id)
