"""Where the server may send a request someone else chose: a plain ``https://`` URL, never an
address of the server's own network.

A Web Push endpoint (``common.webpush.subscription_data``) and a webhook's URL
(``notifications``) are both addresses a user gives and the server then POSTs to, so both pass
``url_errors`` before they are stored. A host name is checked again when a request leaves
(``public_addresses``): it must resolve to public addresses only, and the request goes to the
address checked (``common.outbound.post``), so a name that later resolves inside the network is
refused too. Only a test setting lets ``http://127.0.0.1`` through, for the local receivers the
tests run.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import SplitResult, urlsplit

from django.utils.translation import gettext as _

LOOPBACK_HOSTS = {"localhost"}
#: host names that only ever name machines of a private network
PRIVATE_SUFFIXES = (".localhost", ".local", ".internal", ".lan", ".home.arpa")


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine (127.0.0.0/8, ::1, localhost)."""
    if host.lower() in LOOPBACK_HOSTS:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def is_internal_ip(address: str) -> bool:
    """Whether ``address`` (an IP literal) is not a public Internet address: private, loopback,
    link-local, shared, reserved, multicast or unspecified."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    mapped = getattr(ip, "ipv4_mapped", None)
    if mapped is not None:
        ip = mapped
    return not ip.is_global or ip.is_multicast


def _internal_name(host: str) -> bool:
    host = host.lower().rstrip(".")
    if host in LOOPBACK_HOSTS or host.endswith(PRIVATE_SUFFIXES) or "." not in host:
        return True
    try:
        return is_internal_ip(host)
    except ValueError:
        return False


def split(url: str) -> SplitResult | None:
    """The parts of ``url``, or None when it is no URL (a malformed port, port 0, no host,
    a user name or password in it)."""
    try:
        parts = urlsplit(url)
        host, port = parts.hostname or "", parts.port  # a malformed port raises ValueError
    except ValueError:
        return None
    if port == 0 or not host or parts.username is not None or parts.password is not None:
        return None
    return parts


def url_errors(url, *, max_length: int, allow_loopback: bool) -> list[str]:
    """What is wrong with ``url`` as an address the server will POST to (empty when none)."""
    if not isinstance(url, str) or not url:
        return [_("This field is required: an https:// address.")]
    if len(url) > max_length:
        return [_("An address has at most %(max)s characters.") % {"max": max_length}]
    if any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in url):
        return [_("An address holds no spaces or control characters.")]
    parts = split(url)
    if parts is None:
        return [_("This is not a plain https:// address (host, optional port and path).")]
    host = parts.hostname or ""
    if allow_loopback and is_loopback(host) and parts.scheme in ("http", "https"):
        return []
    if parts.scheme != "https":
        return [_("An address must use https://.")]
    if _internal_name(host):
        return [
            _("%(host)s is inside the server's own network: give a public address.")
            % {"host": host}
        ]
    return []


def public_addresses(host: str, port: int, *, allow_loopback: bool) -> tuple[list[str], str]:
    """(the addresses ``host`` resolves to, "") when every one is public, else ([], why not).

    With ``allow_loopback`` (tests only) a loopback host resolves to itself."""
    if allow_loopback and is_loopback(host):
        return ["127.0.0.1" if host.lower() in LOOPBACK_HOSTS else host], ""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return [], f"{host} does not resolve"
    addresses = list(dict.fromkeys(info[4][0] for info in found))
    if not addresses or any(is_internal_ip(address) for address in addresses):
        return [], f"{host} resolves inside the server's own network"
    return addresses, ""
