"""Session 24 (issue 37.9): a round page reads its tables as plain rows
(``tournament/views/round_cards.py``), not as model objects (building 900 of them for 100
tables was two thirds of a warm page's CPU), and its cards are the ones the model objects
drew: a result, a live game, flowers and win chances included."""

import pytest
from django.db.models.signals import post_init

from common.audit.actor import Actor
from matches.models import LiveGame, Match, Seat
from matches.services.results import enter_result
from tests.browser.helpers import report_for
from tests.factories import EntrantFactory, TournamentFactory
from tournament.models import Entrant
from tournament.services.rounds import generate_swiss_round, publish_round
from tournament.views.pages import round_matches, with_win_chances
from tournament.views.table_cards import draw_card

pytestmark = pytest.mark.django_db

URL = "/events/row-cup/rounds/1/"


@pytest.fixture
def event(django_capture_on_commit_callbacks):
    """Twelve players at three tables, table 1's result in, table 2 with a live game."""
    tournament = TournamentFactory(slug="row-cup")
    for i in range(12):
        EntrantFactory(tournament=tournament, display_name=f"Rower {i:02d} <&>")
    round_ = publish_round(generate_swiss_round(tournament, seed=5))
    match = round_.matches.get(table_number=1)
    with django_capture_on_commit_callbacks(execute=True):
        enter_result(match, report_for(match), Actor())
    LiveGame.objects.create(
        match=round_.matches.get(table_number=2), game_system="eye", mode="classic", setup={}
    )
    return tournament, round_


def test_the_page_builds_no_match_seat_or_entrant(client, event):
    client.get(URL)  # warm: the cards kept
    built = []

    def count(sender, **kwargs):
        built.append(sender)

    for model in (Match, Seat, Entrant):
        post_init.connect(count, sender=model, weak=False)
    try:
        response = client.get(URL)
    finally:
        for model in (Match, Seat, Entrant):
            post_init.disconnect(count, sender=model)
    assert response.status_code == 200
    assert built == []


def test_the_cards_are_the_ones_the_models_drew(client, event):
    tournament, round_ = event
    html = client.get(URL).content.decode()
    matches = list(round_matches(round_))
    with_win_chances(tournament, matches)
    for match in matches:
        assert draw_card(match, tournament).replace("@@part-token@@", "") in html
    assert "badge-accepted" in html and "Live scoreboard" in html and "&lt;&amp;&gt;" in html
