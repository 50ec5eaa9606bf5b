"""The tournament app's reactions to other apps' signals (connected in ``TournamentConfig``)."""

from django.dispatch import receiver

from matches.signals import result_accepted
from tournament import realtime


@receiver(result_accepted, dispatch_uid="tournament.push_accepted_result")
def push_accepted_result(sender, match, **kwargs) -> None:
    """Tell the match's, round's and tournament's watchers (after the commit)."""
    realtime.notify_result_accepted(match)
