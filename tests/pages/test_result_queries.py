"""Issue 34.4: a side's result post reads the match it names, not every game of the side: a
report and a confirmation take the same statements in round 4 as in round 1."""

import pytest
from django.db import connection

from common.audit.actor import Actor
from matches.models import MatchStatus, ResultVersion
from matches.services.results import enter_result
from tests.factories import EntrantFactory, TournamentFactory
from tests.pages.test_player_results import report_data
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db

#: the private link's check (the rate limits' and the door's), the posted match's seats (its
#: round's state and its event asked by the same statement), then the service: the match
#: locked, its seats, its live versions, the next number, the version, the status, the audit
#: entry; the transaction's savepoint and release. It was 15, and 16 with three rounds played.
REPORT_QUERIES = 12
#: the link (twice), the answered version (at a table of the side's, in a public round), then
#: the service: the match locked, its seats, its live versions, an earlier answer, the answer,
#: the confirmations so far, the version accepted, the seats' places, the running totals (their
#: seats read, one upsert; on PostgreSQL the entrants' rows locked, and the planner setting
#: around the read), the status, the audit entry; savepoint and release. It was 22 (25).
CONFIRMATION_QUERIES = {"sqlite": 17, "postgresql": 20}


def played_rounds(count: int):
    """An event of three that accepts a report on one confirmation, ``count`` rounds played
    (entered by a referee), and the next one published: its table and its seats' sides."""
    tournament = TournamentFactory(slug="queries-cup", confirmations="one")
    EntrantFactory.create_batch(3, tournament=tournament)
    for _ in range(count):
        match = publish_round(generate_swiss_round(tournament, seed=1)).matches.get()
        seats = match.seats.order_by("position")
        sides = [
            {"side": str(s.entrant_id), "victory_cup_tokens": 4, "survivors": 1} for s in seats
        ]
        enter_result(match, {"ended_by": "time", "sides": sides}, Actor())
        complete_round(match.round)
    match = publish_round(generate_swiss_round(tournament, seed=1)).matches.get()
    return match, [seat.entrant for seat in match.seats.order_by("position")]


@pytest.mark.parametrize("earlier_rounds", [0, 3])
def test_a_report_and_a_confirmation_read_only_their_table(
    client, django_assert_max_num_queries, earlier_rounds
):
    match, (ann, bob, _cat) = played_rounds(earlier_rounds)
    report = report_data(match, [12, 5, 10], [1, 0, 1])
    with django_assert_max_num_queries(REPORT_QUERIES):
        reported = client.post(f"/me/{ann.access_token}/", report)
    assert reported.status_code == 302
    version = ResultVersion.objects.get(match=match)
    confirm = {"action": "confirm", "version": version.pk}
    with django_assert_max_num_queries(CONFIRMATION_QUERIES[connection.vendor]):
        confirmed = client.post(f"/me/{bob.access_token}/", confirm)
    assert confirmed.status_code == 302
    match.refresh_from_db()
    assert match.status == MatchStatus.ACCEPTED


@pytest.mark.also_on_postgres  # an id beyond 64 bits: each database refuses it its own way
@pytest.mark.parametrize("posted", ["0", "-1", str(2**64), "1e3", ""])
def test_a_posted_id_that_names_no_row_is_refused_as_before(client, posted):
    match, (ann, _bob, _cat) = played_rounds(0)
    report = report_data(match, [12, 5, 10], [1, 0, 1]) | {"match": posted}
    page = client.post(f"/me/{ann.access_token}/", report).content.decode()
    assert "This is not one of your games." in page
    answer = client.post(f"/me/{ann.access_token}/", {"action": "confirm", "version": posted})
    assert "This is not a report of one of your games." in answer.content.decode()
    assert not ResultVersion.objects.exists()
