"""Websocket consumers of the tournament app: the event's feed and the round's clock.

Each consumer finds its object from the URL and checks the visitor's rights on it before it
joins any group (a visitor who may not see the object is refused at the handshake, the same
way whether it is missing or private); the shared plumbing is ``common.live.consumer``. The
round consumer also takes ``clock`` commands from the event's referees and organisers.
docs/realtime.md lists every message.
"""

from __future__ import annotations

from channels.db import database_sync_to_async
from django.utils import translation
from django.utils.translation import gettext_noop

from common.audit.actor import Actor
from common.audit.channels import Channel
from common.live import realtime
from common.live.consumer import UNKNOWN_ACTION, LiveConsumer
from tournament.models import Round, Tournament
from tournament.services import clock, live_news
from tournament.services.permissions import (
    can_view_round,
    can_view_tournament,
    entrant_from_token,
    is_referee,
)


def _text(value) -> str | None:
    """A client's number as the query's text would give it (a bool is no number)."""
    return str(value) if isinstance(value, int | str) and not isinstance(value, bool) else None


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
        await self._send_tables_since(live_news.after_from(self._query_value("after")))

    async def _send_tables_since(self, after: int | None) -> None:
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
            # the clock; with ``after`` (a resyncing page, live.js) also where each table stands
            # whose result moved since: a push the socket missed is made up for
            await self.send_json(await self._clock())
            await self._send_tables_since(live_news.after_from(_text(message.get("after"))))
            return
        if action != "clock":
            await self.send_error("bad_request", UNKNOWN_ACTION, {"action": repr(action)})
            return
        command = message.get("command")
        language = await self.sender_language()
        error = await self._run_clock(
            command, message.get("seconds"), message.get("reason", ""), language
        )
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
    def _run_clock(self, command, seconds, reason, language) -> tuple | None:
        """Run a clock command for a staff member; the push goes to everyone after the commit.
        A refusal is (code, sentence, parameters), in ``language`` (the sender's)."""
        with translation.override(language):
            return self._run_clock_in_language(command, seconds, reason)

    def _run_clock_in_language(self, command, seconds, reason) -> tuple | None:
        round_ = Round.objects.select_related("tournament").get(pk=self.round_id)
        if not is_referee(self.user, round_.tournament):
            return (
                "forbidden",
                gettext_noop("only the event's referees and organisers run the clock"),
            )
        if command not in clock.COMMANDS:
            return (
                "bad_request",
                gettext_noop("unknown clock command %(command)s"),
                {"command": repr(command)},
            )
        try:
            clock.run_command(round_, command, self.actor(), seconds=seconds, reason=reason)
        except clock.ClockError as exc:
            return ("refused", "%(why)s", {"why": str(exc)})
        return None
