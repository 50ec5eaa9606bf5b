"""The showcase's team event (``test_pages.py``): an Alliances event whose captains register
their teams, with one team of the showcase's player (the long name) and a team-mate."""

from common.audit.actor import Actor
from registrations.services.policy import set_policy
from registrations.services.teams import create_team, join_team
from tests.browser.helpers import staff_user
from tests.factories import TournamentFactory

SLUG = "harbour-pairs"


def build_team_event(organiser, captain) -> dict:
    """The event and its team; the paths of the team's page and of its join page."""
    event = TournamentFactory(
        name="Harbour Pairs", slug=SLUG, organiser=organiser, mode="alliances"
    )
    set_policy(event, Actor(user=organiser), self_service=True, capacity=16)
    entry = create_team(event, captain, name="The Harbour Wolves", actor=Actor(user=captain))
    mate = staff_user("showcase-mate")
    join_team(entry.invite_token, mate, actor=Actor(user=mate), player_name="Ada Quayside")
    return {
        "team": f"/events/{SLUG}/teams/{entry.pk}/",
        "team-join": f"/teams/join/{entry.invite_token}/",
    }
