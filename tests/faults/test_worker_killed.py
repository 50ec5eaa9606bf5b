"""A Celery worker killed (SIGKILL) while it generates a round: redelivered, exactly one round.

The worker runs with the test-only setting ``TEST_TASK_PAUSE`` (``TEST_TASK_PAUSE_SECONDS``):
it pairs the round inside the job's transaction, touches a marker file and stalls before the
commit. The test kills it there; PostgreSQL rolls its transaction back; the message, never
acknowledged (``acks_late``), returns to the queue after the visibility timeout, and a second
worker runs the job again from scratch. The event ends with one round, one job, and the job done.
"""

import signal
import time
import uuid
from types import SimpleNamespace

import pytest
from celery import Celery

from common.audit.actor import Actor
from tournament import tasks
from tournament.jobs import request_swiss_round
from tournament.models import GenerationJob, JobStatus, Round

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


def wait_for(predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_round_survives_its_worker_being_killed(
    fresh_event, servers, redis_url, tmp_path, monkeypatch
):
    tournament = fresh_event
    queue = f"faults-{uuid.uuid4().hex[:10]}"
    marker = tmp_path / "inside-the-transaction"
    servers.env.update(REDIS_URL=redis_url, CELERY_VISIBILITY_TIMEOUT="2")

    # Worker one stalls inside the transaction that writes the round.
    first = servers.celery(
        queue,
        log=tmp_path / "first.log",
        TEST_TASK_PAUSE_SECONDS="60",
        TEST_TASK_PAUSE_MARKER=str(marker),
    )
    rounds_before = Round.objects.filter(tournament=tournament).count()

    # The job row as the API makes it; its task goes to the workers' queue below.
    not_sent = SimpleNamespace(
        apply_async=lambda *args, **kwargs: None,
        app=SimpleNamespace(conf=SimpleNamespace(task_always_eager=True)),
    )
    monkeypatch.setattr(tasks, "generate_swiss_round_task", not_sent)
    job, created = request_swiss_round(
        tournament, Actor(user=tournament.organiser, channel="api"), seed=3
    )
    assert created
    sender = Celery(broker=redis_url, set_as_current=False)
    sender.send_task("tournament.tasks.generate_swiss_round_task", args=[job.pk], queue=queue)

    try:
        wait_for(marker.exists, 60, "the first worker to reach the commit")
    except AssertionError:
        job.refresh_from_db()
        log = (tmp_path / "first.log").read_text()[-3000:]
        raise AssertionError(f"job {job.status} {job.error!r}; worker log: {log}") from None
    servers.kill(first, signal.SIGKILL)
    assert first.returncode == -signal.SIGKILL
    job.refresh_from_db()
    assert job.status == JobStatus.RUNNING and job.round_id is None  # rolled back
    assert Round.objects.filter(tournament=tournament).count() == rounds_before

    time.sleep(2.5)  # past the visibility timeout: the message may be handed out again
    servers.celery(queue)  # a second worker, no pause

    def done():
        job.refresh_from_db()
        return job.status in (JobStatus.DONE, JobStatus.FAILED)

    wait_for(done, 60, "the second worker to finish the job")
    assert job.status == JobStatus.DONE
    rounds = Round.objects.filter(tournament=tournament)
    assert rounds.count() == rounds_before + 1
    assert job.round_id == rounds.order_by("-number").first().pk
    assert GenerationJob.objects.filter(tournament=tournament).count() == 1
    # Asking again finds the same job, not a new round.
    again, created_again = request_swiss_round(tournament, Actor(user=tournament.organiser))
    assert (again.pk, created_again) == (job.pk, False)
