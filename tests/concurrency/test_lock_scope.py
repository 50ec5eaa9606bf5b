"""What a result's transaction locks, on PostgreSQL: its match, not the whole event.

A result locks its match row for update and holds the round and tournament rows with a
key-share lock: results on other tables go ahead at the same time, while a service that locks
the round or the tournament for update (completing a round, generating the next) waits for the
results in flight, and they wait for it.
"""

import random
import threading

import pytest
from django.db import OperationalError, connection, connections, transaction

from common.audit.actor import Actor
from matches.services.results import enter_result
from matches.services.tables import lock_match
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.logic.simulated_games import random_battle
from tournament.models import Round, Tournament
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


@pytest.fixture
def two_tables(on_postgres):
    tournament = TournamentFactory()
    EntrantFactory.create_batch(8, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    first, second = round_.matches.order_by("table_number")
    return first, second


class HeldLock:
    """Run ``take`` in a transaction on another connection and hold it until ``release``."""

    def __init__(self, take):
        self.take = take
        self.taken = threading.Event()
        self.done = threading.Event()
        self.error = None
        self.thread = threading.Thread(target=self._run)

    def _run(self):
        try:
            with transaction.atomic():
                self.take()
                self.taken.set()
                self.done.wait(30)
        except Exception as exc:  # reported by the test
            self.error = exc
            self.taken.set()
        finally:
            connections.close_all()

    def __enter__(self):
        self.thread.start()
        assert self.taken.wait(30)
        assert self.error is None, self.error
        return self

    def __exit__(self, *exc):
        self.done.set()
        self.thread.join(30)


def lock_timeout(ms: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL lock_timeout = '{int(ms)}ms'")


def report_for(match):
    sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
    return random_battle("every_eye", sides, random.Random(match.pk))


def test_a_result_on_another_table_does_not_wait(two_tables):
    first, second = two_tables
    referee = Actor(user=UserFactory(), channel="api")
    report = report_for(second)
    with HeldLock(lambda: lock_match(first)), transaction.atomic():
        lock_timeout(2000)  # the old lock (tournament row for update) timed out here
        version = enter_result(second, report, referee)
    assert version.state == "accepted"


def test_the_same_table_waits(two_tables):
    first, _ = two_tables
    with HeldLock(lambda: lock_match(first)), pytest.raises(OperationalError), transaction.atomic():
        lock_timeout(300)
        lock_match(first)


def test_generating_or_completing_waits_for_a_result_in_flight(two_tables):
    first, _ = two_tables
    with HeldLock(lambda: lock_match(first)), pytest.raises(OperationalError), transaction.atomic():
        Tournament.objects.select_for_update(nowait=True).get(pk=first.round.tournament_id)
        with pytest.raises(OperationalError), transaction.atomic():
            Round.objects.select_for_update(nowait=True).get(pk=first.round_id)


def test_a_result_waits_for_a_round_being_completed(two_tables):
    first, _ = two_tables
    completing = HeldLock(lambda: Round.objects.select_for_update().get(pk=first.round_id))
    with completing, pytest.raises(OperationalError), transaction.atomic():
        lock_timeout(300)
        lock_match(first)


def test_the_standings_revision_bump_does_not_wait_for_results_in_flight(two_tables):
    first, _ = two_tables
    tournament_id = first.round.tournament_id
    with HeldLock(lambda: lock_match(first)), transaction.atomic():
        lock_timeout(2000)
        Tournament.objects.filter(pk=tournament_id).update(standings_revision=99)
    assert Tournament.objects.get(pk=tournament_id).standings_revision == 99
