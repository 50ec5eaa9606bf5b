"""A real Celery worker (Redis broker): its heartbeat makes /readyz ready, and the request id
a job was sent with is on the worker's JSON log lines for that job."""

import json
import os
import time
import uuid

import pytest
from celery import Celery
from django.db import connection
from django.test import Client

from config import request_id, worker_heartbeat
from tests.factories import EntrantFactory, TournamentFactory
from tests.realtime.test_services_integration import Servers, url_of_the_test_database
from tournament.models import GenerationJob, JobStatus

pytestmark = pytest.mark.django_db(transaction=True)


def worker_env(redis_url: str) -> dict:
    """The worker's environment: the test database and Redis, JSON logs."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SQLITE_PATH")}
    env.update(REDIS_URL=redis_url, LOG_FORMAT="json", LOG_LEVEL="INFO", DEBUG="1")
    if connection.vendor == "postgresql":
        env.update(DATABASE_URL=url_of_the_test_database(), DB_POOL_MIN="1", DB_POOL_MAX="2")
    else:
        env["SQLITE_PATH"] = str(connection.settings_dict["NAME"])
    return env


def wait_for(what, seconds=60.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = what()
        if value:
            return value
        time.sleep(0.25)
    raise AssertionError(f"gave up waiting after {seconds} s")


@pytest.fixture
def worker(redis_url, tmp_path):
    queue = f"operate-{uuid.uuid4().hex[:8]}"
    beats = worker_heartbeat.client(redis_url)
    beats.delete(worker_heartbeat.KEY)
    group = Servers(worker_env(redis_url))
    log = tmp_path / "worker.log"
    group.celery(queue, log=log)
    yield queue, log
    group.stop()
    beats.delete(worker_heartbeat.KEY)


def test_a_worker_makes_readyz_ready_and_logs_the_request_id_of_its_job(
    worker, redis_url, settings
):
    queue, log = worker
    settings.REDIS_URL = redis_url
    settings.CELERY_TASK_ALWAYS_EAGER = False
    wait_for(lambda: worker_heartbeat.client(redis_url).get(worker_heartbeat.KEY))
    ready = Client().get("/readyz")
    assert ready.status_code == 200, ready.content
    assert ready.json()["checks"]["worker"] == "ok"

    tournament = TournamentFactory()
    EntrantFactory.create_batch(4, tournament=tournament)
    job = GenerationJob.objects.create(
        tournament=tournament,
        kind="swiss_round",
        idempotency_key=f"tournament:{tournament.pk}:swiss-round:1",
        parameters={"seed": 3, "channel": "system"},
    )
    sender = Celery("operate-test", broker=redis_url, set_as_current=False)
    mark = request_id.current.set("sent-with-7e1d")
    try:
        sender.send_task("tournament.tasks.generate_swiss_round_task", args=[job.pk], queue=queue)
    finally:
        request_id.current.reset(mark)
    wait_for(lambda: GenerationJob.objects.get(pk=job.pk).status == JobStatus.DONE)

    def job_lines():
        text = log.read_text() if log.exists() else ""
        lines = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
        return [line for line in lines if line["logger"] == "tournament.tasks"]

    lines = wait_for(job_lines, 10)
    assert {line["request_id"] for line in lines} == {"sent-with-7e1d"}, lines
    assert any(f"job {job.pk} (swiss_round) done" in line["message"] for line in lines)
