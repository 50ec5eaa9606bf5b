"""Fixtures of the API tests: an event with staff, a published round, and API clients per role."""

import random
from dataclasses import dataclass

import pytest
from rest_framework.test import APIClient

from accounts.tokens import issue as issue_token
from tests.factories import EntrantFactory, TournamentFactory, UserFactory, verify_email
from tournament.logic.simulated_games import random_battle
from tournament.models import StaffRole, StaffRoleKind
from tournament.services.rounds import generate_swiss_round, publish_round


def game(match, seed=0):
    """A legal Every Eye report for the match's seats (side ids are entrant ids)."""
    sides = [(str(seat.entrant_id), 1) for seat in match.seats.order_by("position")]
    return random_battle("every_eye", sides, random.Random(seed))


@dataclass
class Event:
    tournament: object
    organiser: object
    referee: object
    other_organiser: object
    round: object
    match: object
    other_match: object
    players: list  # the entrants seated at ``match``, by position
    others: list  # the entrants seated at ``other_match``


@pytest.fixture
def event(db):
    """A public event of 8 players: round 1 published with two tables of four."""
    organiser = UserFactory(username="org")
    tournament = TournamentFactory(organiser=organiser, slug="spring-cup")
    StaffRole.objects.create(tournament=tournament, user=organiser, role=StaffRoleKind.ORGANISER)
    referee = UserFactory(username="ref")
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)
    other_organiser = UserFactory(username="other-org")
    TournamentFactory(organiser=other_organiser, slug="other-cup")
    EntrantFactory.create_batch(8, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=7))
    match, other_match = round_.matches.order_by("table_number")
    return Event(
        tournament=tournament,
        organiser=organiser,
        referee=referee,
        other_organiser=other_organiser,
        round=round_,
        match=match,
        other_match=other_match,
        players=[seat.entrant for seat in match.seats.order_by("position")],
        others=[seat.entrant for seat in other_match.seats.order_by("position")],
    )


def user_client(user) -> APIClient:
    """A client signed in with the user's API token (the user's address is confirmed first: an
    unverified account gets no token while verification is mandatory)."""
    client = APIClient()
    key = getattr(user, "_test_api_key", None)
    if key is None:  # one token per user object (property-based tests ask many times)
        key = user._test_api_key = issue_token(verify_email(user), "tests").key
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def entrant_client(entrant) -> APIClient:
    """A client using the entrant's private link token."""
    client = APIClient()
    client.credentials(HTTP_X_ENTRANT_TOKEN=entrant.access_token)
    return client


@pytest.fixture
def anon():
    return APIClient()
