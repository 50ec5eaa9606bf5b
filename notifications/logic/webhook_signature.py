"""Signing a webhook the Standard Webhooks way (https://www.standardwebhooks.com/).

Each request carries three headers: ``webhook-id`` (the message's id, the same on every retry
of it), ``webhook-timestamp`` (Unix seconds at signing) and ``webhook-signature``
(``v1,`` then the base64 HMAC-SHA256 of ``"<id>.<timestamp>.<body>"``, keyed with the secret's
bytes). A secret is ``whsec_`` then 32 random bytes in base64; the key is those bytes.
docs/webhooks.md shows a receiver's check.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets

PREFIX = "whsec_"
SECRET_BYTES = 32
#: a receiver refuses a timestamp further than this from its clock (replays)
TOLERANCE_SECONDS = 5 * 60


def new_secret() -> str:
    """A fresh secret, ``whsec_`` and 32 random bytes in base64."""
    return PREFIX + base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode()


def secret_key(secret: str) -> bytes:
    """The HMAC key of ``secret`` (the bytes after ``whsec_``)."""
    try:
        return base64.b64decode(secret.removeprefix(PREFIX), validate=True)
    except (binascii.Error, ValueError) as exc:
        raise ValueError("a webhook secret is whsec_ followed by base64") from exc


def signature(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    """The ``webhook-signature`` header's value for one message."""
    signed = f"{message_id}.{timestamp}.".encode() + body
    digest = hmac.new(secret_key(secret), signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def headers(secret: str, message_id: str, timestamp: int, body: bytes) -> dict[str, str]:
    """The three signing headers of one message."""
    return {
        "webhook-id": message_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": signature(secret, message_id, timestamp, body),
    }


def verify(secret: str, received: dict[str, str], body: bytes, now: int) -> bool:
    """Whether ``received`` (headers by lower-case name) sign ``body`` with ``secret`` and
    were made within ``TOLERANCE_SECONDS`` of ``now``."""
    try:
        message_id = received["webhook-id"]
        timestamp = int(received["webhook-timestamp"])
    except (KeyError, ValueError):
        return False
    if abs(now - timestamp) > TOLERANCE_SECONDS:
        return False
    expected = signature(secret, message_id, timestamp, body)
    offered = received.get("webhook-signature", "").split()
    return any(hmac.compare_digest(expected, one) for one in offered)
