"""Error reporting to Sentry, only when ``SENTRY_DSN`` is set.

The settings call ``start_if_configured``; the SDK is imported inside ``start``, so a server
without ``SENTRY_DSN`` neither imports nor starts it (``SENTRY_ENVIRONMENT``, default
``production``; ``SENTRY_TRACES_SAMPLE_RATE``, default 0: errors only, no tracing). Django
and Celery errors are reported; no personal data (``send_default_pii=False``: no user,
cookies or client address); the request id of the failed request goes with each event as a
tag.
"""

from config.env import env_float, env_str
from config.request_id import current


def start_if_configured() -> bool:
    """Start Sentry when ``SENTRY_DSN`` is set; whether it was started."""
    dsn = env_str("SENTRY_DSN")
    if not dsn:
        return False
    start(
        dsn,
        env_str("SENTRY_ENVIRONMENT", "production"),
        env_float("SENTRY_TRACES_SAMPLE_RATE", 0.0),
    )
    return True


def start(dsn: str, environment: str, traces_sample_rate: float) -> None:
    """Start the Sentry SDK for Django and Celery."""
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        integrations=[DjangoIntegration(), CeleryIntegration()],
        send_default_pii=False,
        traces_sample_rate=traces_sample_rate,
        before_send=tag_request_id,
    )


def tag_request_id(event: dict, hint: dict) -> dict:
    """Tag an event with the request id of the request (or task) that raised it."""
    request_id = current.get()
    if request_id is not None:
        event.setdefault("tags", {})["request_id"] = request_id
    return event
