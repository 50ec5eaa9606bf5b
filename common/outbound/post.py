"""One POST to an address a user chose, made to the address that was checked.

The host is resolved once (``address.public_addresses``: public addresses only) and the
connection goes to that address, with the host's name for TLS (SNI and the certificate) and
in the ``Host`` header, so the name cannot resolve elsewhere between the check and the
request. Redirects are not followed; the answer's body is read up to ``MAX_BODY_READ`` bytes
and kept to ``MAX_EXCERPT`` characters. The answer is a ``Response``, never an exception.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import certifi
import urllib3

from common.outbound.address import public_addresses, split

#: characters of an answer's body kept (the rest is never stored)
MAX_EXCERPT = 500
MAX_BODY_READ = 2048


@dataclass(frozen=True)
class Response:
    """How one POST went: the status (None when there was no answer), the start of the
    answer's body, why it failed (empty on an answer), and how long it took."""

    status: int | None
    excerpt: str = ""
    error: str = ""
    duration_ms: int = 0

    @property
    def ok(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


def _pool(scheme: str, address: str, port: int, host: str, timeout: float):
    timeouts = urllib3.Timeout(total=timeout)
    if scheme == "https":
        return urllib3.HTTPSConnectionPool(
            address,
            port,
            timeout=timeouts,
            retries=False,
            maxsize=1,
            cert_reqs="CERT_REQUIRED",
            ca_certs=certifi.where(),
            server_hostname=host,
            assert_hostname=host,
        )
    return urllib3.HTTPConnectionPool(address, port, timeout=timeouts, retries=False, maxsize=1)


def post(
    url: str, body: bytes, headers: dict[str, str], *, timeout: float, allow_loopback: bool
) -> Response:
    """POST ``body`` to ``url`` with ``headers``; how it went, within ``timeout`` seconds."""
    started = time.monotonic()

    def took() -> int:
        return int((time.monotonic() - started) * 1000)

    parts = split(url)
    if parts is None:
        return Response(None, error="not a URL")
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    addresses, problem = public_addresses(host, port, allow_loopback=allow_loopback)
    if problem:
        return Response(None, error=problem[:200], duration_ms=took())
    target = parts.path or "/"
    if parts.query:
        target += "?" + parts.query
    host_header = host if parts.port is None else f"{host}:{parts.port}"
    pool = _pool(parts.scheme, addresses[0], port, host, timeout)
    try:
        answer = pool.urlopen(
            "POST",
            target,
            body=body,
            headers={**headers, "Host": host_header},
            redirect=False,
            preload_content=False,
            assert_same_host=False,
        )
        raw = answer.read(MAX_BODY_READ, decode_content=False)
        answer.release_conn()
    except urllib3.exceptions.HTTPError as exc:
        reason = type(getattr(exc, "reason", None) or exc).__name__
        return Response(None, error=f"{reason} reaching {host}"[:200], duration_ms=took())
    finally:
        pool.close()
    excerpt = raw.decode("utf-8", errors="replace")[:MAX_EXCERPT]
    return Response(answer.status, excerpt=excerpt, duration_ms=took())
