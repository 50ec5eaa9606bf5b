"""A captain registers a team; members join it through its invitation link (issue 36, item 5).

The team takes a place (its captain's registration, at the back of the queue, with the team's
entrant) the moment its size is one the event's mode plays: a free place registers it, a full
event with a waitlist waitlists it, review mode leaves it for the organiser. A member who would
make the team larger than any the mode seats is refused with the mode's sizes. Twice is once: a
captain's second team, or a member's second join, returns the team they are in.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from common.audit.services import record_change
from registrations.logic.team_size import join_problem
from registrations.logic.window import State
from registrations.models import MAX_TEAM_NAME, RegistrationPolicy, TeamEntry, TeamEntryMember
from registrations.services.eligibility import check_who_may
from registrations.services.errors import RegistrationError
from registrations.services.places import current_state, locked_event, policy_of, state_sentence
from registrations.services.seating import name_taken, own_player
from registrations.services.team_places import settle
from registrations.services.team_reads import (
    MAX_TOKEN_LENGTH,
    entry_in_event,
    is_out,
    members_of,
)
from tournament.models import Tournament
from tournament.services.registration import OPEN_STATES


def clean_team_name(name: object) -> str:
    """The team's name as the pairings will show it, or a refusal that says what is wrong."""
    if not isinstance(name, str) or not name.strip():
        raise RegistrationError(_("Give your team's name."))
    name = " ".join(name.split())
    if len(name) > MAX_TEAM_NAME:
        raise RegistrationError(
            _("A team's name has at most %(limit)d characters.") % {"limit": MAX_TEAM_NAME}
        )
    return name


def check_team_event(tournament: Tournament, policy: RegistrationPolicy | None) -> None:
    """Refuse unless the event is a team event whose players register themselves now."""
    if not tournament.team_play:
        raise RegistrationError(_("This event is played by single players: register yourself."))
    state = current_state(tournament, policy)
    if state != State.OPEN:
        raise RegistrationError(state_sentence(state, policy))


def team_already(tournament: Tournament, user, is_this) -> TeamEntry | None:
    """The team ``user`` is already in at ``tournament`` if ``is_this(team)`` (a repeat of the
    same call: twice is once), None if they are in none; any other team is a refusal."""
    mine = entry_in_event(tournament, user)
    if mine is None or is_this(mine):
        return mine
    raise RegistrationError(
        _("You are already in the team %(team)s in this event: leave it first.")
        % {"team": mine.name}
    )


def _signed_in(user) -> None:
    if user is None or not getattr(user, "is_authenticated", False):
        raise RegistrationError(_("Sign in to register a team."))


def _add_member(entry: TeamEntry, user, name: str) -> TeamEntryMember:
    """The account in the team, with its own player record (made when it has none)."""
    player = own_player(user, " ".join(str(name or user.get_username()).split())[:100])
    return TeamEntryMember.objects.create(
        entry=entry, tournament_id=entry.tournament_id, user=user, player=player
    )


@transaction.atomic
def create_team(
    tournament: Tournament, user, *, name: str, actor: Actor, code: str = "", player_name: str = ""
) -> TeamEntry:
    """The captain ``user`` registers a team named ``name`` and becomes its first member
    (``player_name`` names their player record if they have none yet)."""
    _signed_in(user)
    name = clean_team_name(name)
    tournament = locked_event(tournament)
    mine = team_already(tournament, user, lambda team: team.captain_id == user.pk)
    if mine is not None:
        return mine
    policy = policy_of(tournament)
    check_team_event(tournament, policy)
    check_who_may(tournament, policy, user, code)
    if TeamEntry.objects.filter(tournament=tournament, name__iexact=name).exists() or name_taken(
        tournament, name, None
    ):
        raise RegistrationError(
            _("A team called %(name)s is already registered in this event.") % {"name": name}
        )
    entry = TeamEntry.objects.create(tournament=tournament, captain=user, name=name)
    _add_member(entry, user, player_name)
    record_change(tournament, "team.created", entry, after={"name": name}, actor=actor)
    settle(entry, tournament, policy, actor)
    return entry


def find_entry(token: object) -> TeamEntry | None:
    """The team whose invitation link carries ``token``, or None."""
    if not isinstance(token, str) or not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    return TeamEntry.objects.select_related("tournament").filter(invite_token=token).first()


@transaction.atomic
def join_team(token: str, user, *, actor: Actor, player_name: str = "") -> TeamEntry:
    """``user`` joins the team whose invitation link carries ``token``, before the event."""
    _signed_in(user)
    found = find_entry(token)
    if found is None:
        raise RegistrationError(_("This team link is not valid: ask your captain for it again."))
    tournament = locked_event(found.tournament)
    entry = TeamEntry.objects.select_for_update().get(pk=found.pk)
    if team_already(tournament, user, lambda team: team.pk == entry.pk) is not None:
        return entry
    if is_out(entry):
        raise RegistrationError(_("This team has withdrawn from the event."))
    if tournament.status not in OPEN_STATES or tournament.rounds.exists():
        raise RegistrationError(_("The event has started: its teams are fixed now."))
    policy = policy_of(tournament)
    if policy is None:
        raise RegistrationError(state_sentence(State.CLOSED, policy))
    # the link stands for the event's entry code; a members-only event still asks membership
    check_who_may(tournament, policy, user, policy.entry_code)
    problem = join_problem(tournament.mode_fit, len(members_of(entry)))
    if problem is not None:
        raise RegistrationError(problem.text(_))
    try:
        with transaction.atomic():
            _add_member(entry, user, player_name)
    except IntegrityError as exc:
        raise RegistrationError(_("You are already in a team in this event.")) from exc
    record_change(
        tournament, "team.joined", entry, after={"member": user.get_username()}, actor=actor
    )
    settle(entry, tournament, policy, actor)
    return entry
