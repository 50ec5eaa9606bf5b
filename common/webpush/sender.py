"""One push, sent: encrypt the message for the subscription (aes128gcm, RFC 8291), sign it
with the server's VAPID key (RFC 8292) and POST it to the push service, through pywebpush.

Pure: no models. The answer is an ``Outcome``, never an exception: the push service's 404 or
410 means the subscription is gone for good (the browser dropped it), anything else that is
not a 2xx is a failure worth counting and retrying with the next message. Redirects are not
followed: a push service answers, it does not send the server elsewhere.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from urllib.parse import urlsplit

import requests
from pywebpush import WebPushException, webpush

from common.logic.push_message import PushMessage
from common.metrics import WEB_PUSHES
from common.webpush.subscription_data import SubscriptionData
from common.webpush.vapid import VapidKeys

log = logging.getLogger(__name__)

GONE = (404, 410)


@dataclass(frozen=True)
class Outcome:
    """How one send went: delivered, gone (remove the subscription), or failed (why)."""

    delivered: bool = False
    gone: bool = False
    status: int | None = None
    error: str = ""


def _session() -> requests.Session:
    session = requests.Session()
    session.max_redirects = 0
    return session


def send(
    subscription: SubscriptionData,
    message: PushMessage,
    keys: VapidKeys,
    *,
    timeout: float,
) -> Outcome:
    """Send ``message`` to ``subscription``; how it went (counted in ``eye_web_pushes``)."""
    outcome = _send(subscription, message, keys, timeout=timeout)
    WEB_PUSHES.labels(
        "delivered" if outcome.delivered else "gone" if outcome.gone else "failed"
    ).inc()
    return outcome


def _send(
    subscription: SubscriptionData, message: PushMessage, keys: VapidKeys, *, timeout: float
) -> Outcome:
    host = urlsplit(subscription.endpoint).hostname
    try:
        with _session() as session:
            response = webpush(
                subscription_info=subscription.as_webpush_info(),
                data=message.payload(),
                vapid_private_key=keys.private_key,
                vapid_claims={"sub": keys.subject},  # a new dict: webpush writes aud and exp in
                ttl=message.ttl,
                headers={"Urgency": message.urgency, "Topic": message.topic()},
                timeout=timeout,
                requests_session=session,
            )
    except WebPushException as exc:
        status = exc.status_code
        if status in GONE:
            return Outcome(gone=True, status=status)
        return Outcome(status=status, error=f"push service answered {status}"[:200])
    except requests.RequestException as exc:
        return Outcome(error=f"{type(exc).__name__} reaching {host}"[:200])
    except Exception as exc:  # noqa: BLE001 - a push never breaks what caused it
        log.exception("push to %s failed unexpectedly", host)
        return Outcome(error=f"{type(exc).__name__}: {exc}"[:200])
    return Outcome(delivered=True, status=response.status_code)
