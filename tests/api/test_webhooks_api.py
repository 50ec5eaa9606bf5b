"""Issue 40.1: an event's webhooks through the API - for its organisers only, every answer
as the OpenAPI document says; the secret in the creating answer only; the refusals by field,
changing nothing."""

import pytest

from accounts.tokens import issue as issue_token
from notifications.models import MAX_ENDPOINTS_PER_OWNER, WebhookEndpoint
from tests.contract.conformance import ConformingClient
from tests.factories import TournamentFactory, UserFactory, verify_email
from tournament.models import StaffRole, StaffRoleKind

pytestmark = pytest.mark.django_db

GOOD = {"url": "https://hooks.example.org/in", "kind": "standard", "events": ["round.published"]}


def client_of(user) -> ConformingClient:
    client = ConformingClient()
    key = issue_token(verify_email(user), "tests").key
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def hooks(tournament) -> str:
    return f"/api/v1/tournaments/{tournament.slug}/webhooks/"


def test_the_organiser_adds_reads_changes_and_removes_an_endpoint():
    tournament = TournamentFactory()
    client = client_of(tournament.organiser)
    created = client.post(hooks(tournament), GOOD, format="json")
    assert created.status_code == 201, created.json()
    body = created.json()
    endpoint = WebhookEndpoint.objects.get()
    assert body["secret"] == endpoint.secret and body["secret"].startswith("whsec_")
    listed = client.get(hooks(tournament)).json()
    assert [e["id"] for e in listed] == [endpoint.pk] and "secret" not in listed[0]
    one = f"{hooks(tournament)}{endpoint.pk}/"
    assert "secret" not in client.get(one).json()
    changed = client.put(
        one, {**GOOD, "events": ["champion.decided"], "active": False}, format="json"
    )
    assert changed.status_code == 200
    assert changed.json()["events"] == ["champion.decided"] and not changed.json()["active"]
    rotated = client.post(f"{one}rotate-secret/")
    endpoint.refresh_from_db()
    assert rotated.json() == {"secret": endpoint.secret} and endpoint.secret != body["secret"]
    assert client.get(f"{one}deliveries/").json() == []
    assert client.post(f"{one}test/").status_code == 409  # switched off: said, not sent
    assert client.delete(one).status_code == 204
    assert not WebhookEndpoint.objects.exists()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"url": "http://hooks.example.org/in"}, "url"),
        ({"url": "https://10.1.2.3/in"}, "url"),
        ({"url": "https://169.254.169.254/"}, "url"),
        ({"url": "https://localhost:8000/in"}, "url"),
        ({"url": "https://hooks.example.org/" + "a" * 500}, "url"),
        ({"kind": "pigeon"}, "kind"),
        ({"events": []}, "events"),
        ({"events": ["round.eaten"]}, "events"),
        ({"secret": "whsec_mine"}, "secret"),  # unknown field: the secret is the server's
    ],
)
def test_a_bad_field_is_refused_by_name_and_nothing_is_stored(change, field):
    tournament = TournamentFactory()
    response = client_of(tournament.organiser).post(
        hooks(tournament), {**GOOD, **change}, format="json"
    )
    assert response.status_code == 400
    assert field in str(response.json())
    assert not WebhookEndpoint.objects.exists()


def test_only_the_organisers_may_touch_them():
    tournament = TournamentFactory(is_public=True)
    referee = UserFactory()
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)
    client_of(tournament.organiser).post(hooks(tournament), GOOD, format="json")
    endpoint = WebhookEndpoint.objects.get()
    for user in (referee, UserFactory()):
        client = client_of(user)
        assert client.get(hooks(tournament)).status_code == 403
        assert client.post(hooks(tournament), GOOD, format="json").status_code == 403
        assert client.delete(f"{hooks(tournament)}{endpoint.pk}/").status_code == 403
    assert ConformingClient().get(hooks(tournament)).status_code == 401
    assert WebhookEndpoint.objects.count() == 1


def test_another_events_endpoint_is_not_found():
    mine, theirs = TournamentFactory(), TournamentFactory()
    client_of(theirs.organiser).post(hooks(theirs), GOOD, format="json")
    endpoint = WebhookEndpoint.objects.get()
    response = client_of(mine.organiser).delete(f"{hooks(mine)}{endpoint.pk}/")
    assert response.status_code == 404
    assert WebhookEndpoint.objects.exists()


def test_the_limit_is_a_conflict_that_says_why():
    tournament = TournamentFactory()
    client = client_of(tournament.organiser)
    for n in range(MAX_ENDPOINTS_PER_OWNER):
        body = {**GOOD, "url": f"{GOOD['url']}/{n}"}
        assert client.post(hooks(tournament), body, format="json").status_code == 201
    refused = client.post(hooks(tournament), GOOD, format="json")
    assert refused.status_code == 409
    assert "remove one before adding another" in refused.json()["detail"]
