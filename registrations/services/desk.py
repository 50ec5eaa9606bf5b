"""The organiser's waitlist and desk: promote a waitlisted player, reorder the waitlist, mark
a fee paid."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from registrations.logic.queue import renumbered, reordered
from registrations.models import Registration, RegistrationStatus
from registrations.services.eligibility import require_organiser
from registrations.services.errors import RegistrationError
from registrations.services.places import locked_event, locked_registration, places_left, policy_of
from registrations.services.promotion import seat_waitlisted
from registrations.services.trail import record, snapshot

#: the largest waitlist position one may ask for (past the end means last)
MAX_POSITION = 100_000


def _organisers(registration: Registration, actor: Actor) -> Registration:
    """The registration, locked under its event's lock, if the actor runs the event."""
    locked_event(registration.tournament)
    registration = locked_registration(registration)
    require_organiser(registration.tournament, actor)
    return registration


def _waitlisted(registration: Registration) -> None:
    if registration.status != RegistrationStatus.WAITLISTED:
        raise RegistrationError(_("This player is not on the waitlist."))


@transaction.atomic
def promote(
    registration: Registration, actor: Actor, *, over_capacity: bool = False, site: str = ""
) -> Registration:
    """Move a waitlisted player into the field ahead of their turn; in a full event only when
    the organiser says so (``over_capacity``)."""
    registration = _organisers(registration, actor)
    _waitlisted(registration)
    tournament = registration.tournament
    if tournament.rounds.exists():
        raise RegistrationError(
            _("Round 1 is paired: add the player as a late entry from the players page.")
        )
    if places_left(tournament, policy_of(tournament)) == 0 and not over_capacity:
        raise RegistrationError(
            _("The event is full: confirm that this player goes over the capacity.")
        )
    return seat_waitlisted(registration, actor, site)


@transaction.atomic
def move_in_waitlist(registration: Registration, position: int, actor: Actor) -> Registration:
    """Put a waitlisted player at ``position`` of the waitlist (1 is the front)."""
    if isinstance(position, bool) or not isinstance(position, int):
        raise RegistrationError(_("A waitlist position is a whole number."))
    if not 1 <= position <= MAX_POSITION:
        raise RegistrationError(
            _("A waitlist position is from 1 to %(limit)d.") % {"limit": MAX_POSITION}
        )
    registration = _organisers(registration, actor)
    _waitlisted(registration)
    queue = list(
        Registration.objects.select_for_update()
        .filter(tournament_id=registration.tournament_id, status=RegistrationStatus.WAITLISTED)
        .order_by("queue_number")
        .values_list("pk", "queue_number")
    )
    before = snapshot(registration)
    numbers = renumbered(
        [number for _pk, number in queue],
        reordered([pk for pk, _number in queue], registration.pk, position),
    )
    changed = {pk: number for pk, number in numbers.items() if number != dict(queue)[pk]}
    _renumber(registration.tournament, changed)
    registration.refresh_from_db()
    record(registration, "moved", before, actor, position=min(position, len(queue)))
    return registration


def _renumber(tournament, changed: dict[int, int]) -> None:
    """Give rows new queue numbers without two sharing one on the way (numbers are unique)."""
    latest = tournament.registrations.order_by("-queue_number").values_list(
        "queue_number", flat=True
    )[0]
    for offset, pk in enumerate(changed, start=1):
        Registration.objects.filter(pk=pk).update(queue_number=latest + offset)
    for pk, number in changed.items():
        Registration.objects.filter(pk=pk).update(queue_number=number)


@transaction.atomic
def mark_paid(registration: Registration, paid: bool, actor: Actor) -> Registration:
    """Mark the entry fee paid (or not) at the desk."""
    if not isinstance(paid, bool):
        raise RegistrationError(_("Paid is yes or no."))
    registration = _organisers(registration, actor)
    if registration.paid == paid:
        return registration
    before = snapshot(registration)
    registration.paid = paid
    registration.save(update_fields=["paid", "updated_at"])
    record(registration, "paid" if paid else "unpaid", before, actor)
    return registration
