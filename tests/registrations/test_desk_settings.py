"""The organiser's registration settings page: saved through the policy service; each mistake
named in a sentence, and nothing saved."""

import pytest

from common.audit.models import AuditEntry
from registrations.models import RegistrationPolicy
from tests.factories import TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db

PAGE = "/events/cup/manage/registrations/settings/"
GOOD = {
    "self_service": "on",
    "opens_at": "2030-05-01T09:00",
    "closes_at": "2030-05-20T18:00",
    "capacity": "48",
    "waitlist": "on",
    "who_may": "anyone",
    "entry_code": "",
    "fee_note": "10 euros at the desk",
}


@pytest.fixture
def organiser(client):
    organiser = UserFactory(username="boss")
    TournamentFactory(slug="cup", organiser=organiser, name="Cup")
    client.force_login(organiser)
    return organiser


def test_the_organiser_saves_the_settings(client, organiser):
    response = client.post(PAGE, GOOD)
    assert response.status_code == 302
    policy = RegistrationPolicy.objects.get(tournament__slug="cup")
    assert (policy.self_service, policy.capacity, policy.fee_note) == (
        True,
        48,
        "10 euros at the desk",
    )
    assert policy.closes_at > policy.opens_at
    assert AuditEntry.objects.filter(tournament__slug="cup", user=organiser).exists()
    page = client.get(PAGE).content.decode()
    assert 'value="48"' in page and "Registration opens at" in page


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"closes_at": "2030-04-01T09:00"}, "Registration must close after it opens."),
        ({"closes_at": "2030-05-01T09:00"}, "Registration must close after it opens."),
        ({"capacity": "0"}, "The capacity is from 1 to 10000 places"),
        ({"capacity": "10001"}, "The capacity is from 1 to 10000 places"),
        ({"who_may": "code", "entry_code": "  "}, "Give the entry code"),
        ({"who_may": "everyone"}, "Select a valid choice"),
        ({"fee_note": "x" * 501}, "at most 500 characters"),
        ({"opens_at": "soon"}, "Enter a valid date/time."),
    ],
)
def test_a_mistake_is_named_and_nothing_is_saved(client, organiser, change, problem):
    response = client.post(PAGE, {**GOOD, **change})
    assert response.status_code == 400
    assert problem in response.content.decode()
    assert not RegistrationPolicy.objects.filter(tournament__slug="cup").exists()
