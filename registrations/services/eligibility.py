"""Who may register for an event, and who may act on a registration.

A member of an event's organisation is one of its staff, or a player who has played (alone or
in a team) in one of its earlier events: the platform keeps no other list of members
(engine/decisions.py).
"""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from registrations.logic.entry_code import code_matches
from registrations.models import Registration, RegistrationPolicy, WhoMay
from registrations.services.errors import RegistrationError
from tournament.models import Entrant, Tournament
from tournament.services.permissions import is_organiser
from tournament.services.players import system_acts


def is_member(user, tournament: Tournament) -> bool:
    """Whether ``user`` belongs to the event's organisation (staff, or played in its events)."""
    organisation = tournament.organisation_id
    if organisation is None:
        return False
    if user.organisation_roles.filter(organisation_id=organisation).exists():
        return True
    played = Q(player__user=user) | Q(team__memberships__player__user=user)
    return (
        Entrant.objects.filter(played, tournament__organisation_id=organisation)
        .exclude(tournament_id=tournament.pk)
        .exists()
    )


def check_who_may(tournament: Tournament, policy: RegistrationPolicy, user, code: str) -> None:
    """Refuse a player the policy does not let in (a wrong code, not a member)."""
    if policy.who_may == WhoMay.CODE and not code_matches(code, policy.entry_code):
        raise RegistrationError(
            _("That is not this event's entry code: ask the organiser for it.")
            if code
            else _("This event needs its entry code to register: ask the organiser for it.")
        )
    if policy.who_may == WhoMay.MEMBERS and not is_member(user, tournament):
        raise RegistrationError(
            _("Only members of %(organisation)s may register for this event.")
            % {"organisation": tournament.organisation or _("the organisation")}
        )


def require_organiser(tournament: Tournament, actor: Actor) -> None:
    """Refuse anyone but the event's organisers (and the platform itself)."""
    if not (system_acts(actor) or is_organiser(actor.user, tournament)):
        raise RegistrationError(_("Only the event's organisers may do that."))


def require_owner_or_organiser(registration: Registration, actor: Actor) -> None:
    """Refuse anyone but the registration's own account and the event's organisers."""
    user = actor.user
    if getattr(user, "is_authenticated", False) and user.pk == registration.user_id:
        return
    require_organiser(registration.tournament, actor)
