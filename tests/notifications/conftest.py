"""Fixtures of the notification tests: push switched on with a fresh VAPID pair, and the local
push service (``push_service.LocalPushService``)."""

import pytest

from common.webpush.vapid import make_key_pair
from tests.notifications.push_service import LocalPushService

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
