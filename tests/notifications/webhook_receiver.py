"""A webhook receiver for the tests: an HTTP server on 127.0.0.1 in a thread that keeps every
request it takes (path, headers by lower-case name, body) and answers each path with the
statuses a test gave it, in turn (the last one repeats; 200 by default)."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Request:
    path: str
    headers: dict
    body: bytes

    def json(self) -> dict:
        return json.loads(self.body)


class WebhookReceiver:
    """The receiver on 127.0.0.1: ``url(name)`` is where a test's endpoint points."""

    def __init__(self):
        self.received: list[Request] = []
        self.answers: dict[str, list[int]] = {}
        self._lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - the http.server's name
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                status = receiver.take(
                    self.path, {k.lower(): v for k, v in self.headers.items()}, body
                )
                answer = b"x" * 2000 if status >= 300 else b"ok"
                self.send_response(status)
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args):
                pass

        class Server(ThreadingHTTPServer):
            daemon_threads = True

        self.server = Server(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, name: str, *answers: int) -> str:
        """The URL of ``name``, which answers ``answers`` in turn (then the last, or 200)."""
        self.answers[f"/hooks/{name}"] = list(answers) or [200]
        return f"{self.base}/hooks/{name}"

    def take(self, path: str, headers: dict, body: bytes) -> int:
        with self._lock:
            self.received.append(Request(path, headers, body))
            answers = self.answers.get(path, [404])
            return answers.pop(0) if len(answers) > 1 else answers[0]

    def to(self, name: str) -> list[Request]:
        return [r for r in self.received if r.path == f"/hooks/{name}"]

    def close(self):
        self.server.shutdown()
        self.server.server_close()
