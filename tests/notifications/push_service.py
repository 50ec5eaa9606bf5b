"""A local Web Push service for the tests: an HTTP server on 127.0.0.1 in a thread that takes
the server's pushes, checks their VAPID signature and decrypts them as a browser would.

``FakeDevice`` is a browser's side of a subscription: a P-256 key pair and a 16-byte auth
secret made by the test, and the endpoint on the local service. ``LocalPushService.received``
holds every push that arrived, decrypted with the device's private key (``http_ece``). The
answer is 201, or the status a device was set to get (410 for a subscription the browser
dropped, 500 for a push service in trouble).
"""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02

from common.webpush.vapid import b64url_decode, b64url_encode, public_point


@dataclass
class Push:
    """One push as the local service took it."""

    device: str
    headers: dict  # by lower-case name
    claims: dict
    vapid_key: str
    payload: dict


@dataclass
class FakeDevice:
    """A browser's push subscription: its keys, and where the push service takes its pushes."""

    name: str
    endpoint: str
    private_key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))
    answer: int = 201

    def subscription(self) -> dict:
        """What ``PushSubscription.toJSON()`` gives the page."""
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {
                "p256dh": b64url_encode(public_point(self.private_key.public_key())),
                "auth": b64url_encode(self.auth),
            },
        }

    def decrypt(self, body: bytes) -> dict:
        return json.loads(
            http_ece.decrypt(
                body, private_key=self.private_key, auth_secret=self.auth, version="aes128gcm"
            )
        )


def jwt_claims(token: str) -> dict:
    payload = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


class LocalPushService:
    """The push service on 127.0.0.1: devices, the pushes they received, and what failed."""

    def __init__(self, delay: float = 0.0):
        self.delay = delay  # seconds each answer waits, as a distant push service would
        self.devices: dict[str, FakeDevice] = {}
        self.received: list[Push] = []
        self.refused: list[str] = []
        self._lock = threading.Lock()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - the http.server's name
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                status = service.take(
                    self.path, {k.lower(): v for k, v in self.headers.items()}, body
                )
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        class Server(ThreadingHTTPServer):
            request_queue_size = 256  # many sends at once (the default backlog is 5)
            daemon_threads = True

        self.server = Server(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def device(self, name: str, answer: int = 201) -> FakeDevice:
        device = FakeDevice(name, f"{self.base}/push/{name}", answer=answer)
        self.devices[name] = device
        return device

    def take(self, path: str, headers: dict, body: bytes) -> int:
        """Check and decrypt one push; the status to answer."""
        name = path.rsplit("/", 1)[-1]
        device = self.devices.get(name)
        try:
            assert device is not None, f"no device at {path}"
            authorization = headers["authorization"]
            assert Vapid02.verify(authorization), "the VAPID signature does not verify"
            parts = dict(p.split("=", 1) for p in authorization.split(" ", 1)[1].split(","))
            assert headers["content-encoding"] == "aes128gcm"
            push = Push(
                device=name,
                headers=headers,
                claims=jwt_claims(parts["t"]),
                vapid_key=parts["k"],
                payload=device.decrypt(body),
            )
        except Exception as exc:  # noqa: BLE001 - recorded for the test to see
            with self._lock:
                self.refused.append(f"{path}: {exc!r}")
            return 400
        time.sleep(self.delay)
        if device.answer < 300:
            with self._lock:
                self.received.append(push)
        return device.answer

    def pushes_to(self, name: str) -> list[Push]:
        assert not self.refused, self.refused
        return [push for push in self.received if push.device == name]

    def wait_for(self, name: str, count: int = 1, timeout: float = 15) -> list[Push]:
        """The pushes ``name`` received, once there are ``count`` (for a server elsewhere)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if len(self.pushes_to(name)) >= count or self.refused:
                break
            time.sleep(0.05)
        assert not self.refused, self.refused
        return self.pushes_to(name)

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def key_bytes(text: str) -> bytes:
    raw = b64url_decode(text)
    assert raw is not None
    return raw
