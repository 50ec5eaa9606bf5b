"""A player withdraws (or the organiser withdraws them): their place goes to the waitlist.

Before round 1 is paired the entrant leaves the field and the first waitlisted player takes
the place at once; afterwards it is a drop (``tournament.services.registration.drop``): the
entrant stays in the standings, and the place is not given again.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from registrations.models import Registration, RegistrationStatus
from registrations.services.eligibility import require_owner_or_organiser
from registrations.services.errors import RegistrationError
from registrations.services.places import locked_event, locked_registration, policy_of
from registrations.services.promotion import promote_next
from registrations.services.seating import leave_field
from registrations.services.trail import record, snapshot


@transaction.atomic
def withdraw(registration: Registration, actor: Actor, *, site: str = "") -> Registration:
    """Withdraw a registration (pending, waitlisted or registered); a place it held goes to
    the first waitlisted player in the same transaction."""
    tournament = locked_event(registration.tournament)
    registration = locked_registration(registration)
    require_owner_or_organiser(registration, actor)
    if registration.status in (RegistrationStatus.WITHDRAWN, RegistrationStatus.DECLINED):
        raise RegistrationError(
            _("This registration is already withdrawn.")
            if registration.status == RegistrationStatus.WITHDRAWN
            else _("This registration is already declined.")
        )
    return release(registration, tournament, actor, action="withdrawn", site=site)


def release(
    registration: Registration, tournament, actor: Actor, *, action: str, site: str = ""
) -> Registration:
    """The registration (locked, under the event's lock) lets go of its place or its turn:
    withdrawn, audited as ``registration.<action>``, the waitlist moved on."""
    before = snapshot(registration)
    held_place = registration.status == RegistrationStatus.REGISTERED
    leave_field(registration, actor)
    registration.status = RegistrationStatus.WITHDRAWN
    registration.save(update_fields=["status", "entrant", "updated_at"])
    record(registration, action, before, actor)
    if held_place and not tournament.rounds.exists():
        promote_next(tournament, policy_of(tournament), site)
    return registration
