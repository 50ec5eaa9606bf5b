"""Websocket consumers of the tournament app: the event's feed and the round's clock.

Each consumer finds its object from the URL, checks the visitor's rights on it (a logged-in
user through the session, or an entrant through its private link ``?token=``), and only then
joins the groups that ``common.live.realtime`` names; a visitor who may not see the object is
refused at the handshake (the same way whether it is missing or private). Pushes arrive as
``{"type": "push", "payload": ...}`` and go to the client as the payload's JSON.

Client messages are JSON objects with an ``action``; every consumer answers ``ping`` with a
``pong`` carrying the server's time (for the clock offset). The round consumer also takes
``clock`` commands from the event's referees and organisers. docs/realtime.md lists every
message.
"""

from __future__ import annotations

import json
import logging
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from common import safe_json
from common.audit.actor import Actor
from common.audit.channels import Channel
from common.live import realtime
from tournament.models import Round, Tournament
from tournament.services import clock, live_news
from tournament.services.permissions import (
    can_view_round,
    can_view_tournament,
    entrant_from_token,
    is_referee,
)

log = logging.getLogger(__name__)

MAX_MESSAGE_CHARS = 8000
REFUSED = 4403  # close code sent when a visitor may not see the object


class LiveConsumer(AsyncWebsocketConsumer):
    """Shared plumbing: rights context, groups, JSON in and out, ping/pong, pushes."""

    groups_joined: list[str]

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
        await self.send_json(self.hello())
        await self.after_connect()

    async def disconnect(self, code):
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
        await self.send_error("bad_request", f"unknown action {action!r}")

    # --- messages ---
    async def receive(self, text_data=None, bytes_data=None):
        if text_data is None or len(text_data) > MAX_MESSAGE_CHARS:
            await self.send_error("bad_request", "send one JSON object as text (at most 8000)")
            return
        try:
            message = safe_json.loads(text_data)
        except safe_json.JsonRefused as exc:
            await self.send_error("bad_request", str(exc))
            return
        except ValueError:
            await self.send_error("bad_request", "the message is not valid JSON")
            return
        if not isinstance(message, dict) or not isinstance(message.get("action"), str):
            await self.send_error("bad_request", "a message is an object with an action")
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

    async def send_error(self, code: str, message: str, **extra):
        await self.send_json({"type": "error", "code": code, "message": message, **extra})

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
        await self.send_error(
            "revoked", "this private link was replaced; open the new link to go on"
        )
        await self.close(code=REFUSED)

    def client_address(self) -> str | None:
        client = self.scope.get("client")
        return client[0] if client else None

    def user_agent(self) -> str:
        for name, value in self.scope.get("headers", []):
            if name == b"user-agent":
                return value.decode("latin-1")[:300]
        return ""


class TournamentConsumer(LiveConsumer):
    """``ws/tournaments/<id>/``: rounds published, standings pings; job progress for staff."""

    async def authorise(self) -> bool:
        return await database_sync_to_async(self._authorise)()

    def _authorise(self) -> bool:
        tournament_id = self.scope["url_route"]["kwargs"]["tournament_id"]
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is None:
            return False
        entrant = entrant_from_token(tournament, self.token) if self.token else None
        if not can_view_tournament(self.user, tournament, entrant):
            return False
        self.link_entrant_id = entrant.pk if entrant else None
        self.tournament = tournament
        self.staff = is_referee(self.user, tournament)
        self.groups_joined = [realtime.tournament_group(tournament.pk)]
        if self.staff:
            self.groups_joined.append(realtime.staff_group(tournament.pk))
        return True

    async def after_connect(self):
        # a page drawn at ``?after=<ms>`` hears what it missed before this socket joined
        after = live_news.after_from(self._query_value("after"))
        if after is not None:
            for message in await database_sync_to_async(live_news.news_since)(
                self.tournament, after
            ):
                await self.send_json(message)

    def hello(self) -> dict:
        return {
            "type": "hello",
            "tournament": self.tournament.pk,
            "staff": self.staff,
            "server_time_ms": realtime.server_time_ms(),
        }


class RoundConsumer(LiveConsumer):
    """``ws/rounds/<id>/``: the round's clock and results; staff send ``clock`` commands."""

    async def authorise(self) -> bool:
        return await database_sync_to_async(self._authorise)()

    def _authorise(self) -> bool:
        round_id = self.scope["url_route"]["kwargs"]["round_id"]
        round_ = Round.objects.select_related("tournament").filter(pk=round_id).first()
        if round_ is None:
            return False
        entrant = entrant_from_token(round_.tournament, self.token) if self.token else None
        if not can_view_round(self.user, round_, entrant):
            return False
        self.link_entrant_id = entrant.pk if entrant else None
        self.round_id = round_.pk
        self.tournament_id = round_.tournament_id
        self.staff = is_referee(self.user, round_.tournament)
        self.groups_joined = [realtime.round_group(round_.pk)]
        return True

    def hello(self) -> dict:
        return {
            "type": "hello",
            "round": self.round_id,
            "staff": self.staff,
            "server_time_ms": realtime.server_time_ms(),
        }

    async def after_connect(self):
        await self.send_json(await self._clock())
        # a page drawn at ``?after=<ms>`` hears where each table it may have missed stands now
        after = live_news.after_from(self._query_value("after"))
        if after is not None:
            for message in await database_sync_to_async(self._tables_since)(after):
                await self.send_json(message)

    def _tables_since(self, after: int) -> list[dict]:
        round_ = Round.objects.filter(pk=self.round_id).first()
        return [] if round_ is None else live_news.tables_since(round_, after)

    @database_sync_to_async
    def _clock(self) -> dict:
        return clock.clock_payload(Round.objects.get(pk=self.round_id))

    async def handle(self, action: str, message: dict):
        if action == "sync":
            await self.send_json(await self._clock())
            return
        if action != "clock":
            await self.send_error("bad_request", f"unknown action {action!r}")
            return
        command = message.get("command")
        error = await self._run_clock(command, message.get("seconds"), message.get("reason", ""))
        if error is not None:
            await self.send_error(*error, command=command)

    def actor(self) -> Actor:
        """The staff member running the clock from this socket, and from where."""
        return Actor(
            user=self.user,
            channel=Channel.LIVE,
            ip_address=self.client_address(),
            user_agent=self.user_agent(),
        )

    @database_sync_to_async
    def _run_clock(self, command, seconds, reason) -> tuple[str, str] | None:
        """Run a clock command for a staff member; the push goes to everyone after the commit."""
        round_ = Round.objects.select_related("tournament").get(pk=self.round_id)
        if not is_referee(self.user, round_.tournament):
            return ("forbidden", "only the event's referees and organisers run the clock")
        if command not in clock.COMMANDS:
            return ("bad_request", f"unknown clock command {command!r}")
        try:
            clock.run_command(round_, command, self.actor(), seconds=seconds, reason=reason)
        except clock.ClockError as exc:
            return ("refused", str(exc))
        return None
