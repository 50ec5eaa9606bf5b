"""Registering teams for an Alliance event at the organiser's desk."""

import pytest

from common.audit.models import AuditEntry
from tests.factories import TournamentFactory, UserFactory
from tournament.services import registration

pytestmark = pytest.mark.django_db


@pytest.fixture
def alliance(client):
    organiser = UserFactory(username="team-org")
    tournament = TournamentFactory(slug="team-cup", mode="alliances", organiser=organiser)
    client.force_login(organiser)
    return tournament


URL = "/events/team-cup/manage/entrants/"


def test_the_desk_offers_a_team_form_and_registers_pairs_and_trios(client, alliance):
    page = client.get(URL).content.decode()
    assert "Add a team" in page and "Third player" in page
    for name, members in [
        ("The Wattle Wardens", ["Ada", "Ben"]),
        ("Salt Talons", ["Cy", "Di", "Ed"]),
    ]:
        data = {"name": name} | {f"member_{i}": m for i, m in enumerate(members, 1)}
        assert client.post(URL, data).status_code == 302
    teams = {e.display_name: e for e in alliance.entrants.select_related("team")}
    assert teams["The Wattle Wardens"].team.memberships.count() == 2
    assert teams["Salt Talons"].team.memberships.count() == 3
    assert AuditEntry.objects.filter(action="entrant.created").count() == 2


def test_a_team_needs_two_different_players_and_a_fresh_name(client, alliance):
    assert client.post(URL, {"name": "Solo", "member_1": "Ada"}).status_code == 400
    response = client.post(URL, {"name": "Echo", "member_1": "Ada", "member_2": "ada"})
    assert response.status_code == 400
    assert "each player of a team is named once" in response.content.decode()
    client.post(URL, {"name": "Echo", "member_1": "Ada", "member_2": "Ben"})
    response = client.post(URL, {"name": "echo", "member_1": "Cy", "member_2": "Di"})
    assert "already registered" in response.content.decode()
    assert alliance.entrants.count() == 1


def test_players_and_teams_only_join_the_events_made_for_them(alliance):
    with pytest.raises(registration.RegistrationError, match="sides in this event are teams"):
        registration.register_player(alliance, "Lone Wolf")
    solo_event = TournamentFactory()
    with pytest.raises(registration.RegistrationError, match="single players"):
        registration.register_team(solo_event, "Pair", ["A", "B"])
