"""The server's VAPID identity for Web Push (RFC 8292): a P-256 key pair and a contact.

The push services (Google's, Mozilla's, Apple's) accept a message only when it is signed with
the private key whose public half the browser was given at subscription time, so the pair must
stay the same for as long as the subscriptions it made are wanted. ``VAPID_PRIVATE_KEY`` and
``VAPID_PUBLIC_KEY`` hold the raw keys in base64url (32 and 65 bytes), ``VAPID_SUBJECT`` a
``mailto:`` or ``https:`` contact the push services may use. Without both keys push is off.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings

PRIVATE_KEY_BYTES = 32
PUBLIC_KEY_BYTES = 65
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*={0,2}")
_SUBJECT = re.compile(r"(mailto:[^@\s]+@[^@\s]+|https://[^\s/]+(/\S*)?)")


@dataclass(frozen=True)
class VapidKeys:
    """A usable VAPID configuration."""

    private_key: str
    public_key: str
    subject: str


def b64url_decode(text: str) -> bytes | None:
    """The bytes of a base64url text (padding optional), or None when it is not one."""
    if not isinstance(text, str) or not _BASE64URL.fullmatch(text):
        return None
    stripped = text.rstrip("=")
    try:
        return base64.urlsafe_b64decode(stripped + "=" * (-len(stripped) % 4))
    except (binascii.Error, ValueError):
        return None


def b64url_encode(raw: bytes) -> str:
    """Base64url without padding, as the Push API and the VAPID headers write keys."""
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def public_point(key: ec.EllipticCurvePublicKey) -> bytes:
    """A P-256 public key as its 65-byte uncompressed point."""
    return key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )


def make_key_pair() -> tuple[str, str]:
    """A new (private, public) VAPID key pair in base64url."""
    private = ec.generate_private_key(ec.SECP256R1())
    raw = private.private_numbers().private_value.to_bytes(PRIVATE_KEY_BYTES, "big")
    return b64url_encode(raw), b64url_encode(public_point(private.public_key()))


def public_key_of(private_key: str) -> str | None:
    """The public half of a base64url private key, or None when it is not a P-256 key."""
    raw = b64url_decode(private_key)
    if raw is None or len(raw) != PRIVATE_KEY_BYTES:
        return None
    try:
        private = ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1())
    except ValueError:
        return None
    return b64url_encode(public_point(private.public_key()))


def problems(private_key: str, public_key: str, subject: str) -> list[str]:
    """What is wrong with a VAPID configuration (empty when push can be sent with it)."""
    found = []
    public = public_key_of(private_key)
    if public is None:
        found.append("VAPID_PRIVATE_KEY is not a base64url P-256 private key (32 bytes)")
    elif b64url_decode(public_key) != b64url_decode(public):
        found.append("VAPID_PUBLIC_KEY is not the public half of VAPID_PRIVATE_KEY")
    if not _SUBJECT.fullmatch(subject or ""):
        found.append("VAPID_SUBJECT must be a contact: mailto:someone@example.org or https://...")
    return found


def configured_keys() -> VapidKeys | None:
    """The VAPID keys of the settings, or None when push is off (no keys, or unusable ones:
    the system check ``notifications.E001`` says why)."""
    private_key = getattr(settings, "VAPID_PRIVATE_KEY", "")
    public_key = getattr(settings, "VAPID_PUBLIC_KEY", "")
    subject = getattr(settings, "VAPID_SUBJECT", "")
    if not (private_key and public_key):
        return None
    if _checked(private_key, public_key, subject):
        return None
    return VapidKeys(private_key=private_key, public_key=public_key.rstrip("="), subject=subject)


_CHECKED: dict[tuple[str, str, str], tuple[str, ...]] = {}


def _checked(private_key: str, public_key: str, subject: str) -> tuple[str, ...]:
    """``problems`` of a configuration, worked out once per process for each configuration."""
    key = (private_key, public_key, subject)
    if key not in _CHECKED:
        _CHECKED[key] = tuple(problems(private_key, public_key, subject))
    return _CHECKED[key]
