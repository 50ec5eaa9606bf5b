"""The organiser gives referee and co-organiser roles to existing accounts."""

import pytest

from common.audit.models import AuditEntry
from tests.factories import TournamentFactory, UserFactory
from tournament.models import StaffRole
from tournament.services.permissions import is_referee

pytestmark = pytest.mark.django_db
URL = "/events/staff-cup/manage/staff/"


@pytest.fixture
def owner(client):
    organiser = UserFactory(username="staff-owner")
    tournament = TournamentFactory(slug="staff-cup", organiser=organiser)
    client.force_login(organiser)
    return tournament


def test_adding_a_referee_gives_desk_rights_and_is_audited(client, owner):
    referee = UserFactory(username="Rhea")
    assert not is_referee(referee, owner)
    assert client.post(URL, {"username": "rhea", "role": "referee"}).status_code == 302
    assert is_referee(referee, owner)
    entry = AuditEntry.objects.get(action="staff.added")
    assert entry.after == {"user": "Rhea", "role": "referee"}
    page = client.get(URL).content.decode()
    assert "Rhea" in page and "Referee" in page
    client.force_login(referee)
    assert client.get("/events/staff-cup/desk/").status_code == 200
    assert client.get(URL).status_code == 403  # referees do not manage staff


def test_unknown_accounts_and_double_roles_are_refused(client, owner):
    response = client.post(URL, {"username": "nobody", "role": "referee"})
    assert response.status_code == 400 and "no account named" in response.content.decode()
    UserFactory(username="sam")
    client.post(URL, {"username": "sam", "role": "referee"})
    response = client.post(URL, {"username": "sam", "role": "referee"})
    assert "already referee" in response.content.decode()
    assert StaffRole.objects.filter(tournament=owner).count() == 1


def test_removing_a_role_takes_the_rights_away(client, owner):
    sam = UserFactory(username="sam")
    client.post(URL, {"username": "sam", "role": "referee"})
    role = StaffRole.objects.get(user=sam)
    assert client.post(f"{URL}{role.pk}/remove/").status_code == 302
    assert not is_referee(sam, owner)
    assert AuditEntry.objects.filter(action="staff.removed").exists()
