"""Issue 36's proof: capacity is never exceeded and the waitlist keeps arrival order when many
players register, withdraw and get promoted at the same moment.

On PostgreSQL with real connections, each call in its own thread (``tests/concurrency``'s
``run_together``); the embedded SQLite database serialises writers already. Every service
locks the event's row before it counts places and hands out a queue number, and holds it to
its commit: the order in which registrations took the lock is their commit order, and
``created_at`` (stamped under the lock) shows it.
"""

import pytest
from django.db import connection

from common.audit.models import AuditEntry
from registrations.models import Registration, RegistrationStatus
from registrations.services.errors import RegistrationError
from registrations.services.places import waitlist_position
from registrations.services.register import register
from registrations.services.withdraw import withdraw
from tests.concurrency.together import run_together
from tests.registrations.conftest import open_event, player_actor, players
from tournament.models import EntrantStatus

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

PLACES = 50
ARRIVALS = 200


@pytest.fixture
def patient_pool(on_postgres):
    """The connection pool waits for a free connection as long as a rush needs (the threads
    outnumber the pool's connections; each waits its turn at the event's lock)."""
    pool = connection.pool
    before = pool.timeout
    pool.timeout = 300
    yield
    pool.timeout = before


def job(tournament, user):
    return lambda: register(tournament, user, name=user.username, actor=player_actor(user)).pk


def by_queue(tournament, status):
    return list(
        tournament.registrations.filter(status=status)
        .order_by("queue_number")
        .values_list("pk", flat=True)
    )


def in_field(tournament) -> int:
    return tournament.entrants.exclude(status=EntrantStatus.DROPPED).count()


def test_200_at_once_for_50_places(patient_pool):
    tournament = open_event(capacity=PLACES)
    users = players(ARRIVALS, prefix="rush")
    outcomes = run_together([job(tournament, user) for user in users])
    assert [kind for kind, _ in outcomes] == ["ok"] * ARRIVALS, outcomes
    rows = list(tournament.registrations.order_by("queue_number"))
    assert [r.queue_number for r in rows] == list(range(1, ARRIVALS + 1))
    # queue numbers in commit order: the order in which each took the event's lock
    assert [r.created_at for r in rows] == sorted(r.created_at for r in rows)
    statuses = [r.status for r in rows]
    registered, waiting = RegistrationStatus.REGISTERED, RegistrationStatus.WAITLISTED
    assert statuses == [registered] * PLACES + [waiting] * (ARRIVALS - PLACES)
    assert in_field(tournament) == PLACES
    assert [waitlist_position(r) for r in rows[PLACES:]] == list(range(1, ARRIVALS - PLACES + 1))


def test_withdrawals_racing_promotions_fill_the_places_in_queue_order(patient_pool):
    tournament = open_event(capacity=PLACES)
    users = players(PLACES + 60, prefix="queue")
    for user in users:
        register(tournament, user, name=user.username, actor=player_actor(user))
    seated = by_queue(tournament, RegistrationStatus.REGISTERED)
    waiting = by_queue(tournament, RegistrationStatus.WAITLISTED)
    leaving = seated[::3] + waiting[:20:4]  # places freed, and some of those next in line
    latecomers = players(10, prefix="late")

    def leave(pk):
        registration = Registration.objects.select_related("user").get(pk=pk)
        return lambda: withdraw(registration, player_actor(registration.user)).pk

    jobs = [leave(pk) for pk in leaving] + [job(tournament, user) for user in latecomers]
    outcomes = run_together(jobs, refused=(RegistrationError,))
    assert [kind for kind, _ in outcomes] == ["ok"] * len(jobs), outcomes

    assert tournament.registrations.filter(status=RegistrationStatus.REGISTERED).count() == PLACES
    assert in_field(tournament) == PLACES
    still_waiting_before = [pk for pk in waiting if pk not in leaving]
    freed = PLACES - len([pk for pk in seated if pk not in leaving])
    promoted = set(by_queue(tournament, RegistrationStatus.REGISTERED)) - set(seated)
    # nobody skipped: the promoted are the front of the queue, without those who left
    assert promoted == set(still_waiting_before[:freed])
    # nobody promoted twice, and every promotion is in the event's trail
    entries = AuditEntry.objects.filter(tournament=tournament, action="registration.promoted")
    targets = list(entries.values_list("target_id", flat=True))
    assert len(targets) == len(set(targets))
    assert {int(t) for t in targets} >= promoted
    # the latecomers queue behind everyone who was waiting
    late = tournament.registrations.filter(user__in=latecomers)
    assert set(late.values_list("status", flat=True)) == {RegistrationStatus.WAITLISTED}
    assert min(late.values_list("queue_number", flat=True)) > max(
        Registration.objects.filter(pk__in=waiting).values_list("queue_number", flat=True)
    )
