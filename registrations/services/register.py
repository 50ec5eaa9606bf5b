"""A signed-in player registers for an event: a place, the waitlist, or the organiser's review.

Twice is once: a second call for the same account returns the registration it has (a double
tap registers once); a withdrawn or declined one registers again at the back of the queue.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from registrations.logic.window import State
from registrations.models import (
    MAX_NAME_ENTERED,
    Registration,
    RegistrationPolicy,
    RegistrationStatus,
)
from registrations.services.answer_mail import tell_registered
from registrations.services.eligibility import check_who_may
from registrations.services.errors import RegistrationError
from registrations.services.places import (
    current_state,
    locked_event,
    places_left,
    policy_of,
    state_sentence,
)
from registrations.services.promotion import promote_next
from registrations.services.seating import name_taken, own_player, take_place
from registrations.services.trail import record, snapshot
from tournament.models import EntrantStatus, Tournament

#: the statuses of a registration that still stands (a repeat returns it)
STANDING = (
    RegistrationStatus.PENDING,
    RegistrationStatus.REGISTERED,
    RegistrationStatus.WAITLISTED,
)


@dataclass(frozen=True)
class Entry:
    """The outcome of a registration: the registration, and whether this call made it."""

    registration: Registration
    created: bool


def clean_name(name: object) -> str:
    """The name to show, or a refusal that says what is wrong with it."""
    if not isinstance(name, str) or not name.strip():
        raise RegistrationError(_("Give the name to show in the pairings."))
    name = " ".join(name.split())
    if len(name) > MAX_NAME_ENTERED:
        raise RegistrationError(
            _("A name has at most %(limit)d characters.") % {"limit": MAX_NAME_ENTERED}
        )
    return name


def check_open(tournament: Tournament, policy: RegistrationPolicy | None) -> None:
    """Refuse when players may not register now (not self-service, window, team events)."""
    state = current_state(tournament, policy)
    if state in (State.CLOSED, State.NOT_YET):
        raise RegistrationError(state_sentence(state, policy))
    if tournament.team_play:
        raise RegistrationError(
            _("This event is played by teams: a captain registers the team from the event's page.")
        )


def next_queue_number(tournament: Tournament) -> int:
    """The back of the queue (the caller holds the event's lock)."""
    latest = tournament.registrations.aggregate(n=Max("queue_number"))["n"]
    return (latest or 0) + 1


def arrive(tournament, user, name, name_listed, existing) -> Registration:
    """The registration at the back of the queue: a new one, or an old one made anew."""
    registration = existing or Registration(tournament=tournament, user=user)
    registration.name = name
    registration.name_listed = name_listed
    registration.player = own_player(user, name)
    registration.queue_number = next_queue_number(tournament)
    registration.organiser_message = ""
    return registration


def place(registration: Registration, policy: RegistrationPolicy, actor: Actor) -> None:
    """Put an arriving registration where the policy says: review, a place or the waitlist."""
    free = places_left(registration.tournament, policy) != 0
    if not (policy.review or free or policy.waitlist):
        raise RegistrationError(state_sentence(State.FULL, policy))
    registration.status = RegistrationStatus.PENDING
    registration.save()
    if policy.review:
        return
    if free:
        take_place(registration)
    else:
        registration.status = RegistrationStatus.WAITLISTED
        registration.save(update_fields=["status", "updated_at"])


@transaction.atomic
def register_once(
    tournament: Tournament,
    user,
    *,
    name: str,
    actor: Actor,
    code: str = "",
    name_listed: bool = False,
    site: str = "",
) -> Entry:
    """``register``, saying whether this call made the registration (the API's 201 or 200)."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise RegistrationError(_("Sign in to register."))
    name = clean_name(name)
    tournament = locked_event(tournament)
    existing = Registration.objects.select_for_update().filter(tournament=tournament, user=user)
    existing = existing.first()
    if existing is not None and existing.status in STANDING:
        return Entry(existing, created=False)
    policy = policy_of(tournament)
    check_open(tournament, policy)
    check_who_may(tournament, policy, user, code)
    promote_next(tournament, policy, site)  # the waitlist goes before a newcomer
    registration = arrive(tournament, user, name, bool(name_listed), existing)
    if (
        tournament.entrants.filter(player=registration.player)
        .exclude(status=EntrantStatus.DROPPED)
        .exists()
    ):
        raise RegistrationError(_("You are already in this event's field."))
    if name_taken(tournament, name, registration.player):
        raise RegistrationError(
            _("%(name)s is already registered in this event: add something to tell you apart.")
            % {"name": name}
        )
    before = snapshot(existing) if existing is not None else None
    place(registration, policy, actor)
    record(registration, "registered_again" if existing else "created", before, actor)
    tell_registered(registration, site)
    return Entry(registration, created=True)


def register(tournament: Tournament, user, **options) -> Registration:
    """Register ``user`` for ``tournament`` (``register_once``'s options: ``name``, ``actor``,
    ``code``, ``name_listed``, ``site``): a free place makes them registered (an entrant in the
    field), a full event with a waitlist waitlists them, one without refuses; with review on
    they wait for the organiser (no place is held until accepted)."""
    return register_once(tournament, user, **options).registration
