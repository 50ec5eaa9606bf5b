"""Fixtures of the notification tests: push switched on with a fresh VAPID pair, and the local
push service (``push_service.LocalPushService``); webhooks switched on and their local receiver
(``webhook_receiver.WebhookReceiver``)."""

import pytest

from common.webpush.vapid import make_key_pair
from tests.notifications.push_service import LocalPushService
from tests.notifications.webhook_receiver import WebhookReceiver

SUBJECT = "mailto:referees@example.org"


@pytest.fixture(scope="session")
def vapid_pair():
    return make_key_pair()


@pytest.fixture
def push_on(settings, vapid_pair):
    """Push switched on: VAPID keys set, the loopback endpoints of the tests allowed."""
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = vapid_pair
    settings.VAPID_SUBJECT = SUBJECT
    settings.WEB_PUSH_ALLOW_LOOPBACK = True
    settings.WEB_PUSH_TIMEOUT_SECONDS = 3
    settings.WEB_PUSH_IN_BACKGROUND = False  # sent before the action returns: nothing to wait for
    return settings


@pytest.fixture
def push_service():
    service = LocalPushService()
    yield service
    service.close()


@pytest.fixture
def webhooks_on(settings):
    """Webhooks delivered before the action returns, to the tests' loopback receiver, with
    waits of milliseconds between attempts."""
    settings.WEBHOOK_ALLOW_LOOPBACK = True
    settings.WEBHOOK_IN_BACKGROUND = False
    settings.WEBHOOK_BACKOFF_SECONDS = 0.01
    settings.WEBHOOK_BACKOFF_MAX_SECONDS = 0.04
    settings.WEBHOOK_MAX_ATTEMPTS = 4
    settings.SITE_URL = "https://events.example.org"
    return settings


@pytest.fixture
def receiver():
    server = WebhookReceiver()
    yield server
    server.close()
