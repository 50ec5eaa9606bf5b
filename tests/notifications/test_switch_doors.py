"""The doors that switch a device's notifications on and off: a good subscription is stored
once per device, every hostile body is a 400 with field errors that stores nothing, and with
push off the doors and the panel are gone."""

import json

import pytest
from django.core.management import call_command

from common.webpush.vapid import make_key_pair, problems, public_key_of
from notifications.checks import vapid_settings
from notifications.models import MAX_DEVICES_PER_OWNER, PushSubscription
from tests.factories import EntrantFactory, UserFactory
from tests.notifications.push_service import FakeDevice
from tournament.models import StaffRole, StaffRoleKind

pytestmark = pytest.mark.django_db

FCM = "https://fcm.googleapis.com/fcm/send/"


def device(name="phone", endpoint=None):
    return FakeDevice(name, endpoint or FCM + name)


def post(client, url, body, **extra):
    data = body if isinstance(body, bytes | str) else json.dumps(body)
    return client.post(url, data, content_type="application/json", **extra)


def on_url(entrant):
    return f"/me/{entrant.access_token}/notifications/"


def test_a_player_turns_a_device_on_once_and_off_again(client, push_on):
    entrant = EntrantFactory()
    phone = device()
    assert post(client, on_url(entrant), phone.subscription()).status_code == 201
    renewed = device()  # the browser renewed its keys for the same endpoint
    response = post(client, on_url(entrant), renewed.subscription())
    assert response.status_code == 201
    stored = PushSubscription.objects.get()
    assert (stored.entrant, stored.tournament, stored.user) == (entrant, entrant.tournament, None)
    assert stored.p256dh == renewed.subscription()["keys"]["p256dh"]
    off = post(client, on_url(entrant) + "off/", {"endpoint": phone.endpoint})
    assert off.json() == {"subscribed": False, "removed": 1}
    assert not PushSubscription.objects.exists()
    actions = entrant.tournament.audit_entries.order_by("pk").values_list("action", flat=True)
    assert list(actions) == ["notifications.subscribed", "notifications.unsubscribed"]


def test_a_side_keeps_its_newest_devices_only(client, push_on):
    entrant = EntrantFactory()
    for i in range(MAX_DEVICES_PER_OWNER + 2):
        post(client, on_url(entrant), device(f"phone-{i}").subscription())
    kept = sorted(PushSubscription.objects.values_list("endpoint", flat=True))
    assert len(kept) == MAX_DEVICES_PER_OWNER
    assert FCM + "phone-0" not in kept and FCM + "phone-11" in kept


def hostile_bodies():
    good = device().subscription()

    def but(**changes):
        body = json.loads(json.dumps(good))
        for path, value in changes.items():
            target = body
            *parents, last = path.split("__")
            for parent in parents:
                target = target[parent]
            target[last] = value
        return body

    return [
        ("huge endpoint", but(endpoint=FCM + "x" * 2000), "endpoint"),
        ("not https", but(endpoint="http://fcm.googleapis.com/fcm/send/x"), "endpoint"),
        ("unknown host", but(endpoint="https://evil.example.org/push/x"), "endpoint"),
        ("look-alike host", but(endpoint="https://fcm.googleapis.com.evil.org/x"), "endpoint"),
        ("inner address", but(endpoint="https://10.0.0.7/push/x"), "endpoint"),
        ("user in the URL", but(endpoint="https://me@fcm.googleapis.com/x"), "endpoint"),
        ("a space", but(endpoint=FCM + "a b"), "endpoint"),
        ("endpoint not text", but(endpoint=["x"]), "endpoint"),
        ("no endpoint", {"keys": good["keys"]}, "endpoint"),
        ("key not base64url", but(keys__p256dh="$$$"), "keys.p256dh"),
        ("key too short", but(keys__p256dh="BAAA"), "keys.p256dh"),
        ("key not on the curve", but(keys__p256dh="BA" + "A" * 85), "keys.p256dh"),
        ("key far too long", but(keys__p256dh="A" * 300), "keys.p256dh"),
        ("auth of 8 bytes", but(keys__auth="AAAAAAAAAAA"), "keys.auth"),
        ("auth not text", but(keys__auth=16), "keys.auth"),
        ("keys not an object", but(keys="p256dh"), "keys"),
        ("unknown field", but(owner="someone else"), "owner"),
        ("unknown key", but(keys__extra="x"), "keys.extra"),
        ("bad expiry", but(expirationTime="tomorrow"), "expirationTime"),
        ("an array", [good], "non_field_errors"),
        ("not JSON", "{endpoint:", "non_field_errors"),
        ("1 MB body", but(padding="x" * 1_000_000), "non_field_errors"),
    ]


@pytest.mark.parametrize("label, body, field", hostile_bodies(), ids=lambda v: str(v)[:20])
def test_a_hostile_subscription_is_refused_with_its_field_and_stores_nothing(
    client, push_on, label, body, field
):
    entrant = EntrantFactory()
    response = post(client, on_url(entrant), body)
    assert response.status_code == 400, label
    errors = response.json()
    assert field in errors and all(isinstance(m, str) for m in errors[field]), errors
    assert len(response.content) < 2000  # the answer never echoes a huge body
    assert not PushSubscription.objects.exists()
    assert not entrant.tournament.audit_entries.exists()


def test_loopback_endpoints_are_for_tests_only(client, push_on):
    entrant = EntrantFactory()
    local = device(endpoint="http://127.0.0.1:8123/push/x")
    push_on.WEB_PUSH_ALLOW_LOOPBACK = False
    response = post(client, on_url(entrant), local.subscription())
    assert response.status_code == 400 and "endpoint" in response.json()
    push_on.WEB_PUSH_ALLOW_LOOPBACK = True
    assert post(client, on_url(entrant), local.subscription()).status_code == 201


def test_a_wrong_token_or_a_get_is_refused(client, push_on):
    assert post(client, "/me/not-a-link/notifications/", device().subscription()).status_code == 404
    assert client.get(on_url(EntrantFactory())).status_code == 405
    assert not PushSubscription.objects.exists()


def test_an_off_request_names_one_endpoint_only(client, push_on):
    entrant = EntrantFactory()
    post(client, on_url(entrant), device().subscription())
    for body in ({}, {"endpoint": FCM + "phone", "all": True}, {"endpoint": "ftp://x"}):
        assert post(client, on_url(entrant) + "off/", body).status_code == 400
    other = EntrantFactory(tournament=entrant.tournament)
    answer = post(client, on_url(other) + "off/", {"endpoint": FCM + "phone"})
    assert answer.json()["removed"] == 0  # another side cannot switch this phone off
    assert PushSubscription.objects.count() == 1


def test_staff_subscribe_at_the_desk_of_their_event_only(client, push_on):
    entrant = EntrantFactory()
    tournament = entrant.tournament
    referee, stranger = UserFactory(), UserFactory()
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)
    url = f"/events/{tournament.slug}/desk/notifications/"
    client.force_login(stranger)
    assert post(client, url, device().subscription()).status_code == 403
    client.force_login(referee)
    assert post(client, url, device().subscription()).status_code == 201
    stored = PushSubscription.objects.get()
    assert (stored.user, stored.tournament, stored.entrant) == (referee, tournament, None)
    page = client.get(f"/events/{tournament.slug}/desk/").content.decode()
    assert "Dispute notifications on this device" in page
    off = post(client, url + "off/", {"endpoint": FCM + "phone"})
    assert off.json()["removed"] == 1


def test_the_players_page_offers_the_switch_with_the_public_key(client, push_on):
    entrant = EntrantFactory()
    page = client.get(f"/me/{entrant.access_token}/").content.decode()
    assert f'data-public-key="{push_on.VAPID_PUBLIC_KEY}"' in page
    assert f'data-on-url="/me/{entrant.access_token}/notifications/"' in page
    assert "js/push.js" in page


def test_with_push_off_there_is_no_switch_and_no_door(client, settings):
    settings.VAPID_PRIVATE_KEY = settings.VAPID_PUBLIC_KEY = ""
    entrant = EntrantFactory()
    page = client.get(f"/me/{entrant.access_token}/").content.decode()
    assert "data-push" not in page and "push.js" not in page
    response = post(client, on_url(entrant), device().subscription())
    assert response.status_code == 404
    assert response.json() == {"detail": "Notifications are off on this server."}
    assert not PushSubscription.objects.exists()


def test_make_vapid_keys_prints_a_pair_that_works(capsys):
    call_command("make_vapid_keys", subject="mailto:desk@example.org")
    lines = dict(line.split("=", 1) for line in capsys.readouterr().out.split())
    assert set(lines) == {"VAPID_PRIVATE_KEY", "VAPID_PUBLIC_KEY", "VAPID_SUBJECT"}
    assert public_key_of(lines["VAPID_PRIVATE_KEY"]) == lines["VAPID_PUBLIC_KEY"]
    assert problems(*lines.values()) == []


def test_the_system_check_refuses_keys_that_cannot_sign(settings):
    private_key, public_key = make_key_pair()
    _, other_public = make_key_pair()
    settings.VAPID_SUBJECT = "mailto:desk@example.org"
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = private_key, public_key
    assert vapid_settings() == []
    settings.VAPID_PUBLIC_KEY = other_public
    assert [e.id for e in vapid_settings()] == ["notifications.E001"]
    settings.VAPID_PUBLIC_KEY = ""
    assert "both" in vapid_settings()[0].msg
    settings.VAPID_PUBLIC_KEY, settings.VAPID_SUBJECT = public_key, "desk@example.org"
    assert "VAPID_SUBJECT" in vapid_settings()[0].msg
    settings.VAPID_PRIVATE_KEY = settings.VAPID_PUBLIC_KEY = ""
    assert vapid_settings() == []
