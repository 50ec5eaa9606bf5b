"""Issues 12.3 and 12.4: JSON nested thousands deep, and text PostgreSQL cannot store.

Before: 5,000 nested brackets answered 500 (``RecursionError``) on the anonymous token endpoint
and on the result endpoints, and crashed a websocket consumer without a close frame; a lone
surrogate in a report or a NUL in a live-game note failed only at the database (500, or a
dropped socket). Now each is refused first, with a message that says what is wrong.
"""

import json

import pytest
from channels.db import database_sync_to_async
from rest_framework.test import APIClient

from common.safe_json import MAX_JSON_DEPTH, JsonRefused, json_problem, loads
from matches.models import LiveEvent, ResultVersion
from tests.api.conftest import game, user_client
from tests.realtime.conftest import communicator, match_state, run
from tests.realtime.conftest import event as live_event  # noqa: F401 - fixture

DEEP = '{"a": ' + "[" * 5000 + "]" * 5000 + "}"


def test_depth_limit_counts_containers_not_scalars():
    ok = {"x": [[[[1, "a", None]]]]}
    assert json_problem(ok) is None
    nested: list = []
    for _ in range(MAX_JSON_DEPTH):
        nested = [nested]
    assert "nested more than 20" in json_problem(nested)
    with pytest.raises(JsonRefused, match="nested more than"):
        loads(DEEP)


@pytest.mark.parametrize(
    ("text", "needle"),
    [("a\x00b", "NUL character"), ("\ud800x", "surrogate"), ("x\udfff", "surrogate")],
)
def test_unstorable_text_is_named_in_values_and_keys(text, needle):
    assert needle in json_problem({"note": text})
    assert needle in json_problem({text: 1})
    assert needle in json_problem([[{"army": ["ok", text]}]])


@pytest.mark.django_db
def test_anonymous_token_endpoint_refuses_deep_json_with_400():
    response = APIClient().post("/api/v1/auth/token/", data=DEEP, content_type="application/json")
    assert response.status_code == 400
    assert "nested more than 20" in response.json()["detail"]


@pytest.mark.django_db
def test_result_endpoint_refuses_deep_json_and_changes_nothing(event):
    response = user_client(event.referee).post(
        f"/api/v1/matches/{event.match.pk}/results/", data=DEEP, content_type="application/json"
    )
    assert response.status_code == 400
    assert "nested more than 20" in response.json()["detail"]
    assert not ResultVersion.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("bad", ["\ud800x", "nul\x00here"])
def test_a_result_with_unstorable_text_is_refused_with_400(event, bad):
    report = game(event.match)
    report["sides"][0]["characters"] = [bad]
    body = json.dumps({"report": report})  # ensure_ascii: the escapes travel as \\ud800, \\u0000
    response = user_client(event.referee).post(
        f"/api/v1/matches/{event.match.pk}/results/", data=body, content_type="application/json"
    )
    assert response.status_code == 400
    assert "cannot be stored" in response.json()["detail"]
    assert not ResultVersion.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_socket_refuses_deep_and_unstorable_frames_and_stays_usable(live_event):  # noqa: F811
    match = live_event["match"]

    async def scenario():
        comm = await database_sync_to_async(communicator)(
            f"/ws/matches/{match.pk}/", live_event["referee"]
        )
        connected, _ = await comm.connect(timeout=3)
        assert connected
        assert (await comm.receive_json_from(timeout=3))["type"] == "hello"
        await match_state(comm)  # the live game's and the result's state
        deep = '{"action": "event", "event": ' + "[" * 3000 + "]" * 3000 + "}"
        await comm.send_to(text_data=deep)
        refused = await comm.receive_json_from(timeout=3)
        assert refused["code"] == "bad_request" and "nested more than" in refused["message"]
        for bad in ("\\u0000", "\\ud800"):
            frame = '{"action": "event", "event": {"type": "note", "text": "a' + bad + '"}}'
            await comm.send_to(text_data=frame)
            refused = await comm.receive_json_from(timeout=3)
            assert refused["code"] == "bad_request" and "cannot be stored" in refused["message"]
        await comm.send_json_to({"action": "ping", "client_time_ms": 1})
        assert (await comm.receive_json_from(timeout=3))["type"] == "pong"
        await comm.disconnect()

    run(scenario)
    assert LiveEvent.objects.count() == 0
