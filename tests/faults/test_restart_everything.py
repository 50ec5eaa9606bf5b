"""Every process restarted at once (SIGKILL, no clean shutdown): nothing accepted is lost.

Two ASGI processes (daphne, uvicorn) and a Celery worker on PostgreSQL and Redis. Live-game
events go over a websocket to one process and a referee's result over HTTP to the other; every
process is then killed and started again. Each event the server acknowledged
(``live.accepted``) and each result it answered 201 to is there afterwards, and play goes on
from where it stopped.
"""

import asyncio
import json
import signal
import urllib.request
import uuid

import pytest

from accounts.tokens import issue as issue_token
from matches.models import LiveGame, ResultVersion, VersionState
from tests.factories import verify_email
from tests.realtime.test_services_integration import post_result, receive, ws

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


def start_all(servers, ports=(None, None)):
    a, port_a = servers.daphne(ports[0])
    b, port_b = servers.uvicorn(ports[1])
    worker = servers.celery(f"restart-{uuid.uuid4().hex[:8]}")
    return [a, b, worker], (port_a, port_b)


def test_restarting_every_process_loses_nothing_accepted(event, servers, redis_url):
    servers.env["REDIS_URL"] = redis_url
    match, other_player = event["match"], event["entrants"][1]
    path = f"/ws/matches/{match.pk}/?token={event['entrants'][0].access_token}"
    procs, ports = start_all(servers)

    async def play(port, events, first_seq):
        conn = await ws(port, path)
        await receive(conn, "hello")
        if first_seq == 1:
            await conn.send(json.dumps({"action": "create"}))
        state = await receive(conn, "live.state")
        for number, e in enumerate(events, start=first_seq):
            await conn.send(json.dumps({"action": "event", "event": {**e, "seq": number}}))
            assert (await receive(conn, "live.accepted"))["sequence"] == number
        await conn.close()
        return state

    hits = [{"type": "start"}, {"type": "hit", "attacker": "Grublic", "target": "Echo", "hits": 3}]
    asyncio.run(play(ports[0], hits, 1))
    for proc in procs:
        servers.kill(proc, signal.SIGKILL)
    procs, ports = start_all(servers, ports)

    # The game goes on from event 2 on the other process.
    state = asyncio.run(
        play(ports[1], [{"type": "hit", "attacker": "Echo", "target": "Grublic", "hits": 2}], 3)
    )
    assert state["sequence"] == 2
    assert state["state"]["characters"]["Echo"]["health"] == 7

    assert post_result(ports[0], match, event["referee"]) == 201
    for proc in procs:
        servers.kill(proc, signal.SIGKILL)
    _, ports = start_all(servers, ports)

    game = LiveGame.objects.get(match=match)
    assert game.last_sequence == 3
    accepted = ResultVersion.objects.filter(match=match, state=VersionState.ACCEPTED)
    assert accepted.count() == 1
    # And the restarted servers serve it.
    token = issue_token(verify_email(event["referee"]), "tests")
    request = urllib.request.Request(
        f"http://127.0.0.1:{ports[1]}/api/v1/matches/{match.pk}/results/",
        headers={"Authorization": f"Token {token.key}"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        versions = json.loads(response.read())
    rows = versions["results"] if isinstance(versions, dict) else versions
    assert [v["state"] for v in rows] == ["accepted"]
    assert other_player.pk
