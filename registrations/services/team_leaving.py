"""Members leave a team before the event: the captain removes one, a member leaves, or the
captain withdraws the whole team. A team left too small for the mode gives up its place (the
first waitlisted takes it at once); once round 1 is paired the teams are fixed.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from common.audit.services import record_change
from registrations.models import TeamEntry, TeamEntryMember
from registrations.services.eligibility import require_organiser
from registrations.services.errors import RegistrationError
from registrations.services.places import locked_event, policy_of
from registrations.services.team_places import settle
from registrations.services.team_reads import standing_registration
from registrations.services.withdraw import withdraw
from tournament.models import Tournament
from tournament.services.registration import OPEN_STATES


def _locked(entry: TeamEntry) -> tuple[Tournament, TeamEntry]:
    """The event and the team, locked in that order (as every registration service locks)."""
    tournament = locked_event(entry.tournament)
    return tournament, TeamEntry.objects.select_for_update().get(pk=entry.pk)


def _before_event(tournament: Tournament) -> None:
    if tournament.status not in OPEN_STATES or tournament.rounds.exists():
        raise RegistrationError(
            _("The event has started: its teams are fixed now. Ask the organisers' desk.")
        )


def _captain_or_organiser(entry: TeamEntry, tournament: Tournament, actor: Actor) -> None:
    if getattr(actor.user, "pk", None) != entry.captain_id:
        require_organiser(tournament, actor)


def _drop(entry: TeamEntry, member: TeamEntryMember, action: str, actor: Actor) -> TeamEntry:
    """Take ``member`` out of the team, audit it, and settle the team's place."""
    tournament = entry.tournament
    name = member.user.get_username()
    member.delete()
    record_change(tournament, action, entry, before={"member": name}, actor=actor)
    settle(entry, tournament, policy_of(tournament), actor)
    return entry


@transaction.atomic
def remove_member(entry: TeamEntry, member_id: int, *, actor: Actor) -> TeamEntry:
    """The captain (or an organiser) takes a member out of the team, before the event."""
    tournament, entry = _locked(entry)
    _captain_or_organiser(entry, tournament, actor)
    member = entry.members.select_related("user").filter(pk=member_id).first()
    if member is None:
        raise RegistrationError(_("That person is not in this team."))
    if member.user_id == entry.captain_id:
        raise RegistrationError(_("The captain stays in the team: withdraw the team instead."))
    _before_event(tournament)
    return _drop(entry, member, "team.member_removed", actor)


@transaction.atomic
def leave_team(entry: TeamEntry, user, *, actor: Actor) -> TeamEntry:
    """``user`` leaves the team, before the event (the captain withdraws it instead)."""
    tournament, entry = _locked(entry)
    member = entry.members.select_related("user").filter(user=getattr(user, "pk", None)).first()
    if member is None:
        raise RegistrationError(_("You are not in this team."))
    if member.user_id == entry.captain_id:
        raise RegistrationError(_("You are the captain: withdraw the team instead of leaving it."))
    _before_event(tournament)
    return _drop(entry, member, "team.left", actor)


@transaction.atomic
def withdraw_team(entry: TeamEntry, *, actor: Actor) -> None:
    """The captain (or an organiser) withdraws the team before the event: a place it held
    goes to the first waitlisted, and its members are free to join another team."""
    tournament, entry = _locked(entry)
    _captain_or_organiser(entry, tournament, actor)
    _before_event(tournament)
    registration = standing_registration(entry)
    if registration is not None:
        withdraw(registration, actor)
    record_change(tournament, "team.withdrawn", entry, before={"name": entry.name}, actor=actor)
    entry.delete()
