"""Issue 40.1: the console's webhook pages - who may see them, adding an endpoint (its secret
shown once), the refusals that store nothing, the limit, the test button, another owner's
endpoint, and an organisation's page."""

import pytest

from leagues.models import Organisation, OrganisationStaff
from notifications.models import MAX_ENDPOINTS_PER_OWNER, WebhookEndpoint
from tests.factories import TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db

GOOD = "https://hooks.example.org/in/eye"


def page(tournament):
    return f"/events/{tournament.slug}/manage/webhooks/"


def signed_in(client, user):
    client.force_login(user)
    return client


def add(client, url, address=GOOD, kind="standard", events=("round.published",)):
    data = {"action": "create", "url": address, "kind": kind, "events": list(events)}
    return client.post(url, data)


def test_only_the_events_organisers_see_the_page(client):
    tournament = TournamentFactory()
    assert client.get(page(tournament)).status_code == 302  # to the sign-in
    signed_in(client, UserFactory())
    assert client.get(page(tournament)).status_code == 403
    signed_in(client, tournament.organiser)
    response = client.get(page(tournament))
    assert response.status_code == 200
    assert b"Add a webhook" in response.content


def test_an_endpoint_is_added_and_its_secret_shown_once(client):
    tournament = TournamentFactory()
    signed_in(client, tournament.organiser)
    response = add(client, page(tournament), events=["round.published", "champion.decided"])
    assert response.status_code == 200
    endpoint = WebhookEndpoint.objects.get()
    assert endpoint.tournament == tournament and endpoint.url == GOOD
    assert endpoint.events == ["champion.decided", "round.published"]
    assert endpoint.secret.encode() in response.content
    assert endpoint.secret.encode() not in client.get(page(tournament)).content
    entry = tournament.audit_entries.get(action="webhook.created")
    assert entry.after["host"] == "hooks.example.org"
    assert GOOD not in str(entry.after) and endpoint.secret not in str(entry.after)


@pytest.mark.parametrize(
    "address",
    [
        "http://hooks.example.org/in",  # not https
        "https://10.0.0.7/in",  # a private network
        "https://192.168.1.20/in",
        "https://169.254.169.254/latest/meta-data/",  # the cloud's metadata service
        "https://127.0.0.1:8000/in",
        "https://[::1]/in",
        "https://localhost/in",
        "https://db.internal/in",
        "https://redis/in",  # a bare name: a machine of the local network
        "https://user:pw@hooks.example.org/in",
        "https://hooks.example.org:0/in",
        "https://hooks.example.org/" + "a" * 500,  # over 500 characters
        "https://hooks.example.org/a b",
        "ftp://hooks.example.org/in",
        "not a url",
    ],
)
def test_an_address_the_server_must_not_post_to_is_refused(client, address):
    tournament = TournamentFactory()
    signed_in(client, tournament.organiser)
    response = add(client, page(tournament), address=address)
    assert response.status_code == 400
    assert b'class="errorlist"' in response.content
    assert not WebhookEndpoint.objects.exists()


@pytest.mark.parametrize(
    ("kind", "events"), [("carrier-pigeon", ["round.published"]), ("standard", ["round.eaten"])]
)
def test_an_unknown_kind_or_event_is_refused(client, kind, events):
    tournament = TournamentFactory()
    signed_in(client, tournament.organiser)
    assert add(client, page(tournament), kind=kind, events=events).status_code == 400
    assert not WebhookEndpoint.objects.exists()


def test_an_owner_has_at_most_the_limit(client):
    tournament = TournamentFactory()
    signed_in(client, tournament.organiser)
    for n in range(MAX_ENDPOINTS_PER_OWNER):
        assert add(client, page(tournament), address=f"{GOOD}/{n}").status_code == 200
    response = add(client, page(tournament), address=f"{GOOD}/more")
    assert response.status_code == 400
    assert b"remove one before adding another" in response.content
    assert WebhookEndpoint.objects.count() == MAX_ENDPOINTS_PER_OWNER


def test_the_test_button_sends_a_signed_test_event(
    client, webhooks_on, receiver, django_capture_on_commit_callbacks
):
    tournament = TournamentFactory(name="Cellar Open")
    signed_in(client, tournament.organiser)
    add(client, page(tournament), address=receiver.url("desk"))
    endpoint = WebhookEndpoint.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(page(tournament), {"action": "test", "endpoint": endpoint.pk})
    assert response.status_code == 302
    (request,) = receiver.to("desk")
    body = request.json()
    assert body["type"] == "webhook.test"
    assert body["data"]["tournament"]["name"] == "Cellar Open"
    shown = client.get(page(tournament)).content.decode()
    assert "webhook.test" in shown and ">200<" in shown  # the delivery log


def test_switch_rotate_and_remove(client):
    tournament = TournamentFactory()
    signed_in(client, tournament.organiser)
    add(client, page(tournament))
    endpoint = WebhookEndpoint.objects.get()
    client.post(page(tournament), {"action": "switch", "endpoint": endpoint.pk})
    endpoint.refresh_from_db()
    assert not endpoint.active
    refused = client.post(
        page(tournament), {"action": "test", "endpoint": endpoint.pk}, follow=True
    )
    assert b"Switch the webhook on before" in refused.content
    old = endpoint.secret
    rotated = client.post(page(tournament), {"action": "rotate", "endpoint": endpoint.pk})
    endpoint.refresh_from_db()
    assert endpoint.secret != old and endpoint.secret.encode() in rotated.content
    client.post(page(tournament), {"action": "delete", "endpoint": endpoint.pk})
    assert not WebhookEndpoint.objects.exists()


def test_another_events_endpoint_is_not_found(client):
    mine, theirs = TournamentFactory(), TournamentFactory()
    signed_in(client, theirs.organiser)
    add(client, page(theirs))
    endpoint = WebhookEndpoint.objects.get()
    signed_in(client, mine.organiser)
    response = client.post(page(mine), {"action": "delete", "endpoint": endpoint.pk})
    assert response.status_code == 404
    assert WebhookEndpoint.objects.filter(pk=endpoint.pk).exists()


def test_an_organisations_page_is_for_its_staff(client):
    organisation = Organisation.objects.create(name="Cellar Club", slug="cellar-club")
    staff = UserFactory()
    OrganisationStaff.objects.create(organisation=organisation, user=staff)
    url = f"/orgs/{organisation.slug}/webhooks/"
    signed_in(client, UserFactory())
    assert client.get(url).status_code == 403
    signed_in(client, staff)
    assert add(client, url, kind="discord").status_code == 200
    endpoint = WebhookEndpoint.objects.get()
    assert endpoint.organisation == organisation and endpoint.kind == "discord"
    assert organisation.log_entries.get().action == "webhook.created"
