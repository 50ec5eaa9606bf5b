"""Issue 37.9: a side's private page (``/me/<token>/``), which every phone of an event reloads on
``round.published``, reads its private link once: the rate limits' check keeps the entrant it
read for the page (``config.security.link_known``, ``permissions.link_entrant_of``). It was 7
statements in round 3 on SQLite and PostgreSQL alike, the link read twice."""

import pytest

from common.audit.actor import Actor
from matches.services.results import enter_result
from tests.factories import EntrantFactory, TournamentFactory
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db

#: the entrant by its link (with its event), its seats in public rounds (their rounds, stages,
#: matches and live games), the seats of those matches with their entrants, their result
#: versions, the versions' answers, the event's newest public round, the side's warnings and
#: penalties (docs/staff-tools.md)
PRIVATE_PAGE_QUERIES = 7


def event_in_round_three():
    """Eight players at tables of four, two rounds played, the third published."""
    tournament = TournamentFactory(slug="reload-cup")
    entrants = EntrantFactory.create_batch(8, tournament=tournament)
    for _ in range(2):
        round_ = publish_round(generate_swiss_round(tournament, seed=1))
        for match in round_.matches.all():
            seats = match.seats.order_by("position")
            sides = [
                {"side": str(s.entrant_id), "victory_cup_tokens": 4, "survivors": 1} for s in seats
            ]
            enter_result(match, {"ended_by": "time", "sides": sides}, Actor())
        complete_round(round_)
    publish_round(generate_swiss_round(tournament, seed=1))
    return entrants


def test_the_private_page_reads_its_link_once(client, django_assert_max_num_queries):
    entrants = event_in_round_three()
    client.get(f"/me/{entrants[0].access_token}/")  # warm the caches
    with django_assert_max_num_queries(PRIVATE_PAGE_QUERIES):
        page = client.get(f"/me/{entrants[1].access_token}/")
    assert page.status_code == 200
    assert "Round 3: table" in page.content.decode()


def test_an_unknown_link_is_still_refused(client):
    event_in_round_three()
    assert client.get(f"/me/{'x' * 32}/").status_code == 404
