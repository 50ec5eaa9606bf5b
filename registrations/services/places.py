"""The reads of registration: places left, a waitlist position, whether registration is open.

``locked_event`` is what every registration service takes first: the event's row, locked, so
that two registrations (or a withdrawal and a promotion) count the places one after the other.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Exists, Max, OuterRef, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _

from registrations.logic.window import State, window_state
from registrations.models import Registration, RegistrationPolicy, RegistrationStatus
from tournament.models import Entrant, EntrantStatus, Tournament
from tournament.services.registration import OPEN_STATES


@dataclass(frozen=True)
class RegistrationState:
    """Where an event's registration stands, and the sentence that tells a player."""

    state: State
    sentence: str


def locked_event(tournament: Tournament) -> Tournament:
    """The event's row, locked until the transaction ends (one place count at a time)."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def locked_event_and_policy(
    tournament: Tournament,
) -> tuple[Tournament, RegistrationPolicy | None]:
    """``locked_event`` and the event's registration policy, read in the same query (the
    policy as it stands under the lock: its capacity is the one that counts)."""
    locked = (
        Tournament.objects.select_for_update(of=("self",))
        .select_related("registration_policy")
        .get(pk=tournament.pk)
    )
    return locked, getattr(locked, "registration_policy", None)


def locked_registration(registration: Registration) -> Registration:
    """The registration, locked and read afresh (the caller holds the event's lock)."""
    return (
        Registration.objects.select_for_update(of=("self",))
        .select_related("tournament", "entrant", "player", "user")
        .get(pk=registration.pk)
    )


def policy_of(tournament: Tournament) -> RegistrationPolicy | None:
    """The event's registration policy, or None (the organiser types every player)."""
    return RegistrationPolicy.objects.filter(tournament_id=tournament.pk).first()


def places_taken(tournament: Tournament) -> int:
    """Entrants in the field (every side not dropped, however it was entered)."""
    return tournament.entrants.exclude(status=EntrantStatus.DROPPED).count()


def places_left(tournament: Tournament, policy: RegistrationPolicy | None = None) -> int | None:
    """Places free in the field, or None when the event has no capacity."""
    policy = policy if policy is not None else policy_of(tournament)
    if policy is None or policy.capacity is None:
        return None
    return max(policy.capacity - places_taken(tournament), 0)


@dataclass(frozen=True)
class Queue:
    """An event's field and queue as one statement read them under the event's lock."""

    taken: int  # entrants in the field (``places_taken``)
    back: int  # the highest queue number given (0 before the first registration)
    waiting: bool  # whether anyone is on the waitlist


def queue_of(tournament: Tournament) -> Queue:
    """``Queue`` in one statement (the caller holds the event's lock: a statement begun after
    it sees every registration committed before it)."""
    entrants = Entrant.objects.filter(tournament=OuterRef("pk")).exclude(
        status=EntrantStatus.DROPPED
    )
    registrations = Registration.objects.filter(tournament=OuterRef("pk"))
    waitlisted = registrations.filter(status=RegistrationStatus.WAITLISTED)
    row = (
        Tournament.objects.filter(pk=tournament.pk)
        .values(
            taken=Subquery(entrants.values("tournament").annotate(n=Count("pk")).values("n")),
            back=Subquery(
                registrations.values("tournament").annotate(n=Max("queue_number")).values("n")
            ),
            waiting=Exists(waitlisted),
        )
        .get()
    )
    return Queue(row["taken"] or 0, row["back"] or 0, bool(row["waiting"]))


def waitlist_position(registration: Registration) -> int | None:
    """1 for the first waitlisted player, and so on; None when not waitlisted."""
    if registration.status != RegistrationStatus.WAITLISTED:
        return None
    return Registration.objects.filter(
        tournament_id=registration.tournament_id,
        status=RegistrationStatus.WAITLISTED,
        queue_number__lte=registration.queue_number,
    ).count()


def current_state(tournament: Tournament, policy: RegistrationPolicy | None) -> State:
    """The state code of registration now (closed once round 1 is paired)."""
    if policy is None:
        return State.CLOSED
    return state_with_places(tournament, policy, places_left(tournament, policy))


def state_with_places(
    tournament: Tournament, policy: RegistrationPolicy, left: int | None
) -> State:
    """``current_state`` when the places left (``left``) are already counted (the listing
    counts them for a whole page at once)."""
    if tournament.status not in OPEN_STATES:
        return State.CLOSED
    return window_state(
        timezone.now(),
        self_service=policy.self_service,
        opens_at=policy.opens_at,
        closes_at=policy.closes_at,
        places_left=left,
        waitlist=policy.waitlist,
    )


def state_sentence(state: State, policy: RegistrationPolicy | None) -> str:
    """The sentence a player reads for ``state``."""
    if state == State.NOT_YET and policy is not None and policy.opens_at is not None:
        when = timezone.localtime(policy.opens_at).strftime("%Y-%m-%d %H:%M")
        return _("Registration opens at %(when)s.") % {"when": when}
    if state == State.FULL:
        return _("The event is full and has no waitlist.")
    if state == State.OPEN:
        return _("Registration is open.")
    if policy is None or not policy.self_service:
        return _("The organiser registers the players of this event.")
    return _("Registration is closed.")


def registration_state(tournament: Tournament) -> RegistrationState:
    """Whether players may register now: open, not yet, closed or full, with its sentence."""
    policy = policy_of(tournament)
    state = current_state(tournament, policy)
    return RegistrationState(state, state_sentence(state, policy))
