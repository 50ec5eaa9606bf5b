"""Many people acting on one match at the same moment, on PostgreSQL with real connections.

Each attempt runs in its own thread with its own database connection; a barrier releases them
together. Whatever the interleaving, the match ends with exactly one accepted version and every
attempt is either recorded (a version or a response row) or refused with a clear message.
"""

import random

import pytest
from django.db import connection

from common.audit.actor import Actor
from matches.models import ResultResponse, ResultVersion, VersionState
from matches.services.results import confirm_report, correct_result, enter_result, submit_report
from matches.services.tables import ResultFlowError
from tests.concurrency.together import run_together
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.logic.simulated_games import random_battle
from tournament.logic.standings import tally
from tournament.models import EntrantTotals
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round
from tournament.services.standings import swiss_placings

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

ATTEMPTS = 50


def run_together_refusing(jobs):
    """``run_together`` where a ``ResultFlowError`` is a clear refusal, not a failure."""
    return run_together(jobs, refused=(ResultFlowError,))


@pytest.fixture
def match(on_postgres):
    tournament = TournamentFactory()
    EntrantFactory.create_batch(4, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=21))
    return round_.matches.get()


def reports(match, count):
    sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
    rng = random.Random(5)
    return [random_battle("every_eye", sides, rng) for _ in range(count)]


def test_fifty_conflicting_actions_leave_exactly_one_accepted_version(match):
    referees = [Actor(user=UserFactory(), channel="api") for _ in range(5)]
    entrants = [seat.entrant for seat in match.seats.order_by("position")]
    games = reports(match, ATTEMPTS)
    jobs = []
    for i in range(ATTEMPTS):
        report, kind = games[i], i % 4
        if kind == 0:
            jobs.append(lambda r=report, a=referees[i % 5]: enter_result(match, r, a))
        elif kind == 1:
            jobs.append(lambda r=report, a=referees[i % 5]: correct_result(match, r, a, "Race"))
        elif kind == 2:
            side = Actor(entrant=entrants[i % 4], channel="page")
            jobs.append(lambda r=report, a=side: submit_report(match, r, a))
        else:
            side = Actor(entrant=entrants[i % 4], channel="page")

            def confirm_latest(a=side):
                pending = ResultVersion.objects.filter(
                    match=match, state=VersionState.PENDING
                ).first()
                if pending is None:
                    raise ResultFlowError("nothing waiting for confirmation")
                return confirm_report(pending, a)

            jobs.append(confirm_latest)
    outcomes = run_together_refusing(jobs)
    errors = [o for o in outcomes if o is None or o[0] == "error"]
    assert errors == []
    accepted = ResultVersion.objects.filter(match=match, state=VersionState.ACCEPTED)
    assert accepted.count() == 1
    recorded = ResultVersion.objects.filter(match=match).count()
    responses = ResultResponse.objects.filter(version__match=match).count()
    succeeded = sum(1 for o in outcomes if o[0] == "ok")
    assert recorded + responses == succeeded
    numbers = list(
        ResultVersion.objects.filter(match=match)
        .order_by("number")
        .values_list("number", flat=True)
    )
    assert numbers == list(range(1, recorded + 1))
    # The seats carry exactly the accepted version's placings.
    placings = {p["side"]: p["points"] for p in accepted.get().placings}
    for seat in match.seats.all():
        assert float(seat.points) == float(placings[str(seat.entrant_id)])


def test_two_referees_correcting_at_once_both_kept_one_accepted(match):
    first_entry = reports(match, 3)
    enter_result(match, first_entry[0], Actor(user=UserFactory()))
    a, b = Actor(user=UserFactory()), Actor(user=UserFactory())
    outcomes = run_together_refusing(
        [
            lambda: correct_result(match, first_entry[1], a, "Table slip misread"),
            lambda: correct_result(match, first_entry[2], b, "Player appeal"),
        ]
    )
    assert [o[0] for o in outcomes] == ["ok", "ok"]
    versions = list(ResultVersion.objects.filter(match=match).order_by("number"))
    assert len(versions) == 3
    assert [v.state for v in versions].count(VersionState.ACCEPTED) == 1
    assert versions[-1].state == VersionState.ACCEPTED
    assert {v.reason for v in versions[1:]} == {"Table slip misread", "Player appeal"}
    assert connection.vendor == "postgresql"


def test_results_of_one_side_in_two_rounds_at_once_keep_its_totals_exact(on_postgres):
    """Two corrections committed together, of round 1's and round 2's tables of the same four
    sides: each side's running totals must end as the tally of both rounds' seats (each refresh
    waits for the other's entrants, so neither writes totals from the other's old seats)."""
    tournament = TournamentFactory(swiss_rounds=2, pairing_method="random")
    EntrantFactory.create_batch(4, tournament=tournament)
    referee = Actor(user=UserFactory())
    tables = []
    for seed in (31, 32):
        round_ = publish_round(generate_swiss_round(tournament, seed=seed))
        table = round_.matches.get()
        enter_result(table, reports(table, 1)[0], referee)
        complete_round(round_)
        tables.append(table)
    rng = random.Random(8)
    for _ in range(12):
        games = [random_battle("every_eye", sides_of(t), rng) for t in tables]
        outcomes = run_together_refusing(
            [
                lambda t=t, g=g: correct_result(t, g, referee, "Race")
                for t, g in zip(tables, games, strict=True)
            ]
        )
        assert [o[0] for o in outcomes] == ["ok", "ok"], outcomes
        stored = {
            str(row.entrant_id): (row.points, row.games, row.firsts, row.stats, row.opponents)
            for row in EntrantTotals.objects.filter(entrant__tournament=tournament)
        }
        tallied = {
            pk: (t.points, t.games, t.firsts, dict(t.stats), ",".join(t.opponents))
            for pk, t in tally(swiss_placings(tournament)).items()
        }
        assert stored == tallied


def sides_of(match):
    return [(str(s.entrant_id), 1) for s in match.seats.all()]
