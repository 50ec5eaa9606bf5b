"""The public standings page: order, true ties, and a fixed number of queries."""

import random

import pytest

from matches.services.results import Actor, enter_result
from tests.factories import EntrantFactory, TournamentFactory
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round
from tournament.simulate import random_battle

pytestmark = pytest.mark.django_db


def event_with_rounds(players, rounds, slug):
    tournament = TournamentFactory(slug=slug)
    EntrantFactory.create_batch(players, tournament=tournament)
    rng = random.Random(players)
    for _ in range(rounds):
        round_ = publish_round(generate_swiss_round(tournament, seed=rng.randrange(999)))
        for match in round_.matches.all():
            sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
            enter_result(match, random_battle("every_eye", sides, rng), Actor())
        complete_round(round_)
    return tournament


def test_standings_list_every_entrant_best_first(client):
    event_with_rounds(12, 2, "st-cup")
    response = client.get("/events/st-cup/standings/")
    assert response.status_code == 200
    rows = response.context["rows"]
    assert len(rows) == 12
    assert [r.position for r in rows] == list(range(1, 13))
    points = [r.points for r in rows]
    assert points == sorted(points, reverse=True)
    assert response.context["columns"] == ["Cup tokens", "Opponents", "Wins"]


def test_standings_queries_do_not_grow_with_the_field(client, django_assert_max_num_queries):
    event_with_rounds(8, 1, "small-cup")
    event_with_rounds(40, 2, "large-cup")
    with django_assert_max_num_queries(4):
        client.get("/events/small-cup/standings/")
    with django_assert_max_num_queries(4):
        client.get("/events/large-cup/standings/")
