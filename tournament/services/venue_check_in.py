"""Checking in with the code shown at the venue, and the organiser replacing that code.

A player types the event's code (``Tournament.check_in_code``) on their private page or, signed
in, on ``/events/<slug>/check-in/``; the code proves they are at the venue, the private link or
the account says who they are. It works while self check-in does (registration open, round 1
not paired). The doors limit guesses per client address (``common.rate_limits``, scope
``check_in_code``); the comparison is in constant time (``tournament.logic.venue_code``).
"""

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from common.audit.services import record_change
from tournament.logic.venue_code import new_venue_code, venue_code_matches
from tournament.models import Entrant, Tournament
from tournament.services import registration


class WrongCheckInCode(registration.RegistrationError):
    """The code typed is not the event's: counted as a guess by the doors."""


def check_in_closed_text() -> str:
    """Why a player cannot check themselves in now."""
    return _("check-in is closed (round 1 is paired, or registration is not open): ask the desk")


def check_in_with_code(entrant: Entrant, typed: str, actor: Actor) -> Entrant:
    """Check ``entrant`` in when ``typed`` is their event's venue code (``WrongCheckInCode``
    when it is not; ``RegistrationError`` when check-in is closed or they dropped out)."""
    tournament = entrant.tournament
    if not registration.registration_open(tournament):
        raise registration.RegistrationError(check_in_closed_text())
    if not venue_code_matches(tournament.check_in_code, typed):
        raise WrongCheckInCode(
            _(
                "that is not the code shown at the venue: check it on the screen or at the "
                "desk (letters and digits, like 7KQ2XM)"
            )
        )
    return registration.check_in(entrant, actor)


@transaction.atomic
def replace_check_in_code(tournament: Tournament, actor: Actor) -> Tournament:
    """Give the event a new venue code (the old one stops working at once); audited without
    either code, as it would let anyone holding the trail check in."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    tournament.check_in_code = new_venue_code()
    tournament.save(update_fields=["check_in_code", "updated_at"])
    record_change(tournament, "tournament.check_in_code_replaced", tournament, actor=actor)
    return tournament


def entry_of_user(tournament: Tournament, user) -> Entrant | None:
    """The signed-in person's entry in ``tournament`` (as a player or a team member), if any."""
    if not getattr(user, "is_authenticated", False):
        return None
    mine = Q(player__user=user) | Q(team__memberships__player__user=user)
    return tournament.entrants.filter(mine).select_related("tournament").distinct().first()
