"""At round 1: drop everyone not checked in, in one action (issue 36.11).

One audit entry per entrant dropped (``entrant.dropped``, the same as a drop one by one, with a
shared reason), so each entrant's story and the console's list of drops read as before. The
confirmation names how many; the action refuses when that number has changed meanwhile.
"""

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.audit.actor import Actor
from tournament.models import Entrant, EntrantStatus, Tournament
from tournament.services import registration


def not_checked_in(tournament: Tournament) -> list[Entrant]:
    """The entrants still registered but not checked in, by name."""
    return list(
        tournament.entrants.filter(status=EntrantStatus.REGISTERED).order_by("display_name", "id")
    )


def no_show_problem(tournament: Tournament, absent: int) -> str | None:
    """Why the no-shows cannot be dropped now (None when they can)."""
    if tournament.rounds.exists():
        return _(
            "round 1 is paired already: drop players one by one (late entries wait until they "
            "check in)"
        )
    if not absent:
        return _("everyone is checked in or dropped: there is nobody to drop")
    if not tournament.entrants.filter(status=EntrantStatus.CHECKED_IN).exists():
        return _("nobody is checked in yet: check in the players present first")
    return None


@transaction.atomic
def drop_not_checked_in(tournament: Tournament, actor: Actor, *, expected: int) -> list[Entrant]:
    """Drop every entrant not checked in before round 1 is paired; ``expected`` is the number
    the organiser confirmed (a different number now changes nothing)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    absent = not_checked_in(tournament)
    problem = no_show_problem(tournament, len(absent))
    if problem is not None:
        raise registration.RegistrationError(problem)
    if expected != len(absent):
        raise registration.RegistrationError(
            ngettext(
                "%(now)d player is not checked in now, not %(expected)d: look at the list again",
                "%(now)d players are not checked in now, not %(expected)d: look at the list again",
                len(absent),
            )
            % {"now": len(absent), "expected": expected}
        )
    reason = _("not checked in when round 1 was about to be paired")
    return [registration.drop(entrant, actor, reason=reason) for entrant in absent]
