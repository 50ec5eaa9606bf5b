"""The registration pieces other apps' pages show, read through the event's reverse relations
(``tournament`` imports nothing of ``registrations``):

* ``{% registration_panel tournament %}``: the event page's box: open, opens at, closed or
  full, places left, the waitlist, and "Register" (or the visitor's own registration);
* ``{% registration_line row %}``: the same in one line of the public listing (no query: the
  listing loads the policy and counts the places);
* ``{% private_link_registration entrant %}``: on the private link's page, withdraw before the
  event, or, once withdrawn, register again while open.
"""

from django import template

from registrations.logic.window import State
from registrations.models import Registration, RegistrationStatus
from registrations.services.places import places_left
from registrations.services.player_reads import may_withdraw, registration_of
from registrations.views.common import event_registration, policy_or_none
from tournament.services.registration import OPEN_STATES

register = template.Library()


@register.inclusion_tag("registrations/_event_panel.html", takes_context=True)
def registration_panel(context, tournament):
    """The event page's registration box (nothing when the organiser registers everyone)."""
    policy = policy_or_none(tournament)
    if policy is None or not policy.self_service:
        return {"reg": None}
    user = context["request"].user
    return {
        "tournament": tournament,
        "reg": event_registration(tournament, policy, places_left(tournament, policy)),
        "mine": registration_of(tournament, user),
        "signed_in": user.is_authenticated,
    }


@register.inclusion_tag("registrations/_listing_line.html")
def registration_line(row):
    """One listing row's registration line, from the row's loaded policy and places left."""
    policy = policy_or_none(row.event)
    if policy is None or not policy.self_service:
        return {"reg": None}
    return {"tournament": row.event, "reg": event_registration(row.event, policy, row.places_left)}


@register.inclusion_tag("registrations/_link_panel.html")
def private_link_registration(entrant):
    """Withdraw (before the event) or register again (after withdrawing, while open).

    Both end when the event begins, so an event under way reads nothing here (the private page
    is what a thousand phones reload when a round is published)."""
    if entrant.tournament.status not in OPEN_STATES:
        return {"entrant": entrant}
    holding = Registration.objects.filter(entrant=entrant).select_related("tournament").first()
    if holding is not None:
        return {"entrant": entrant, "withdrawable": may_withdraw(holding)}
    withdrawn = (
        Registration.objects.filter(
            tournament_id=entrant.tournament_id,
            player_id=entrant.player_id,
            status=RegistrationStatus.WITHDRAWN,
        ).exists()
        if entrant.player_id
        else False
    )
    policy = policy_or_none(entrant.tournament) if withdrawn else None
    again = policy is not None and (
        event_registration(
            entrant.tournament, policy, places_left(entrant.tournament, policy)
        ).state
        == State.OPEN
    )
    return {"entrant": entrant, "withdrawn": withdrawn, "register_again": again}
