"""The referee desk opens on the round being played, and reaches any other round."""

import pytest

from common.audit.actor import Actor
from matches.services.results import enter_result
from matches.views.desk import desk_round
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tests.services.test_elimination import report
from tournament.models import StaffRole, StageKind
from tournament.services.elimination import start_elimination
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


def test_desk_shows_the_published_round_not_a_later_draft(client):
    referee = UserFactory(username="rounds-ref")
    tournament = TournamentFactory(slug="rounds-cup", swiss_rounds=1)
    StaffRole.objects.create(tournament=tournament, user=referee, role="referee")
    EntrantFactory.create_batch(6, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=1))
    assert desk_round(tournament).number == 1
    # two pods of three: cups 6, 4, 2 -> points 4, 2, 1 -> ranks 4, 4, 2, 2, 1, 1: no tie at 4
    for match in round_.matches.all():
        enter_result(match, report(match, [6, 4, 2], [1, 1, 1]), Actor())
    complete_round(round_)
    # after the cut the three final games are drafted at once; game 1 gets published
    start_elimination(tournament)
    finals = list(tournament.rounds.filter(stage__kind=StageKind.FINAL).order_by("number"))
    publish_round(finals[0])
    assert desk_round(tournament) == finals[0]
    assert desk_round(tournament, "3") == finals[1]
    client.force_login(referee)
    page = client.get("/events/rounds-cup/desk/").content.decode()
    assert f"Round {finals[0].number}" in page
    assert "?round=1" in page and f"?round={finals[2].number}" in page
    assert client.get(f"/events/rounds-cup/desk/?round={finals[2].number}").status_code == 200
