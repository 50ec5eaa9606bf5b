"""Review mode: the organiser accepts or declines each registration, with a message."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from registrations.models import MAX_ORGANISER_MESSAGE, Registration, RegistrationStatus
from registrations.services.eligibility import require_organiser
from registrations.services.errors import RegistrationError
from registrations.services.places import locked_event, locked_registration, places_left, policy_of
from registrations.services.promotion import promote_next
from registrations.services.seating import take_place
from registrations.services.trail import record, snapshot


def clean_message(message: object) -> str:
    """The organiser's message, or a refusal that says what is wrong with it."""
    if not isinstance(message, str):
        raise RegistrationError(_("The message must be text."))
    message = message.strip()
    if len(message) > MAX_ORGANISER_MESSAGE:
        raise RegistrationError(
            _("A message has at most %(limit)d characters.") % {"limit": MAX_ORGANISER_MESSAGE}
        )
    return message


def _pending(registration: Registration, actor: Actor) -> Registration:
    """The registration, locked under its event's lock, if the organiser may review it now."""
    locked_event(registration.tournament)
    registration = locked_registration(registration)
    require_organiser(registration.tournament, actor)
    if registration.status != RegistrationStatus.PENDING:
        raise RegistrationError(
            _("Only a registration awaiting review can be accepted or declined; this one is %(s)s.")
            % {"s": registration.get_status_display().lower()}
        )
    return registration


@transaction.atomic
def accept(
    registration: Registration, actor: Actor, message: str = "", *, site: str = ""
) -> Registration:
    """Accept a registration awaiting review: a free place makes it registered, a full event
    waitlists it (in its order of arrival); a full event without a waitlist refuses."""
    message = clean_message(message)
    registration = _pending(registration, actor)
    tournament = registration.tournament
    policy = policy_of(tournament)
    promote_next(tournament, policy, site)  # those waiting already go first
    free = places_left(tournament, policy) != 0
    if not free and not (policy and policy.waitlist):
        raise RegistrationError(_("The event is full and has no waitlist: raise the capacity."))
    before = snapshot(registration)
    registration.organiser_message = message
    if free:
        take_place(registration)
    else:
        registration.status = RegistrationStatus.WAITLISTED
    registration.save(update_fields=["status", "organiser_message", "updated_at"])
    record(registration, "accepted", before, actor)
    return registration


@transaction.atomic
def decline(registration: Registration, actor: Actor, message: str) -> Registration:
    """Decline a registration awaiting review, telling the player why."""
    message = clean_message(message)
    if not message:
        raise RegistrationError(_("Say why the registration is declined."))
    registration = _pending(registration, actor)
    before = snapshot(registration)
    registration.status = RegistrationStatus.DECLINED
    registration.organiser_message = message
    registration.save(update_fields=["status", "organiser_message", "updated_at"])
    record(registration, "declined", before, actor, message=message)
    return registration
