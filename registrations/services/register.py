"""A signed-in player registers for an event: a place, the waitlist, or the organiser's review.

Twice is once: a second call for the same account returns the registration it has (a double
tap registers once); a withdrawn or declined one registers again at the back of the queue.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
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
    Queue,
    locked_event_and_policy,
    policy_of,
    queue_of,
    state_sentence,
    state_with_places,
)
from registrations.services.promotion import promote_next
from registrations.services.seating import own_player, seat, side_and_namesake
from registrations.services.trail import record, snapshot
from tournament.models import EntrantStatus, Player, Tournament
from tournament.services.standings_revision import holding_event_row

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


def check_open(tournament: Tournament, policy: RegistrationPolicy | None) -> RegistrationPolicy:
    """The event's policy, or a refusal when players may not register now (not self-service,
    window, team events); a full event is the caller's to judge (``place``), so no place is
    counted here."""
    state = state_with_places(tournament, policy, None) if policy else State.CLOSED
    if policy is None or state in (State.CLOSED, State.NOT_YET):
        raise RegistrationError(state_sentence(state, policy))
    if tournament.team_play:
        raise RegistrationError(
            _("This event is played by teams: a captain registers the team from the event's page.")
        )
    return policy


def standing_of(tournament: Tournament, user) -> Registration | None:
    """The account's registration that still stands in the event, read without a lock (a
    repeat is answered with it; one that stands never stops standing but by a service that
    takes the event's lock, which ``register_once`` checks again under it)."""
    return Registration.objects.filter(
        tournament_id=tournament.pk, user=user, status__in=STANDING
    ).first()


def check_newcomer(tournament: Tournament, user, name: str, code: str) -> Player:
    """Everything a newcomer is refused for that needs no lock (the window, the entry code
    or membership, a place already in the field, a namesake); their player record.

    Run before the event's lock: what these read changes at the organiser's hand, and what
    must not race is checked again under the lock (the window, a namesake's name by
    ``seating.free_name`` and the field by the tournament's ``register_player``)."""
    policy = policy_of(tournament)
    check_open(tournament, policy)
    check_who_may(tournament, policy, user, code)
    player = own_player(user, name)
    side, namesake = side_and_namesake(tournament, player, name)
    if side is not None and side.status != EntrantStatus.DROPPED:
        raise RegistrationError(_("You are already in this event's field."))
    if namesake:
        raise RegistrationError(
            _("%(name)s is already registered in this event: add something to tell you apart.")
            % {"name": name}
        )
    return player


def arrive(tournament, user, name, name_listed, existing, player, queue: Queue) -> Registration:
    """The registration at the back of the queue: a new one, or an old one made anew
    (unsaved: ``place`` saves it once, where it goes)."""
    registration = existing or Registration(tournament=tournament, user=user)
    registration.name = name
    registration.name_listed = name_listed
    registration.player = player
    registration.queue_number = queue.back + 1
    registration.organiser_message = ""
    return registration


def free_places(
    tournament: Tournament, policy: RegistrationPolicy, site: str, queue: Queue
) -> bool:
    """Whether a newcomer finds a free place, once the waitlist has taken the free places
    first (a full event has nobody to promote; an empty waitlist nobody either)."""
    if policy.capacity is None:
        return True
    left = max(policy.capacity - queue.taken, 0)
    if left == 0:
        return False
    promoted = promote_next(tournament, policy, site, left=left) if queue.waiting else []
    return left > len(promoted)


def place(registration: Registration, policy: RegistrationPolicy, free: bool) -> None:
    """Put an arriving registration where the policy says (review, a place or the waitlist)
    and save it."""
    if not (policy.review or free or policy.waitlist):
        raise RegistrationError(state_sentence(State.FULL, policy))
    if policy.review:
        registration.status = RegistrationStatus.PENDING
    elif free:
        seat(registration)
    else:
        registration.status = RegistrationStatus.WAITLISTED
    registration.save()


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
    """``register``, saying whether this call made the registration (the API's 201 or 200).

    A repeat is answered from a read, without the lock; a newcomer's checks run before it
    (``check_newcomer``), so the event's lock is held only to count the places, take the
    queue number, seat or waitlist, and audit."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise RegistrationError(_("Sign in to register."))
    name = clean_name(name)
    standing = standing_of(tournament, user)
    if standing is not None:
        return Entry(standing, created=False)
    try:
        player = check_newcomer(tournament, user, name, code)
    except RegistrationError:
        standing = standing_of(tournament, user)  # a double tap's first call, just committed
        if standing is None:
            raise
        return Entry(standing, created=False)
    tournament, policy = locked_event_and_policy(tournament)
    with holding_event_row(tournament.pk):
        return _arrive_locked(
            tournament, policy, user, name, bool(name_listed), player, actor, site
        )


def _arrive_locked(tournament, policy, user, name, name_listed, player, actor, site) -> Entry:
    """``register_once`` under the event's lock: the account's registration again, the
    window, the queue, the place and the audit entry."""
    existing = Registration.objects.select_for_update().filter(tournament=tournament, user=user)
    existing = existing.first()
    if existing is not None and existing.status in STANDING:
        return Entry(existing, created=False)
    policy = check_open(tournament, policy)
    queue = queue_of(tournament)
    free = free_places(tournament, policy, site, queue)
    registration = arrive(tournament, user, name, name_listed, existing, player, queue)
    before = snapshot(existing) if existing is not None else None
    place(registration, policy, free)
    record(registration, "registered_again" if existing else "created", before, actor)
    tell_registered(registration, site)
    return Entry(registration, created=True)


def register(tournament: Tournament, user, **options) -> Registration:
    """Register ``user`` for ``tournament`` (``register_once``'s options: ``name``, ``actor``,
    ``code``, ``name_listed``, ``site``): a free place makes them registered (an entrant in the
    field), a full event with a waitlist waitlists them, one without refuses; with review on
    they wait for the organiser (no place is held until accepted)."""
    return register_once(tournament, user, **options).registration
