"""The waitlist moves: when a place is free, the first waitlisted player (by queue number)
takes it at once, in the transaction that freed it, and is told after the commit."""

from __future__ import annotations

from common.audit.actor import SYSTEM, Actor
from registrations.models import Registration, RegistrationPolicy, RegistrationStatus
from registrations.services.notices import tell_promoted
from registrations.services.places import places_left
from registrations.services.seating import take_place
from registrations.services.trail import record, snapshot
from tournament.models import Tournament


def first_waitlisted(tournament: Tournament) -> Registration | None:
    """The front of the event's waitlist, locked."""
    return (
        Registration.objects.select_for_update(of=("self",))
        .select_related("tournament", "player", "user")
        .filter(tournament=tournament, status=RegistrationStatus.WAITLISTED)
        .order_by("queue_number")
        .first()
    )


def seat_waitlisted(registration: Registration, actor: Actor, site: str = "") -> Registration:
    """Give a waitlisted registration its place, audit it, and tell the player."""
    before = snapshot(registration)
    take_place(registration)
    record(registration, "promoted", before, actor)
    tell_promoted(registration, site)
    return registration


def promote_next(
    tournament: Tournament,
    policy: RegistrationPolicy | None,
    site: str = "",
    *,
    left: int | None = None,
) -> list[Registration]:
    """Fill every free place from the front of the waitlist (even one the organiser has
    since closed: those players are waiting); the registrations promoted.

    The platform promotes (the waitlist's rule, whoever freed the place); the caller holds
    the event's lock (``places.locked_event``); ``left``: the places left, when the caller has
    just counted them under that lock."""
    promoted: list[Registration] = []
    if policy is None:
        return promoted
    left = places_left(tournament, policy) if left is None else left
    while left != 0:
        registration = first_waitlisted(tournament)
        if registration is None:
            break
        promoted.append(seat_waitlisted(registration, SYSTEM, site))
        left = places_left(tournament, policy)
    return promoted
