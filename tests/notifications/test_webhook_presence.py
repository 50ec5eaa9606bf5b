"""An accepted result of an event without webhook endpoints asks the database nothing about
webhooks after its commit (``webhook_presence`` answers from the cache); an endpoint added
later is heard from at the next result."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from common.audit.actor import Actor
from matches.services.results import enter_result
from notifications.models import WebhookEndpoint
from notifications.services.webhooks import create_endpoint, delete_endpoint
from tests.factories import EntrantFactory, TournamentFactory
from tournament.logic.simulated_games import random_battle
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


def tables(count_players=16):
    tournament = TournamentFactory()
    EntrantFactory.create_batch(count_players, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    return tournament, list(round_.matches.order_by("table_number"))


def accept(match, capture):
    sides = [(str(seat.entrant_id), 1) for seat in match.seats.order_by("position")]
    game = random_battle("every_eye", sides, random.Random(match.pk))
    with capture(execute=True):
        enter_result(match, game, Actor(user=match.round.tournament.organiser))


def webhook_queries(captured) -> list[str]:
    table = WebhookEndpoint._meta.db_table
    return [query["sql"] for query in captured.captured_queries if table in query["sql"]]


def test_a_result_of_an_event_without_endpoints_makes_no_webhook_query(
    webhooks_on, django_capture_on_commit_callbacks
):
    _tournament, matches = tables()
    accept(matches[0], django_capture_on_commit_callbacks)  # the event's answer is kept
    with CaptureQueriesContext(connection) as captured:
        accept(matches[1], django_capture_on_commit_callbacks)
    assert webhook_queries(captured) == []


def test_an_endpoint_added_is_heard_from_at_the_next_result_and_a_deleted_one_not(
    webhooks_on, receiver, django_capture_on_commit_callbacks
):
    tournament, matches = tables()
    accept(matches[0], django_capture_on_commit_callbacks)
    assert receiver.to("results") == []
    organiser = Actor(user=tournament.organiser)
    with django_capture_on_commit_callbacks(execute=True):
        endpoint, _secret = create_endpoint(
            tournament,
            url=receiver.url("results"),
            kind="standard",
            events=["result.accepted"],
            actor=organiser,
        )
    accept(matches[1], django_capture_on_commit_callbacks)
    (request,) = receiver.to("results")
    assert request.json()["data"]["match"] == matches[1].pk
    with django_capture_on_commit_callbacks(execute=True):
        delete_endpoint(endpoint, organiser)
    with CaptureQueriesContext(connection) as captured:
        accept(matches[2], django_capture_on_commit_callbacks)
    assert len(webhook_queries(captured)) == 1  # the event's answer, read afresh once
    assert len(receiver.to("results")) == 1
