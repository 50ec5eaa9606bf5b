"""The websocket consumers' shared base: rights checked before joining, groups, JSON in and
out, ping/pong, pushes, a replaced private link closing its sockets.

Each app's consumer (``tournament.consumers``, ``matches.consumers``) finds its object from the
URL and says in ``authorise`` whether the visitor may see it (a logged-in user through the
session, or a side through its private link ``?token=``), and which groups of
``common.live.realtime`` to join; a visitor who may not is refused at the handshake with
``REFUSED``. Pushes arrive as ``{"type": "push", "payload": ...}`` and go to the client as the
payload's JSON. Client messages are JSON objects with an ``action``; every consumer answers
``ping`` with a ``pong`` carrying the server's time (for the clock offset).
"""

from __future__ import annotations

import json
import logging
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from common import safe_json
from common.live import realtime
from common.locale import socket_language
from common.metrics import WEBSOCKETS_OPEN

log = logging.getLogger(__name__)

MAX_MESSAGE_CHARS = 8000
REFUSED = 4403  # close code sent when a visitor may not see the object
LINK_REPLACED = gettext_noop("this private link was replaced; open the new link to go on")
UNKNOWN_ACTION = gettext_noop("unknown action %(action)s")


#: messages whose handler never touches the database. Channels' dispatch closes the loop's old
#: database connections before every message (``aclose_old_connections``: a hop to a worker
#: thread and back), and in a rush each push to a thousand sockets made a thousand hops, about a
#: tenth of the web processes' Python time (docs/operations.md, session 24)
NO_DATABASE_MESSAGES = frozenset({"push"})


class LiveConsumer(AsyncWebsocketConsumer):
    """Shared plumbing: rights context, groups, JSON in and out, ping/pong, pushes."""

    groups_joined: list[str]

    async def dispatch(self, message):
        """A push goes straight to its handler; every other message as channels sends it."""
        if message.get("type") in NO_DATABASE_MESSAGES:
            await self.push(message)
            return
        await super().dispatch(message)

    async def connect(self):
        self.groups_joined = []
        self.user = self.scope.get("user")
        self.token = self._query_value("token")
        try:
            allowed = await self.authorise()
        except Exception:  # noqa: BLE001 - a broken lookup refuses, it does not crash
            log.exception("websocket authorisation failed for %s", self.scope.get("path"))
            allowed = False
        if not allowed:
            await self.close(code=REFUSED)
            return
        if getattr(self, "link_entrant_id", None) is not None:
            self.groups_joined.append(realtime.private_link_group(self.link_entrant_id))
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        self.counted_open = WEBSOCKETS_OPEN.labels(type(self).__name__)
        self.counted_open.inc()
        await self.send_json(self.hello())
        await self.after_connect()

    async def disconnect(self, code):
        counted = getattr(self, "counted_open", None)
        if counted is not None:
            self.counted_open = None
            counted.dec()
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    def _query_value(self, name: str) -> str | None:
        raw = self.scope.get("query_string", b"").decode("latin-1")
        values = parse_qs(raw).get(name)
        return values[0] if values else None

    # --- to override ---
    async def authorise(self) -> bool:  # pragma: no cover - overridden
        return False

    def hello(self) -> dict:
        return {"type": "hello", "server_time_ms": realtime.server_time_ms()}

    async def after_connect(self):
        """Send the current state after the handshake."""

    async def handle(self, action: str, message: dict):
        await self.send_error("bad_request", UNKNOWN_ACTION, {"action": repr(action)})

    # --- messages ---
    async def receive(self, text_data=None, bytes_data=None):
        if text_data is None or len(text_data) > MAX_MESSAGE_CHARS:
            await self.send_error(
                "bad_request",
                gettext_noop("send one JSON object as text (at most %(most)s characters)"),
                {"most": MAX_MESSAGE_CHARS},
            )
            return
        try:
            message = safe_json.loads(text_data)
        except safe_json.JsonRefused as exc:
            await self.send_error("bad_request", str(exc))
            return
        except ValueError:
            await self.send_error("bad_request", gettext_noop("the message is not valid JSON"))
            return
        if not isinstance(message, dict) or not isinstance(message.get("action"), str):
            await self.send_error(
                "bad_request", gettext_noop("a message is an object with an action")
            )
            return
        action = message["action"]
        if action == "ping":
            await self.send_json(
                {
                    "type": "pong",
                    "client_time_ms": message.get("client_time_ms"),
                    "server_time_ms": realtime.server_time_ms(),
                }
            )
            return
        await self.handle(action, message)

    async def send_json(self, content: dict):
        await self.send(text_data=json.dumps(content, separators=(",", ":")))

    async def send_error(self, code: str, message: str, params: dict | None = None, **extra):
        """An error frame: ``message`` (an English sentence marked with ``gettext_noop``, filled
        in with ``params``) in the sender's language (``common.locale.socket_language``)."""
        with translation.override(await self.sender_language()):
            text = gettext(message) if params is None else gettext(message) % params
        await self.send_json({"type": "error", "code": code, "message": text, **extra})

    async def sender_language(self) -> str:
        """The language this socket's sender reads (found once, on first need)."""
        if getattr(self, "language", None) is None:
            self.language = await database_sync_to_async(socket_language)(self.scope, self.user)
        return self.language

    async def push(self, event):
        """A push from ``common.live.realtime``: pass its payload on to the client (as the JSON
        encoded once for every socket, when the push carries it)."""
        text = event.get("text")
        if isinstance(text, str):
            await self.send(text_data=text)
        else:
            await self.send_json(event["payload"])

    async def link_revoked(self, event=None):
        """The private link this socket was opened with was replaced: say so, then close."""
        await self.send_error("revoked", LINK_REPLACED)
        await self.close(code=REFUSED)

    def client_address(self) -> str | None:
        client = self.scope.get("client")
        return client[0] if client else None

    def user_agent(self) -> str:
        for name, value in self.scope.get("headers", []):
            if name == b"user-agent":
                return value.decode("latin-1")[:300]
        return ""
