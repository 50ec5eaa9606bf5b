"""Websocket messages above the size limit, or binary, are refused; the game state is untouched."""

import pytest
from channels.db import database_sync_to_async

from common.live.consumer import MAX_MESSAGE_CHARS
from matches.models import LiveEvent
from tests.realtime.conftest import (  # noqa: F401
    communicator,
    event,
    fresh_in_memory_layer,
    match_state,
    run,
)

pytestmark = pytest.mark.django_db(transaction=True)


async def open_socket(path, user=None):
    comm = await database_sync_to_async(communicator)(path, user)
    connected, _ = await comm.connect(timeout=3)
    assert connected
    assert (await comm.receive_json_from(timeout=3))["type"] == "hello"
    return comm


@pytest.mark.parametrize("kind", ["tournament", "round", "match"])
def test_oversized_and_binary_messages_are_refused_on_every_socket(event, kind):  # noqa: F811
    path = {
        "tournament": f"/ws/tournaments/{event['tournament'].pk}/",
        "round": f"/ws/rounds/{event['round'].pk}/",
        "match": f"/ws/matches/{event['match'].pk}/",
    }[kind]

    async def scenario():
        comm = await open_socket(path, event["referee"])
        if kind == "round":
            await comm.receive_json_from(timeout=3)  # the current clock
        elif kind == "match":
            await match_state(comm)  # the live game's and the result's state
        huge = '{"action": "event", "event": {"type": "hit", "pad": "' + "x" * MAX_MESSAGE_CHARS
        await comm.send_to(text_data=huge + '"}}')
        refused = await comm.receive_json_from(timeout=3)
        assert refused["type"] == "error" and refused["code"] == "bad_request"
        await comm.send_to(bytes_data=b"\x00" * 100)
        assert (await comm.receive_json_from(timeout=3))["code"] == "bad_request"
        # The socket is still usable afterwards.
        await comm.send_json_to({"action": "ping", "client_time_ms": 1})
        assert (await comm.receive_json_from(timeout=3))["type"] == "pong"
        await comm.disconnect()

    run(scenario)
    assert LiveEvent.objects.count() == 0
