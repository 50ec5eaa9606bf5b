"""Issue 39.2: a live event the engine refuses comes back to its sender in the sender's language
(the socket's Accept-Language here), with its code still English; English by default."""

import pytest
from channels.testing import WebsocketCommunicator

from tests.realtime.conftest import ORIGIN, match_state, run

pytestmark = pytest.mark.django_db(transaction=True)


async def side_socket(event, headers) -> WebsocketCommunicator:
    """The first side's match socket, connected, greeted and given the match's state."""
    from config.asgi import application

    side = event["entrants"][0]
    path = f"/ws/matches/{event['match'].pk}/?token={side.access_token}"
    comm = WebsocketCommunicator(application, path, headers=[ORIGIN, *headers])
    connected, _ = await comm.connect(timeout=3)
    assert connected
    assert (await comm.receive_json_from(timeout=3))["type"] == "hello"
    await match_state(comm)
    return comm


def refused_before_the_start(event, *headers):
    """A side creates the game and sends a hit before the start call; its refusal."""

    async def scenario():
        comm = await side_socket(event, headers)
        await comm.send_json_to({"action": "create"})
        assert (await comm.receive_json_from(timeout=3))["type"] == "live.state"
        assert (await comm.receive_json_from(timeout=3))["type"] == "live.state"  # the push
        hit = {"type": "hit", "attacker": "Grublic", "target": "Echo", "hits": 1}
        await comm.send_json_to({"action": "event", "event": hit})
        refused = await comm.receive_json_from(timeout=3)
        await comm.disconnect()
        return refused

    return run(scenario)


def test_a_refused_live_event_reads_in_german(event):
    refused = refused_before_the_start(event, (b"accept-language", b"de-DE,de;q=0.9"))
    assert (refused["type"], refused["code"]) == ("live.refused", "not_started")
    assert refused["reason"] == (
        "das Spiel hat noch nicht begonnen (erfasse zuerst die Startansage)"
    )


def test_the_same_refusal_stays_english_by_default(event):
    refused = refused_before_the_start(event)
    assert refused["reason"] == "the game has not started yet (record the start call first)"


def bad_frames(event, *headers) -> list[dict]:
    """A side's socket sent a frame that is not JSON, one without an action and an unknown
    action: the three refusals."""

    async def scenario():
        comm = await side_socket(event, headers)
        answers = []
        for frame in ("{not json", '{"no": "action"}', '{"action": "dance"}'):
            await comm.send_to(text_data=frame)
            answers.append(await comm.receive_json_from(timeout=3))
        await comm.disconnect()
        return answers

    return run(scenario)


def test_bad_frames_are_refused_in_the_senders_language(event):
    german = bad_frames(event, (b"accept-language", b"de-DE,de;q=0.9"))
    assert [a["code"] for a in german] == ["bad_request"] * 3
    assert [a["message"] for a in german] == [
        "die Nachricht ist kein gültiges JSON",
        "eine Nachricht ist ein Objekt mit einer Aktion (action)",
        "unbekannte Aktion 'dance'",
    ]
    french = bad_frames(event, (b"accept-language", b"fr"))
    assert french[0]["message"] == "le message n’est pas du JSON valide"
    assert bad_frames(event)[2]["message"] == "unknown action 'dance'"
