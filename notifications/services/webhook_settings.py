"""The webhooks' fixed settings, with their defaults here (not read from the environment);
a Django setting of the same name overrides one (the tests do).

* ``WEBHOOK_TIMEOUT_SECONDS`` (5): how long one attempt may take;
* ``WEBHOOK_MAX_ATTEMPTS`` (6): attempts per message, the first included;
* ``WEBHOOK_BACKOFF_SECONDS`` (30) and ``WEBHOOK_BACKOFF_MAX_SECONDS`` (3,600): the first wait,
  doubled for each further attempt, and its cap (30 s, 1, 2, 4 and 8 minutes);
* ``WEBHOOK_IN_BACKGROUND`` (True): without a worker (Celery eager), deliver from a background
  thread that waits out the backoff, so the action that caused the message answers at once;
* ``WEBHOOK_ALLOW_LOOPBACK`` (False): TESTS ONLY, accept ``http://127.0.0.1`` URLs (the tests'
  local receiver). A server refuses every address of its own network, localhost included.
"""

from django.conf import settings

DEFAULTS = {
    "WEBHOOK_TIMEOUT_SECONDS": 5,
    "WEBHOOK_MAX_ATTEMPTS": 6,
    "WEBHOOK_BACKOFF_SECONDS": 30.0,
    "WEBHOOK_BACKOFF_MAX_SECONDS": 3600.0,
    "WEBHOOK_IN_BACKGROUND": True,
    "WEBHOOK_ALLOW_LOOPBACK": False,
}


def setting(name: str):
    """The value of one webhook setting."""
    return getattr(settings, name, DEFAULTS[name])
