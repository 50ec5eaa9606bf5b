"""Issue 12.9: a replaced private link stops working on the sockets already open with it.

Before: after the link was replaced the old token got 401 over HTTP, but a socket opened with it
still started and ended a live game and stored a result report.
"""

import pytest
from channels.db import database_sync_to_async

from common.audit.models import AuditEntry
from common.live.consumer import REFUSED
from matches.models import LiveEvent, ResultVersion
from tests.realtime.conftest import communicator, match_state, run
from tournament.services.registration import replace_private_link

pytestmark = pytest.mark.django_db(transaction=True)


async def open_socket(path):
    comm = await database_sync_to_async(communicator)(path)
    connected, _ = await comm.connect(timeout=3)
    assert connected
    assert (await comm.receive_json_from(timeout=3))["type"] == "hello"
    return comm


def test_replacing_a_link_closes_its_sockets_and_refuses_their_writes(event):
    a, b, _c, _d = event["entrants"]
    match, round_, tournament = event["match"], event["round"], event["tournament"]

    async def scenario():
        side_a = await open_socket(f"/ws/matches/{match.pk}/?token={a.access_token}")
        await match_state(side_a)
        side_b = await open_socket(f"/ws/matches/{match.pk}/?token={b.access_token}")
        await match_state(side_b)
        clock_a = await open_socket(f"/ws/rounds/{round_.pk}/?token={a.access_token}")
        await clock_a.receive_json_from(timeout=3)  # the clock
        feed_a = await open_socket(f"/ws/tournaments/{tournament.pk}/?token={a.access_token}")
        await side_a.send_json_to({"action": "create"})
        assert (await side_a.receive_json_from(timeout=3))["type"] == "live.state"
        for comm in (side_a, side_b):
            await comm.receive_json_from(timeout=3)  # the pushed state, to every viewer

        await database_sync_to_async(replace_private_link)(a)

        # Every socket opened with the old link is told and closed.
        for comm in (side_a, clock_a, feed_a):
            told = await comm.receive_json_from(timeout=3)
            assert told["type"] == "error" and told["code"] == "revoked"
            closed = await comm.receive_output(timeout=3)
            assert closed == {"type": "websocket.close", "code": REFUSED}
        # The other side's socket is untouched and still plays.
        await side_b.send_json_to({"action": "event", "event": {"type": "start", "seq": 1}})
        assert (await side_b.receive_json_from(timeout=3))["type"] == "live.accepted"
        await side_b.disconnect()

    run(scenario)
    assert AuditEntry.objects.filter(action="entrant.link_replaced", target_id=str(a.pk)).exists()


def test_a_write_on_a_socket_whose_link_was_replaced_meanwhile_is_refused(event):
    """The per-write check holds even if the close message never arrived (e.g. another
    process's socket with the push lost): the token is read again on every write."""
    a = event["entrants"][0]
    match = event["match"]

    async def scenario():
        side_a = await open_socket(f"/ws/matches/{match.pk}/?token={a.access_token}")
        await match_state(side_a)
        # Replace the token behind the socket's back, without the close push.
        await database_sync_to_async(a.revoke_access_token)()
        await side_a.send_json_to({"action": "create"})
        refused = await side_a.receive_json_from(timeout=3)
        assert refused["code"] == "revoked"
        assert await side_a.receive_output(timeout=3) == {
            "type": "websocket.close",
            "code": REFUSED,
        }

    run(scenario)
    assert not LiveEvent.objects.exists() and not ResultVersion.objects.exists()
