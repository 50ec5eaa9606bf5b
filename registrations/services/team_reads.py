"""The reads of team registration: a person's team in an event, a team's members, where the
team stands (forming, or its registration's status) and what its page may offer."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from registrations.logic.team_size import can_play, join_problem
from registrations.models import RegistrationStatus, TeamEntry, TeamEntryMember
from registrations.services.places import waitlist_position
from tournament.models import Tournament

#: the longest invitation token looked up (a made one has 32 characters)
MAX_TOKEN_LENGTH = 100
#: a team that has not taken a place (too few members, or it gave its place up)
FORMING = "forming"
#: the registration statuses that hold or wait for a place
STANDING = (
    RegistrationStatus.PENDING,
    RegistrationStatus.REGISTERED,
    RegistrationStatus.WAITLISTED,
)


def entry_in_event(tournament: Tournament, user) -> TeamEntry | None:
    """The team ``user`` is in at ``tournament``, or None."""
    if not getattr(user, "is_authenticated", False):
        return None
    return TeamEntry.objects.filter(tournament=tournament, members__user=user).first()


def members_of(entry: TeamEntry) -> list[TeamEntryMember]:
    """The team's members in the order they joined (the captain first)."""
    return list(entry.members.select_related("player", "user"))


def standing_registration(entry: TeamEntry):
    """The team's registration while it holds or waits for a place, else None."""
    registration = entry.registration
    if registration is None or registration.status not in STANDING:
        return None
    return registration


def is_out(entry: TeamEntry) -> bool:
    """Whether the team has left the event (its registration withdrawn or declined)."""
    return entry.registration is not None and standing_registration(entry) is None


@dataclass(frozen=True)
class TeamView:
    """One team as its page and the API show it."""

    entry: TeamEntry
    members: list[TeamEntryMember]
    status: str
    status_label: str
    waitlist_position: int | None
    sizes: tuple[int, ...]
    can_play: bool
    room: bool
    started: bool


def team_view(entry: TeamEntry) -> TeamView:
    """The team, its members and where it stands."""
    tournament = entry.tournament
    members = members_of(entry)
    registration = entry.registration
    fit = tournament.mode_fit
    if registration is None:
        status, label = FORMING, str(_("Forming: not enough members yet"))
    else:
        status, label = registration.status, registration.get_status_display()
    return TeamView(
        entry=entry,
        members=members,
        status=status,
        status_label=label,
        waitlist_position=waitlist_position(registration) if registration else None,
        sizes=fit.team_sizes,
        can_play=can_play(fit, len(members)),
        room=join_problem(fit, len(members)) is None,
        started=tournament.rounds.exists(),
    )
