"""Websocket consumer that hosts live games: ``ws/matches/<id>/``.

The matches app's socket (the engine itself imports nothing from Django). Whoever may
see the match's round may watch its live game; the match's sides (through their private link,
``?token=``) and the event's referees and organisers may also create it and send events. The
server checks every event with the engine before storing it; a refused event comes back with
its reason to the sender only. A client that (re)connects gets the whole current state.
"""

from __future__ import annotations

from channels.db import database_sync_to_async
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from common.audit.actor import Actor
from common.audit.channels import Channel
from common.engine_messages import problem_text
from common.live import push_messages as messages
from common.live import realtime
from common.live.consumer import LINK_REPLACED, REFUSED, UNKNOWN_ACTION, LiveConsumer
from common.locale import socket_language
from engine.errors import EngineUserError, EventRejected, Problem, ResultInvalid
from matches.models import Match
from matches.services import live_games, result_marks
from tournament.services.permissions import can_view_round, entrant_from_token, is_referee


class MatchConsumer(LiveConsumer):
    """A match's feed: its accepted result and its hosted live game."""

    async def authorise(self) -> bool:
        return await database_sync_to_async(self._authorise)()

    def _authorise(self) -> bool:
        match_id = self.scope["url_route"]["kwargs"]["match_id"]
        match = Match.objects.select_related("round__tournament").filter(pk=match_id).first()
        if match is None:
            return False
        tournament = match.round.tournament
        entrant = entrant_from_token(tournament, self.token) if self.token else None
        if not can_view_round(self.user, match.round, entrant):
            return False
        self.match_id = match.pk
        self.link_entrant_id = entrant.pk if entrant else None
        self.staff = is_referee(self.user, tournament)
        seated = entrant is not None and match.seats.filter(entrant=entrant).exists()
        self.entrant = entrant if seated else None
        self.groups_joined = [realtime.match_group(match.pk)]
        self.language = socket_language(self.scope, self.user)
        return True

    def role(self) -> str:
        if self.staff:
            return "staff"
        return "side" if self.entrant is not None else "viewer"

    def hello(self) -> dict:
        return {
            "type": "hello",
            "match": self.match_id,
            "role": self.role(),
            "side": live_games.side_of(self.entrant.pk) if self.entrant else None,
            "server_time_ms": realtime.server_time_ms(),
        }

    async def after_connect(self):
        # the group is joined already: what changed before this read is in the mark, what
        # changes after it is pushed to this socket
        await self.send_json(await self._state())
        await self.send_json(await self._result_state())

    def actor(self) -> Actor:
        return Actor(
            user=self.user if self.staff else None,
            entrant=None if self.staff else self.entrant,
            channel=Channel.LIVE,
            ip_address=self.client_address(),
            user_agent=self.user_agent(),
        )

    @database_sync_to_async
    def _state(self) -> dict:
        return live_games.current_state_message(self.match_id)

    @database_sync_to_async
    def _result_state(self) -> dict:
        return messages.result_state(self.match_id, result_marks.stored_mark(self.match_id) or "")

    async def handle(self, action: str, message: dict):
        if action == "state":
            await self.send_json(await self._state())
            return
        if action not in ("create", "event", "propose"):
            await self.send_error("bad_request", UNKNOWN_ACTION, {"action": repr(action)})
            return
        if self.role() == "viewer":
            await self.send_error(
                "forbidden",
                gettext_noop("only the sides of this match and the event's staff can do this"),
            )
            return
        reply = await self._act(action, message)
        await self.send_json(reply)
        if reply.get("code") == "revoked":
            await self.close(code=REFUSED)

    @database_sync_to_async
    def _act(self, action: str, message: dict) -> dict:
        with translation.override(self.language):  # refusals in the sender's language
            return self._act_in_language(action, message)

    def _act_in_language(self, action: str, message: dict) -> dict:
        # rights may have changed since the handshake: check staff again on every write
        match = Match.objects.select_related("round__tournament").get(pk=self.match_id)
        if self.staff and not is_referee(self.user, match.round.tournament):
            return _error("forbidden", gettext("you are no longer staff of this event"))
        # ... and a side's private link: one replaced since the handshake writes nothing more
        if (
            not self.staff
            and entrant_from_token(match.round.tournament, self.token) != self.entrant
        ):
            return _error("revoked", gettext(LINK_REPLACED))
        actor = self.actor()
        try:
            if action == "create":
                characters = message.get("characters")
                if characters is not None and not isinstance(characters, dict):
                    return _error("bad_request", gettext("characters must map side ids to names"))
                game, created = live_games.create_live_game(match, actor, characters)
                payload = live_games.state_payload(game)
                if created:
                    live_games.push_live_state(match.pk, payload)
                return payload
            if action == "event":
                event = message.get("event")
                outcome = live_games.apply_live_event(match, event, actor)
                return {
                    "type": "live.accepted",
                    "match": match.pk,
                    "sequence": outcome.game.last_sequence,
                    "result": outcome.result,
                }
            outcome = live_games.propose_result(match, actor)
            return {"type": "live.result", "match": match.pk, "result": outcome}
        except EventRejected as exc:
            event = message.get("event")
            return {
                "type": "live.refused",
                "match": self.match_id,
                "code": exc.code,
                "reason": reason_text(exc),
                "seq": event.get("seq") if isinstance(event, dict) else None,
            }
        except live_games.LiveGameError as exc:
            return _error("refused", str(exc))
        except ResultInvalid as exc:
            worded = "; ".join(problem_text(p) for p in exc.problems)
            return _error("refused", worded, detail=exc.to_dict())
        except EngineUserError as exc:
            return _error("refused", exc.message, detail=exc.to_dict())


def reason_text(exc: EventRejected) -> str:
    """A refused event's reason in the active language (the engine's code and parameters)."""
    reason = exc.reason
    code, params = getattr(reason, "code", ""), getattr(reason, "params", {})
    return problem_text(Problem(None, "event", str(reason), code, params))


def _error(code: str, message: str, **extra) -> dict:
    return {"type": "error", "code": code, "message": message, **extra}
