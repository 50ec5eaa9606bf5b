"""What a browser's push subscription must look like before it is stored: the body of
``PushSubscription.toJSON()``, checked field by field.

Sending a push means the server POSTs to the subscription's endpoint, so the endpoint is a
URL a stranger with a private link chooses: it must be HTTPS on a known push service's host
(``WEB_PUSH_SERVICE_HOSTS``) and https's own port (443: every push service listens there, and
another port of an allowed host is none of its business), never an address inside the server's
own network. Only a test
setting (``WEB_PUSH_ALLOW_LOOPBACK``) lets ``http://127.0.0.1`` through, for the local push
endpoint the tests run. The keys must be the sizes the encryption needs (RFC 8291): a P-256
public point (65 bytes) and a 16-byte authentication secret.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from django.utils.translation import gettext as _

from common.outbound.address import is_loopback, url_errors
from common.webpush.vapid import b64url_decode

MAX_ENDPOINT_LENGTH = 1024
MAX_KEY_TEXT_LENGTH = 200
P256DH_BYTES = 65
AUTH_BYTES = 16
#: the largest body a subscription request may have (a real one is about 400 bytes)
MAX_BODY_BYTES = 4096
KNOWN_FIELDS = {"endpoint", "expirationTime", "keys"}
KEY_FIELDS = {"p256dh", "auth"}
#: the one port a push endpoint may name (https's own; an endpoint usually names none)
HTTPS_PORT = 443


@dataclass(frozen=True)
class SubscriptionData:
    """A checked push subscription: where to send, and the keys to encrypt for."""

    endpoint: str
    p256dh: str
    auth: str

    def as_webpush_info(self) -> dict:
        """The ``subscription_info`` pywebpush takes."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


def host_allowed(host: str, service_hosts: list[str]) -> bool:
    """Whether ``host`` is one of the push services' hosts (or a subdomain of one)."""
    host = host.lower().rstrip(".")
    return any(
        host == allowed.lower() or host.endswith("." + allowed.lower().lstrip("."))
        for allowed in service_hosts
        if allowed
    )


def endpoint_errors(endpoint, service_hosts: list[str], allow_loopback: bool) -> list[str]:
    """What is wrong with a push endpoint (empty when it may be stored): the outbound address
    guard (``common.outbound.address``), then a known push service's host on port 443."""
    problems = url_errors(endpoint, max_length=MAX_ENDPOINT_LENGTH, allow_loopback=allow_loopback)
    if problems:
        return problems
    parts = urlsplit(endpoint)
    host, port = parts.hostname or "", parts.port
    if allow_loopback and is_loopback(host):
        return []
    if not host_allowed(host, service_hosts):
        return [_("%(host)s is not a known push service.") % {"host": host}]
    if port not in (None, HTTPS_PORT):
        return [
            _(
                "A push service is reached on https's own port (%(https)s), not port %(port)s: "
                "leave the port out of the endpoint."
            )
            % {"https": HTTPS_PORT, "port": port}
        ]
    return []


def host_setting_problem(entry: str) -> str | None:
    """What is wrong with one entry of ``WEB_PUSH_SERVICE_HOSTS`` (a bare host name), or None."""
    if not isinstance(entry, str) or not entry.strip():
        return "WEB_PUSH_SERVICE_HOSTS holds an empty entry"
    if any(mark in entry for mark in (":", "/", "@")) or any(ch.isspace() for ch in entry):
        return (
            f"WEB_PUSH_SERVICE_HOSTS lists bare host names, not {entry!r}: no scheme, path or "
            f"port (pushes go to port {HTTPS_PORT} only)"
        )
    return None


def key_errors(value, size: int, *, point: bool = False) -> list[str]:
    """What is wrong with one base64url key of ``size`` bytes (a P-256 point when ``point``)."""
    if not isinstance(value, str) or not value:
        return [_("This field is required.")]
    if len(value) > MAX_KEY_TEXT_LENGTH:
        return [_("A key has at most %(limit)s characters.") % {"limit": MAX_KEY_TEXT_LENGTH}]
    raw = b64url_decode(value)
    if raw is None:
        return [_("This is not base64url.")]
    if len(raw) != size:
        return [
            _("This key must be %(size)s bytes, not %(found)s.") % {"size": size, "found": len(raw)}
        ]
    if point:
        try:
            ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
        except ValueError:
            return [_("This is not a P-256 public key.")]
    return []


def parse_subscription(
    data, *, service_hosts: list[str], allow_loopback: bool = False
) -> tuple[SubscriptionData | None, dict[str, list[str]]]:
    """(the subscription, {}) when ``data`` is a usable subscription, else (None, field errors).

    ``data`` is the decoded JSON body; unknown fields are refused, ``expirationTime`` (which
    browsers send as null) is accepted and ignored.
    """
    if not isinstance(data, dict):
        return None, {"non_field_errors": [_("Send the subscription as a JSON object.")]}
    errors: dict[str, list[str]] = {}
    for key in sorted(set(map(str, data)) - KNOWN_FIELDS)[:10]:
        errors[key[:100]] = [_("Unknown field.")]
    expiration = data.get("expirationTime")
    if expiration is not None and (
        isinstance(expiration, bool) or not isinstance(expiration, int | float)
    ):
        errors["expirationTime"] = [_("A time in milliseconds, or null.")]
    if problems := endpoint_errors(data.get("endpoint"), service_hosts, allow_loopback):
        errors["endpoint"] = problems
    keys = data.get("keys")
    if not isinstance(keys, dict):
        errors["keys"] = [_("An object with p256dh and auth.")]
        return None, errors
    for key in sorted(set(map(str, keys)) - KEY_FIELDS)[:10]:
        errors[f"keys.{key[:100]}"] = [_("Unknown field.")]
    if problems := key_errors(keys.get("p256dh"), P256DH_BYTES, point=True):
        errors["keys.p256dh"] = problems
    if problems := key_errors(keys.get("auth"), AUTH_BYTES):
        errors["keys.auth"] = problems
    if errors:
        return None, errors
    return SubscriptionData(data["endpoint"], keys["p256dh"], keys["auth"]), {}
