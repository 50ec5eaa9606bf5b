"""An event with registrations for the desk's tests, made through the real services."""

from dataclasses import dataclass

from common.audit.actor import Actor
from registrations.services.policy import set_policy
from registrations.services.register import register
from tests.factories import TournamentFactory, UserFactory, verified_user
from tournament.models import StaffRole


@dataclass
class Desk:
    tournament: object
    organiser: object
    referee: object

    def player(self, name: str, **options):
        """A signed-up player registered through the registration service."""
        user = verified_user(name.lower().replace(" ", "-"))
        return register(self.tournament, user, name=name, actor=Actor(user=user), **options)


def desk_event(**policy) -> Desk:
    """The Cup, self-service with the given policy, its organiser and a referee."""
    organiser = UserFactory(username="boss")
    tournament = TournamentFactory(slug="cup", organiser=organiser, name="Cup")
    set_policy(tournament, Actor(user=organiser), self_service=True, **policy)
    referee = UserFactory(username="ref")
    StaffRole.objects.create(tournament=tournament, user=referee, role="referee")
    return Desk(tournament, organiser, referee)
