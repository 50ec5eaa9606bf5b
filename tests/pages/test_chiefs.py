"""Issue 13.12: who takes a contested chief (the seat order, shown at the table) and the chiefs
played per event (games, wins, average place) on a public page."""

import random

import pytest

from common.audit.actor import Actor
from matches.services.results import enter_result
from tests.factories import EntrantFactory, TournamentFactory
from tournament.logic.simulated_games import random_battle
from tournament.logic.standings.chiefs import chief_statistics
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


def test_chief_statistics_count_games_wins_and_average_place():
    games = [
        (
            [{"side": "1", "characters": ["Echo"]}, {"side": "2", "characters": ["Pluma"]}],
            [{"side": "1", "place": 1}, {"side": "2", "place": 2}],
        ),
        (
            [{"side": "3", "characters": ["Echo"]}, {"side": "4", "characters": ["Grublic"]}],
            [{"side": "3", "place": 2}, {"side": "4", "place": 1}],
        ),
        ([{"side": "5"}, {"side": "6"}], [{"side": "5", "place": 1}, {"side": "6", "place": 2}]),
    ]
    lines, unnamed = chief_statistics(games)
    assert [(x.chief, x.games, x.wins, x.average_place) for x in lines] == [
        ("Echo", 2, 1, 1.5),
        ("Grublic", 1, 1, 1.0),
        ("Pluma", 1, 0, 2.0),
    ]
    assert unnamed == 1


def test_the_event_page_counts_the_chiefs_of_accepted_games(client):
    tournament = TournamentFactory()
    EntrantFactory.create_batch(8, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=2))
    for match in round_.matches.all():
        sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
        enter_result(match, random_battle("every_eye", sides, random.Random(match.pk)), Actor())
    page = client.get(f"/events/{tournament.slug}/chiefs/")
    assert page.status_code == 200
    lines = page.context["lines"]
    assert sum(line.games for line in lines) == 8  # random battles name every side's chief
    assert (
        f"/events/{tournament.slug}/chiefs/"
        in client.get(f"/events/{tournament.slug}/standings/").content.decode()
    )


def test_the_table_page_says_who_chooses_a_chief_first(client):
    tournament = TournamentFactory()
    EntrantFactory.create_batch(4, tournament=tournament)
    seat = publish_round(generate_swiss_round(tournament, seed=2)).seats.first()
    page = client.get(f"/me/{seat.entrant.access_token}/").content.decode()
    assert "the first in this list chooses first" in page


def test_a_private_event_hides_its_chiefs(client):
    tournament = TournamentFactory(is_public=False)
    assert client.get(f"/events/{tournament.slug}/chiefs/").status_code == 404
