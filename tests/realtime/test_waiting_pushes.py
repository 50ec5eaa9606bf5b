"""A report and a dispute are pushed to the table's and the round's watchers."""

import random

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from common.audit.actor import Actor
from common.live.realtime import match_group, round_group
from matches.services.results import confirm_report, dispute_report, submit_report
from tests.factories import EntrantFactory, TournamentFactory
from tournament.logic.simulated_games import random_battle
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


def listen(group):
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(group, channel)
    return lambda: async_to_sync(layer.receive)(channel)


def test_report_then_dispute_reach_the_match_and_round_groups(django_capture_on_commit_callbacks):
    tournament = TournamentFactory()
    EntrantFactory.create_batch(4, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=1))
    match = round_.matches.get()
    a, b, *_ = [s.entrant for s in match.seats.order_by("position")]
    table, desk = listen(match_group(match.pk)), listen(round_group(round_.pk))
    sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
    with django_capture_on_commit_callbacks(execute=True):
        version = submit_report(
            match, random_battle("every_eye", sides, random.Random(1)), Actor(entrant=a)
        )
    for receive in (table, desk):
        message = receive()
        assert message["type"] == "push"
        assert message["payload"]["type"] == "result.reported"
        assert message["payload"]["version"] == version.number
    with django_capture_on_commit_callbacks(execute=True):
        dispute_report(version, Actor(entrant=b), "My cup had 7")
    for receive in (table, desk):
        payload = receive()["payload"]
        assert (payload["type"], payload["status"]) == ("result.disputed", "disputed")


def test_each_confirmation_before_the_last_is_pushed(django_capture_on_commit_callbacks):
    tournament = TournamentFactory()
    EntrantFactory.create_batch(3, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=1))
    match = round_.matches.get()
    a, b, c = [s.entrant for s in match.seats.order_by("position")]
    sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
    version = submit_report(
        match, random_battle("every_eye", sides, random.Random(2)), Actor(entrant=a)
    )
    table = listen(match_group(match.pk))
    with django_capture_on_commit_callbacks(execute=True):
        confirm_report(version, Actor(entrant=b))
    payload = table()["payload"]
    assert (payload["type"], payload["status"]) == ("result.confirmed", "reported")
    with django_capture_on_commit_callbacks(execute=True):
        confirm_report(version, Actor(entrant=c))
    assert table()["payload"]["type"] == "result.accepted"  # the last one accepts


def test_after_a_dispute_the_reporter_is_not_told_to_wait(client):
    tournament = TournamentFactory()
    EntrantFactory.create_batch(4, tournament=tournament)
    match = publish_round(generate_swiss_round(tournament, seed=1)).matches.get()
    a, b, *_ = [s.entrant for s in match.seats.order_by("position")]
    sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
    version = submit_report(
        match, random_battle("every_eye", sides, random.Random(3)), Actor(entrant=a)
    )
    assert "data-waiting" in client.get(f"/me/{a.access_token}/").content.decode()
    dispute_report(version, Actor(entrant=b), "wrong")
    page = client.get(f"/me/{a.access_token}/").content.decode()
    assert "A referee will settle it" in page and "data-waiting" not in page
