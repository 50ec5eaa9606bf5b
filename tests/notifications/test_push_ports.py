"""Issue 33.10: a push endpoint is reached on port 443 only.

Before: a subscription could name any port of an allowed push host
(``https://fcm.googleapis.com:8443/...``), so a player's private link made the server open
connections to whatever ports that host (or a look-alike subdomain of it) listens on. Now the
doors refuse any port but 443 with a clear message, a subscription stored before is dropped
instead of sent to, and a configured push host that names a port fails the system check.
"""

import json

import pytest

from common.logic.push_message import PushMessage
from common.webpush import sender
from notifications.checks import vapid_settings
from notifications.models import PushSubscription
from notifications.services.delivery import deliver_pushes
from tests.factories import EntrantFactory
from tests.notifications.push_service import FakeDevice

pytestmark = pytest.mark.django_db

HOST = "https://fcm.googleapis.com"


def post(client, url, body):
    return client.post(url, json.dumps(body), content_type="application/json")


def on_url(entrant):
    return f"/me/{entrant.access_token}/notifications/"


@pytest.mark.parametrize("port", [8443, 80, 22, 5228, 65535, 1])
def test_a_subscription_on_another_port_is_refused_and_says_why(client, push_on, port):
    entrant = EntrantFactory()
    device = FakeDevice("phone", f"{HOST}:{port}/fcm/send/phone")
    response = post(client, on_url(entrant), device.subscription())
    assert response.status_code == 400
    [message] = response.json()["endpoint"]
    assert "443" in message and str(port) in message
    assert not PushSubscription.objects.exists()
    off = post(client, on_url(entrant) + "off/", {"endpoint": device.endpoint})
    assert off.status_code == 400 and "443" in off.json()["endpoint"][0]


@pytest.mark.parametrize("endpoint", [f"{HOST}/fcm/send/phone", f"{HOST}:443/fcm/send/phone"])
def test_https_own_port_is_accepted(client, push_on, endpoint):
    entrant = EntrantFactory()
    response = post(client, on_url(entrant), FakeDevice("phone", endpoint).subscription())
    assert response.status_code == 201
    assert PushSubscription.objects.get().endpoint == endpoint


def test_a_stored_subscription_on_another_port_is_dropped_not_sent_to(push_on, monkeypatch):
    entrant = EntrantFactory()
    device = FakeDevice("old", f"{HOST}:8443/fcm/send/old")
    keys = device.subscription()["keys"]
    stored = PushSubscription.objects.create(
        tournament=entrant.tournament,
        entrant=entrant,
        endpoint=device.endpoint,
        p256dh=keys["p256dh"],
        auth=keys["auth"],
    )
    sent = []

    def send(*args, **kwargs):
        sent.append(args)
        return sender.Outcome(delivered=True)

    monkeypatch.setattr(sender, "send", send)
    message = PushMessage(title="t", body="b", url="/", tag="x")
    counts = deliver_pushes([[stored.pk, message.as_dict()]])
    assert sent == []
    assert counts["gone"] == 1
    assert not PushSubscription.objects.exists()


def test_a_configured_push_host_with_a_port_fails_the_check(settings):
    settings.WEB_PUSH_SERVICE_HOSTS = ["fcm.googleapis.com", "push.example.org:8443"]
    errors = vapid_settings()
    assert any("push.example.org:8443" in e.msg and "443" in e.msg for e in errors), errors
    settings.WEB_PUSH_SERVICE_HOSTS = ["https://push.example.org/"]
    assert any("push.example.org" in e.msg for e in vapid_settings())
    settings.WEB_PUSH_SERVICE_HOSTS = ["fcm.googleapis.com", "push.apple.com"]
    assert vapid_settings() == []
