"""What the player's registration pages share: the event they register for, who acts, the
site's address for the links in e-mails, and the answer a page shows."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from common.audit.actor import Actor
from common.audit.channels import Channel
from registrations.logic.window import State
from registrations.models import Registration, RegistrationPolicy, RegistrationStatus
from registrations.services.places import registration_state, state_sentence, state_with_places
from registrations.services.player_reads import may_withdraw
from tournament.models import Tournament
from tournament.views.visibility import visible_tournament


def page_actor(request, entrant=None) -> Actor:
    """The player acting through a page (signed in, or holding ``entrant``'s private link)."""
    return Actor.from_request(request, Channel.PAGE, entrant=entrant)


def site_of(request) -> str:
    """The site's address (scheme and host), for the links an e-mail carries."""
    return request.build_absolute_uri("/").rstrip("/")


def policy_or_none(tournament: Tournament) -> RegistrationPolicy | None:
    """The event's registration policy through its reverse relation, or None."""
    try:
        return tournament.registration_policy
    except RegistrationPolicy.DoesNotExist:
        return None


def self_service_event(request, slug) -> tuple[Tournament, RegistrationPolicy]:
    """The event (if this visitor may see it) and its policy, when players register
    themselves; 404 otherwise, the same as for a missing event."""
    tournament = visible_tournament(request, slug)
    policy = policy_or_none(tournament)
    if policy is None or not policy.self_service:
        raise Http404(
            _("Players do not register themselves for this event: the organiser enters them.")
        )
    return tournament, policy


@dataclass(frozen=True)
class EventRegistration:
    """Whether one can register for an event now, as its page and the listing say it."""

    state: str
    sentence: str
    places_left: int | None
    waitlist: bool

    @property
    def waitlist_only(self) -> bool:
        """Open, but every place is taken: a newcomer joins the waitlist."""
        return self.state == State.OPEN and self.places_left == 0

    @property
    def label(self) -> str:
        if self.waitlist_only:
            return str(_("Full: waitlist open"))
        return str(STATE_LABELS[State(self.state)])


STATE_LABELS = {
    State.OPEN: _("Registration open"),
    State.NOT_YET: _("Registration not open yet"),
    State.CLOSED: _("Registration closed"),
    State.FULL: _("Full"),
}


def event_registration(
    tournament: Tournament, policy: RegistrationPolicy, left: int | None
) -> EventRegistration:
    """The event's registration now, given its places left (``left``, counted by the caller)."""
    state = state_with_places(tournament, policy, left)
    sentence = state_sentence(state, policy)
    if state == State.OPEN and left == 0:
        sentence = _("Every place is taken: you would join the waitlist, in order of arrival.")
    return EventRegistration(state, sentence, left, policy.waitlist)


@dataclass(frozen=True)
class Answer:
    """Where a player's registration stands, and where they may go from it."""

    registration: Registration
    position: int | None
    waiting: int
    private_url: str
    calendar_url: str
    withdraw_url: str
    register_url: str


def answer_of(request, registration: Registration, *, withdraw_url: str = "") -> Answer:
    """The answer page's view of ``registration`` (annotated by ``with_waitlist_place``)."""
    tournament = registration.tournament
    registered = registration.status == RegistrationStatus.REGISTERED
    entrant = registration.entrant if registered else None
    again = registration.status == RegistrationStatus.WITHDRAWN and (
        registration_state(tournament).state == State.OPEN
    )
    waitlisted = registration.status == RegistrationStatus.WAITLISTED
    return Answer(
        registration=registration,
        position=getattr(registration, "waitlist_position", None) if waitlisted else None,
        waiting=getattr(registration, "waitlist_size", 0),
        private_url=(
            request.build_absolute_uri(reverse("matches:my-table", args=[entrant.access_token]))
            if entrant is not None
            else ""
        ),
        calendar_url=(
            reverse("tournament:event-calendar", args=[tournament.slug])
            if tournament.is_public and tournament.starts_on
            else ""
        ),
        withdraw_url=(
            withdraw_url or reverse("registrations:withdraw", args=[tournament.slug])
            if may_withdraw(registration)
            else ""
        ),
        register_url=reverse("registrations:register", args=[tournament.slug]) if again else "",
    )
