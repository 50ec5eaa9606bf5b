"""Shared pieces of the team registration tests: a team event taking registrations, a team
made through the services."""

from registrations.services.policy import set_policy
from registrations.services.teams import create_team, join_team
from tests.factories import TournamentFactory
from tests.registrations.conftest import organiser_actor, player_actor


def team_event(mode: str = "alliances", capacity=None, **policy):
    """A team event whose captains register their teams themselves."""
    tournament = TournamentFactory(mode=mode)
    set_policy(
        tournament, organiser_actor(tournament), self_service=True, capacity=capacity, **policy
    )
    return tournament


def captain_team(tournament, captain, name: str = "Hex Raiders"):
    return create_team(
        tournament, captain, name=name, player_name=captain.username.title(),
        actor=player_actor(captain),
    )  # fmt: skip


def join(entry, user):
    return join_team(
        entry.invite_token, user, actor=player_actor(user), player_name=user.username.title()
    )


def team_of(tournament, captain, members, name: str = "Hex Raiders"):
    """A team of ``captain`` and ``members``, made through the services."""
    entry = captain_team(tournament, captain, name)
    for member in members:
        join(entry, member)
    entry.refresh_from_db()
    return entry
