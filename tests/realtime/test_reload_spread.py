"""Issue 37.9: the phones' reloads on ``round.published`` are spread over a time that grows with
the event (``common.logic.reload_spread``): a fixed 2.5 s sent a thousand phones' reloads at 400
a second, more than the web processes serve (docs/operations.md, the rehearsal)."""

import pytest
from channels.db import database_sync_to_async

from common.logic import reload_spread
from common.logic.reload_spread import LONGEST_MS, SHORTEST_MS, reload_spread_ms
from tests.factories import EntrantFactory, TournamentFactory
from tests.realtime.conftest import communicator, run
from tournament.services.rounds import generate_swiss_round, publish_round


@pytest.mark.parametrize(
    ("phones", "spread"),
    [(0, SHORTEST_MS), (40, SHORTEST_MS), (400, 20000), (1000, 50000), (10000, LONGEST_MS)],
)
def test_the_spread_grows_with_the_phones_within_bounds(phones, spread):
    assert reload_spread_ms(phones) == spread


@pytest.mark.django_db(transaction=True)
def test_round_published_names_the_spread_for_the_sides_seated(monkeypatch):
    monkeypatch.setattr(reload_spread, "RELOADS_PER_SECOND", 1)  # 1 s per phone: 12 s for 12
    tournament = TournamentFactory()
    EntrantFactory.create_batch(12, tournament=tournament)
    draft = generate_swiss_round(tournament, seed=3)

    async def scenario():
        comm = await database_sync_to_async(communicator)(f"/ws/tournaments/{tournament.pk}/")
        connected, _ = await comm.connect(timeout=3)
        assert connected
        assert (await comm.receive_json_from(timeout=3))["type"] == "hello"
        await database_sync_to_async(publish_round)(draft)
        message = await comm.receive_json_from(timeout=3)
        while message["type"] != "round.published":
            message = await comm.receive_json_from(timeout=3)
        await comm.disconnect()
        return message

    assert run(scenario)["reload_spread_ms"] == 12000
