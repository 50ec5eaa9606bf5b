"""Two organisers ask for the same round at the same moment (PostgreSQL, one connection each).

``request_swiss_round`` keys the job by the round it will make; the unique key in the database
lets one request create the job and makes the other find it. The tasks run eagerly here, so the
event ends with one job and one round whatever the interleaving.
"""

import threading

import pytest
from django.db import connections

from common.audit.actor import Actor
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.jobs import request_swiss_round
from tournament.models import GenerationJob, Round, StaffRole, StaffRoleKind, Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


@pytest.mark.parametrize("organisers", [2, 8])
def test_simultaneous_round_requests_make_one_job_and_one_round(on_postgres, organisers):
    tournament = TournamentFactory()
    users = [tournament.organiser] + [UserFactory() for _ in range(organisers - 1)]
    for user in users[1:]:
        StaffRole.objects.create(tournament=tournament, user=user, role=StaffRoleKind.ORGANISER)
    EntrantFactory.create_batch(16, tournament=tournament)
    barrier = threading.Barrier(organisers)
    outcomes = [None] * organisers

    def ask(index, user):
        try:
            fresh = Tournament.objects.get(pk=tournament.pk)
            barrier.wait(timeout=30)
            job, created = request_swiss_round(fresh, Actor(user=user, channel="page"), seed=5)
            outcomes[index] = ("ok", job.pk, created)
        except Exception as exc:  # noqa: BLE001 - reported by the assertion below
            outcomes[index] = ("error", repr(exc), None)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=ask, args=(i, u)) for i, u in enumerate(users)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert all(o[0] == "ok" for o in outcomes), outcomes
    assert len({o[1] for o in outcomes}) == 1  # everyone got the same job
    assert sum(1 for o in outcomes if o[2]) == 1  # exactly one created it
    assert GenerationJob.objects.filter(tournament=tournament).count() == 1
    assert Round.objects.filter(tournament=tournament).count() == 1
