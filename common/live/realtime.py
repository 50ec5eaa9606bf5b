"""The live layer's groups and pushes: who hears what, built only on the server.

Channel groups (names are made here from database ids; a client never names a group):

* ``tournament.<id>``        - everyone who may see the event: round published, standings pings;
* ``tournament.<id>.staff``  - the event's organisers and referees: background job progress;
* ``round.<id>``             - everyone who may see the round: the clock, accepted results;
* ``match.<id>``             - everyone who may see the match: accepted result, live game state.

Every ``notify_*`` function schedules its push with ``transaction.on_commit`` (so nobody hears of
a change that is rolled back) and never raises: if the channel layer is down (Redis stopped) it
logs a warning and the HTTP request that made the change still succeeds. Pages that miss a push
catch up by polling (docs/realtime.md).

A push reaches the consumers as ``{"type": "push", "payload": {...}, "text": "..."}``: the
payload, and its JSON encoded once for every socket (``layer_message``); each consumer sends
that text to its client. ``payload["type"]`` names the message (docs/realtime.md lists
them all).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from contextvars import ContextVar

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from common.metrics import LIVE_PUSHES

log = logging.getLogger(__name__)

#: seconds a push may take before it is given up (a hung Redis must not hang a request)
SEND_TIMEOUT = 2.0
#: the same for a push handed to the server's loop, which no request waits for: on a starved
#: machine the sends queue behind the websockets' subscriptions for seconds, and 2 s lost the
#: projector's results (docs/operations.md, "Rehearsal of a convention round")
HANDED_OFF_SEND_TIMEOUT = 15.0

#: The ASGI server's event loop, set for each HTTP request by ``config.asgi_http``: a push made
#: in the request's thread is handed to that loop and the request goes on without waiting for
#: Redis. Elsewhere (a management command, a Celery task, a test client) it is None and a push
#: waits for its sends.
server_loop: ContextVar[asyncio.AbstractEventLoop | None] = ContextVar("server_loop", default=None)


def server_time_ms() -> int:
    """The server's clock in milliseconds since the epoch (clients correct their offset by it)."""
    return int(time.time() * 1000)


def tournament_group(tournament_id) -> str:
    """Everyone who may see the tournament."""
    return f"tournament.{int(tournament_id)}"


def staff_group(tournament_id) -> str:
    """The tournament's organisers and referees."""
    return f"tournament.{int(tournament_id)}.staff"


def round_group(round_id) -> str:
    """Everyone who may see the round (its clock, its tables' results)."""
    return f"round.{int(round_id)}"


def match_group(match_id) -> str:
    """Everyone who may see the match (its result, its hosted live game)."""
    return f"match.{int(match_id)}"


def private_link_group(entrant_id) -> str:
    """Every socket opened with this entrant's private link (closed when the link is replaced)."""
    return f"entrant.{int(entrant_id)}.link"


def close_private_link_sockets(entrant_id) -> None:
    """Once the transaction commits, close every socket opened with the entrant's old link."""

    def send():
        _send_all([(private_link_group(entrant_id), {"type": "link.revoked"})])

    try:
        transaction.on_commit(send)
    except Exception as exc:  # noqa: BLE001
        log.warning("could not schedule closing the sockets of entrant %s (%s)", entrant_id, exc)


def push_now(group: str, payload: dict) -> bool:
    """Send ``payload`` to ``group`` at once (from synchronous code); False if it failed."""
    return push_many([(group, payload)])


def push_many(messages: list[tuple[str, dict]]) -> bool:
    """Send several (group, payload) messages in one hop to the event loop; False on failure.

    One hop instead of one per message: a result goes to three groups, and each crossing from
    a request's thread to the loop costs more than the send itself.
    """
    return _send_all([(group, layer_message(payload)) for group, payload in messages])


def layer_message(payload: dict) -> dict:
    """What a push puts on the channel layer: the payload, and its JSON encoded once here
    rather than once per socket by each consumer."""
    return {"type": "push", "payload": payload, "text": json.dumps(payload, separators=(",", ":"))}


def _send_all(messages: list[tuple[str, dict]]) -> bool:
    """Send each (group, channel-layer message) in one hop to the event loop; False on failure.

    From a request's thread under the ASGI server (``server_loop`` set) the sends are handed to
    the server's loop and this returns at once (True: queued; a failure is logged there).
    """
    layer = get_channel_layer()
    if layer is None:
        return False

    send_many = getattr(layer, "group_send_many", None)  # the Redis layer: one round trip

    async def send(timeout: float = SEND_TIMEOUT):
        if send_many is not None:
            sending = send_many(messages)
        else:
            sending = asyncio.gather(*(layer.group_send(g, message) for g, message in messages))
        await asyncio.wait_for(sending, timeout)

    loop = server_loop.get()
    if loop is not None and loop.is_running():
        future = asyncio.run_coroutine_threadsafe(send(HANDED_OFF_SEND_TIMEOUT), loop)
        future.add_done_callback(lambda done: _log_failure(done, messages))
        return True
    try:
        async_to_sync(send)()
    except Exception as exc:  # noqa: BLE001 - a push must never break the change that made it
        _warn(messages, exc)
        return False
    LIVE_PUSHES.labels("sent").inc(len(messages))
    return True


def _log_failure(done, messages) -> None:
    if done.cancelled():
        LIVE_PUSHES.labels("failed").inc(len(messages))
    elif done.exception() is not None:
        _warn(messages, done.exception())
    else:
        LIVE_PUSHES.labels("sent").inc(len(messages))


def _warn(messages, exc) -> None:
    LIVE_PUSHES.labels("failed").inc(len(messages))
    groups = ", ".join(group for group, _ in messages)
    log.warning("live push to %s failed (%s: %s)", groups, type(exc).__name__, exc)


async def apush(group: str, payload: dict) -> bool:
    """``push_now`` for asynchronous code (consumers)."""
    layer = get_channel_layer()
    if layer is None:
        return False
    try:
        await asyncio.wait_for(layer.group_send(group, layer_message(payload)), SEND_TIMEOUT)
    except Exception as exc:  # noqa: BLE001
        _warn([(group, None)], exc)
        return False
    LIVE_PUSHES.labels("sent").inc()
    return True


def push_on_commit(group: str, payload: dict) -> None:
    """Send ``payload`` to ``group`` once the current transaction commits (at once outside one)."""
    try:
        transaction.on_commit(lambda: push_now(group, payload))
    except Exception as exc:  # noqa: BLE001
        log.warning("could not schedule a live push to %s (%s)", group, exc)


def on_commit_or_log(send, what: str) -> None:
    """Run ``send()`` once the transaction commits (a push that decides then what it sends)."""
    try:
        transaction.on_commit(send)
    except Exception as exc:  # noqa: BLE001
        log.warning("could not schedule a live push for %s (%s)", what, exc)


def build_or_log(build, what: str):
    """``build()``, or None (and a warning) if building the message failed: a push must never
    break the change that made it."""
    try:
        return build()
    except Exception as exc:  # noqa: BLE001
        log.warning("live push for %s not built (%s)", what, exc)
        return None


def push_built_on_commit(group: str, build, what: str) -> None:
    """Build a message with ``build()`` when the transaction commits and push it at once (for a
    message that must be read at the instant it leaves, such as a clock's remaining time)."""

    def send():
        try:
            payload = build()
        except Exception as exc:  # noqa: BLE001
            log.warning("%s push not built (%s)", what, exc)
            return
        push_now(group, payload)

    try:
        transaction.on_commit(send)
    except Exception as exc:  # noqa: BLE001
        log.warning("could not schedule a %s push (%s)", what, exc)
