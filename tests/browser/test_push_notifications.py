"""Issue 18.3 on a phone: a player turns notifications on from their private page, the
organiser publishes the round, and the player's subscription receives "your table".

Chromium headless here cannot reach a real push service (no internet), so an init script
stands in for the browser's half: ``navigator.serviceWorker`` and ``pushManager.subscribe``
give a subscription whose endpoint is the test's local push service and whose keys the test
made. Everything else is real: the page's switch (static/js/push.js) posts it, the server
stores it, the organiser's "Publish round 1" makes the server sign, encrypt and send the push,
and the local service checks the VAPID signature and decrypts the payload (http_ece).

The service worker's own handlers (static/js/sw-push.js) run in Chromium on a stand-in of the
worker's scope: what a push shows, and what a click on it opens.
"""

import json
import os

import pytest
from playwright.sync_api import expect

from common.webpush.vapid import make_key_pair
from notifications.models import PushSubscription
from tests.browser.conftest import daphne_server
from tests.browser.helpers import PHONE, ROOT
from tests.factories import EntrantFactory, TournamentFactory
from tests.notifications.push_service import LocalPushService, key_bytes
from tournament.services.rounds import generate_swiss_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VAPID_PRIVATE, VAPID_PUBLIC = make_key_pair()


@pytest.fixture(scope="module", autouse=True)
def push_on_the_server():
    """The browser tests' server (started after this) has push on, and takes loopback
    endpoints: the local push service's."""
    env = {
        "VAPID_PRIVATE_KEY": VAPID_PRIVATE,
        "VAPID_PUBLIC_KEY": VAPID_PUBLIC,
        "VAPID_SUBJECT": "mailto:desk@example.org",
        "WEB_PUSH_ALLOW_LOOPBACK": "1",
    }
    with pytest.MonkeyPatch.context() as patch:
        for name, value in env.items():
            patch.setenv(name, value)
        yield


@pytest.fixture(scope="module")
def asgi_server(push_on_the_server, django_db_setup, django_db_blocker):
    """A server of this module's own, started with push on (the folder's has it off)."""
    with daphne_server(django_db_blocker) as url:
        yield url


@pytest.fixture
def push_service():
    service = LocalPushService()
    yield service
    service.close()


FAKE_PUSH = """
(() => {
  const given = %s;
  // what a real browser keeps across page loads: the permission and the subscription
  const kept = window.sessionStorage;
  const subscription = () => ({
    endpoint: given.endpoint, toJSON: () => given, unsubscribe: async () => true,
  });
  const pushManager = {
    getSubscription: async () => (kept.getItem("subscribed") ? subscription() : null),
    subscribe: async (options) => {
      window.__subscribeOptions = {
        userVisibleOnly: options.userVisibleOnly,
        key: Array.from(new Uint8Array(options.applicationServerKey)),
      };
      kept.setItem("subscribed", "1");
      return subscription();
    },
  };
  const registration = { scope: location.origin + "/", pushManager };
  const container = {
    register: async (url) => { window.__workerUrl = url; return registration; },
    ready: Promise.resolve(registration),
  };
  Object.defineProperty(Navigator.prototype, "serviceWorker", { get: () => container });
  window.PushManager = function PushManager() {};
  window.Notification = {
    permission: kept.getItem("permission") || "default",
    requestPermission: async () => { kept.setItem("permission", "granted"); return "granted"; },
  };
})();
"""


def test_a_player_opts_in_and_hears_their_table_when_the_round_is_published(
    new_context, push_service
):
    tournament = TournamentFactory(slug="push-cup", name="Push Cup")
    entrants = [EntrantFactory(tournament=tournament) for _ in range(8)]
    player = entrants[3]
    round_ = generate_swiss_round(tournament, seed=5)  # a draft: nothing sent yet
    device = push_service.device("player-phone")

    phone = new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone.add_init_script(FAKE_PUSH % json.dumps(device.subscription()))
    page = phone.new_page()
    page.goto(f"/me/{player.access_token}/")
    panel = page.locator("[data-push]")
    expect(panel).to_be_visible()
    expect(panel.get_by_role("heading")).to_have_text("Notifications on this phone")
    panel.get_by_role("button", name="Notify me").click()
    expect(panel.locator("[data-push-status]")).to_have_text("On: this device will be notified.")
    options = page.evaluate("window.__subscribeOptions")
    assert options == {"userVisibleOnly": True, "key": list(key_bytes(VAPID_PUBLIC))}
    assert page.evaluate("window.__workerUrl") == "/sw.js"
    stored = PushSubscription.objects.get()
    assert (stored.entrant_id, stored.endpoint) == (player.pk, device.endpoint)

    organiser = new_context(user=tournament.organiser).new_page()
    organiser.goto(f"/events/push-cup/manage/rounds/{round_.number}/")
    organiser.get_by_role("button", name="Publish round 1").click()
    expect(organiser.locator(".messages")).to_contain_text("Round 1 is published.")

    (push,) = push_service.wait_for("player-phone")
    seat = round_.seats.select_related("match").get(entrant=player)
    assert push.payload["body"] == (
        f"Round 1: table {seat.match.table_number}, start on {seat.flower_colour.capitalize()}"
    )
    assert push.payload["title"] == "Push Cup"
    assert push.payload["url"] == f"/me/{player.access_token}/"
    assert push.vapid_key == VAPID_PUBLIC

    # the open page reloads itself as the round goes up (live.js); then the switch remembers
    # it is on after a reload of its own, and turns off
    expect(page.locator("main")).to_contain_text("Round 1: table", timeout=20_000)
    page.wait_for_load_state("load")
    page.reload()
    expect(panel.locator("[data-push-status]")).to_have_text("On: this device will be notified.")
    panel.get_by_role("button", name="Turn notifications off").click()
    expect(panel.locator("[data-push-status]")).to_have_text("Off on this device.")
    assert not PushSubscription.objects.exists()


SW_HARNESS = """
async (source) => {
  const listeners = {}, shown = [], opened = [], focused = [], closed = [], waits = [];
  const windows = [{ url: "https://eye.example/me/abc/", focus: async () => focused.push("me") }];
  const scope = {
    location: { origin: "https://eye.example" },
    addEventListener: (type, handler) => { listeners[type] = handler; },
    registration: { showNotification: async (title, options) => shown.push({ title, options }) },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url) => { opened.push(url); return null; },
    },
  };
  new Function("self", source)(scope);
  const push = (text) => ({
    data: text === null ? null : { json: () => JSON.parse(text), text: () => text },
    waitUntil: (promise) => waits.push(promise),
  });
  listeners.push(push(JSON.stringify({
    title: "Harbour Cup", body: "Round 3: table 7, start on Orange",
    url: "/me/abc/", tag: "t1-table",
  })));
  listeners.push(push("Round 4 is up"));
  listeners.push(push(null));
  const click = (url) => ({
    notification: { data: { url }, close: () => closed.push(url) },
    waitUntil: (promise) => waits.push(promise),
  });
  listeners.notificationclick(click("https://eye.example/me/abc/"));
  listeners.notificationclick(click("/events/cup/desk/matches/4/"));
  listeners.notificationclick(click("https://phishing.example/"));
  await Promise.all(waits);
  return { shown, opened, focused, closed: closed.length };
}
"""


def test_the_service_workers_push_handler_shows_and_opens_pages_of_the_site(browser):
    source = (ROOT / "static" / "js" / "sw-push.js").read_text()
    context = browser.new_context()
    try:
        outcome = context.new_page().evaluate(SW_HARNESS, source)
    finally:
        context.close()
    assert outcome["shown"] == [
        {
            "title": "Harbour Cup",
            "options": {
                "body": "Round 3: table 7, start on Orange",
                "data": {"url": "https://eye.example/me/abc/"},
                "tag": "t1-table",
                "renotify": True,
            },
        },
        {
            "title": "Eye for an Eye",
            "options": {"body": "Round 4 is up", "data": {"url": "https://eye.example/"}},
        },
        {
            "title": "Eye for an Eye",
            "options": {"body": "", "data": {"url": "https://eye.example/"}},
        },
    ]
    # a window already showing the page is focused; others open; never another site
    assert outcome["focused"] == ["me"]
    assert outcome["opened"] == [
        "https://eye.example/events/cup/desk/matches/4/",
        "https://eye.example/",
    ]
    assert outcome["closed"] == 3
    assert os.environ.get("VAPID_PUBLIC_KEY") == VAPID_PUBLIC  # the module's server had push on
