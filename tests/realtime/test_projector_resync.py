"""Issue 37.9: the projector makes up for pushes it never received.

In the rehearsal of a convention round the clock projector's open socket missed 26-53 tables'
``result.accepted`` (pushes given up on a starved server). Its page now asks its round socket
every few seconds for what moved since it last asked (live.js's ``data-live-resync``:
``{"action": "sync", "after": ms}``), and the socket answers with the clock and where each such
table stands. Here the round's pushes are lost on the way (a channel layer that drops them, as
a full channel does) while three tables' results are accepted; one sync brings all three.
"""

import pytest
from channels.db import database_sync_to_async

from common.audit.actor import Actor
from common.live.realtime import round_group, server_time_ms
from config.memory_layer import FanOutInMemoryChannelLayer
from matches.services.results import enter_result
from tests.factories import EntrantFactory, TournamentFactory
from tests.realtime.conftest import communicator, run
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db(transaction=True)


class LosingLayer(FanOutInMemoryChannelLayer):
    """The in-memory layer, losing every message sent to the groups in ``losing``."""

    losing: set[str] = set()

    async def group_send(self, group, message):
        if group not in self.losing:
            await super().group_send(group, message)


@pytest.fixture
def losing_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": f"{__name__}.LosingLayer"}}
    yield LosingLayer
    LosingLayer.losing = set()


def accept_every_table(round_) -> list[int]:
    """A referee enters every table's result (each pushes ``result.accepted`` to the round)."""
    matches = list(round_.matches.order_by("table_number"))
    for match in matches:
        seats = match.seats.order_by("position")
        sides = [
            {"side": str(s.entrant_id), "victory_cup_tokens": 4, "survivors": 1} for s in seats
        ]
        enter_result(match, {"ended_by": "time", "sides": sides}, Actor())
    return [m.pk for m in matches]


def test_a_resync_brings_the_results_whose_pushes_were_lost(losing_layer):
    tournament = TournamentFactory()
    EntrantFactory.create_batch(12, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    drawn = server_time_ms()  # the projector page is drawn

    async def scenario():
        comm = await database_sync_to_async(communicator)(f"/ws/rounds/{round_.pk}/?after={drawn}")
        connected, _ = await comm.connect(timeout=3)
        assert connected
        assert (await comm.receive_json_from(timeout=3))["type"] == "hello"
        assert (await comm.receive_json_from(timeout=3))["type"] == "clock"
        assert await comm.receive_nothing(timeout=0.3)  # nothing moved since the drawing
        losing_layer.losing = {round_group(round_.pk)}
        accepted = await database_sync_to_async(accept_every_table)(round_)
        assert await comm.receive_nothing(timeout=0.3)  # every push to the projector was lost
        await comm.send_json_to({"action": "sync", "after": drawn})
        assert (await comm.receive_json_from(timeout=3))["type"] == "clock"
        got = [await comm.receive_json_from(timeout=3) for _ in accepted]
        assert [(m["type"], m["match"]) for m in got] == [
            ("result.accepted", pk) for pk in accepted
        ]
        assert await comm.receive_nothing(timeout=0.3)
        # a sync without ``after`` is the clock alone, as before
        await comm.send_json_to({"action": "sync"})
        assert (await comm.receive_json_from(timeout=3))["type"] == "clock"
        assert await comm.receive_nothing(timeout=0.3)
        # a malformed ``after`` is ignored, never an error
        await comm.send_json_to({"action": "sync", "after": True})
        assert (await comm.receive_json_from(timeout=3))["type"] == "clock"
        assert await comm.receive_nothing(timeout=0.3)
        await comm.disconnect()

    run(scenario)


def test_the_projector_page_resyncs_from_its_drawing(client):
    tournament = TournamentFactory()
    EntrantFactory.create_batch(4, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    client.force_login(tournament.organiser)
    before = server_time_ms()
    page = client.get(f"/events/{tournament.slug}/manage/rounds/{round_.number}/clock/")
    assert page.status_code == 200
    text = page.content.decode()
    assert 'data-live-resync="5"' in text
    drawn = int(text.split('data-live-after="', 1)[1].split('"', 1)[0])
    assert before <= drawn <= server_time_ms()
