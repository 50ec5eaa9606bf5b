"""Issue 12.11: a round asked for while Redis is down is not stuck for ever.

Before: the request answered 500 after 19 s; the job stayed "queued" but was never sent; after
Redis came back every retry got the same queued job. Now the job is marked failed at once with
a message, the API answers 503 with that message, and the same request later starts it again.
"""

import socket
from datetime import timedelta

import pytest
import redis
from django.utils import timezone

from config.celery import app
from tests.api.conftest import user_client
from tournament import tasks
from tournament.jobs import (
    QUEUE_UNREACHABLE,
    STALLED_AFTER_SECONDS,
    dispatch,
    redelivery_expected_at,
)
from tournament.models import GenerationJob, JobStatus

pytestmark = pytest.mark.timeout(60)


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def broker_down():
    """Celery sends tasks to a Redis that is not there (not eager); restored afterwards."""
    saved = {key: app.conf[key] for key in ("broker_url", "task_always_eager")}
    app.conf.broker_url = f"redis://127.0.0.1:{closed_port()}/0"
    app.conf.task_always_eager = False
    fresh_producer_pool()
    yield
    app.conf.update(saved)
    fresh_producer_pool()


def fresh_producer_pool():
    """Forget the app's pools, so the next send takes (kombu's) pool for the current URL."""
    app._pool = None
    app.amqp._producer_pool = None


@pytest.mark.django_db(transaction=True)
def test_a_round_asked_for_with_the_queue_down_fails_clearly_and_can_be_retried(
    fresh_event, broker_down
):
    client = user_client(fresh_event.organiser)
    url = f"/api/v1/tournaments/{fresh_event.slug}/rounds/generate/"
    response = client.post(url, {}, format="json")
    assert response.status_code == 503
    assert QUEUE_UNREACHABLE in response.json()["detail"]
    assert response["Retry-After"] == "5"
    job = GenerationJob.objects.get()
    assert job.status == JobStatus.FAILED and QUEUE_UNREACHABLE in job.error

    # The queue is back (here: Celery eager again); the same request starts the same job.
    app.conf.task_always_eager = True
    response = client.post(url, {}, format="json")
    assert response.status_code == 202, response.json()
    job.refresh_from_db()
    assert job.status == JobStatus.DONE and job.round is not None
    assert GenerationJob.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_console_says_the_queue_is_down_and_offers_the_retry(fresh_event, broker_down, client):
    client.force_login(fresh_event.organiser)
    response = client.post(f"/events/{fresh_event.slug}/manage/rounds/generate/", follow=True)
    assert response.status_code == 200
    assert QUEUE_UNREACHABLE in response.content.decode()
    assert GenerationJob.objects.get().status == JobStatus.FAILED


@pytest.mark.django_db
def test_a_silent_running_job_shows_when_another_worker_takes_it(fresh_event, settings):
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 300}
    job = GenerationJob.objects.create(
        tournament=fresh_event, kind="swiss_round", idempotency_key="k", status=JobStatus.RUNNING
    )
    assert redelivery_expected_at(job) is None  # it just reported
    quiet_since = timezone.now() - timedelta(seconds=STALLED_AFTER_SECONDS + 5)
    GenerationJob.objects.filter(pk=job.pk).update(updated_at=quiet_since)
    job.refresh_from_db()
    assert redelivery_expected_at(job) == quiet_since + timedelta(seconds=300)
    body = user_client(fresh_event.organiser).get(f"/api/v1/jobs/{job.pk}/").json()
    assert body["redelivery_expected_at"] == (quiet_since + timedelta(seconds=300)).isoformat()


@pytest.mark.django_db
def test_with_the_queue_up_the_job_is_sent_once(fresh_event, redis_url):
    """The quick-failing send still publishes for real when Redis is there."""
    saved = {key: app.conf[key] for key in ("broker_url", "task_always_eager")}
    app.conf.broker_url, app.conf.task_always_eager = redis_url, False
    fresh_producer_pool()
    queue = redis.Redis.from_url(redis_url)
    try:
        before = queue.llen("celery")
        job = GenerationJob.objects.create(
            tournament=fresh_event, kind="swiss_round", idempotency_key="sent-once"
        )
        assert dispatch(job, tasks.generate_swiss_round_task)
        assert queue.llen("celery") == before + 1
    finally:
        queue.delete("celery")
        app.conf.update(saved)
        fresh_producer_pool()
    job.refresh_from_db()
    assert job.status == JobStatus.QUEUED
