"""Shared pieces of the registration tests: an event taking registrations, players, actors."""

import pytest

from common.audit.actor import Actor
from common.audit.channels import Channel
from registrations.services.policy import set_policy
from tests.factories import TournamentFactory, UserFactory


def player_actor(user) -> Actor:
    """A signed-in player acting on the site's pages."""
    return Actor(user=user, channel=Channel.PAGE)


def organiser_actor(tournament) -> Actor:
    """The event's organiser acting on the console."""
    return Actor(user=tournament.organiser, channel=Channel.PAGE)


def open_event(capacity=None, **policy):
    """An event whose players register themselves, with ``policy``'s settings."""
    tournament = TournamentFactory()
    set_policy(
        tournament,
        organiser_actor(tournament),
        self_service=True,
        capacity=capacity,
        **policy,
    )
    return tournament


def players(count: int, prefix: str = "runner"):
    """``count`` accounts with e-mail addresses."""
    return [
        UserFactory(username=f"{prefix}{i}", email=f"{prefix}{i}@example.org") for i in range(count)
    ]


@pytest.fixture
def event(db):
    """An event of two places with a waitlist."""
    return open_event(capacity=2)
