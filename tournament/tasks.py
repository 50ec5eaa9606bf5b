"""Celery tasks of the tournament app: generating Swiss rounds and elimination steps.

Tasks are acknowledged late (settings), so a worker killed mid-task leaves the message for
another worker; they are idempotent: the work and the job's link to its outcome are written in
one transaction under the job's row lock, so a rerun after a crash either finds the finished
job or starts from scratch. Progress is pushed to the tournament's staff as it changes.
"""

import logging
import os
import time
from pathlib import Path

from celery import shared_task
from django.conf import settings
from django.db import OperationalError, transaction
from django.utils import timezone

from common.audit.actor import Actor
from common.live import push_messages as messages
from common.live import realtime
from common.metrics import JOB_DURATION
from tournament.models import GenerationJob, JobStatus
from tournament.services.elimination import advance_elimination, start_elimination
from tournament.services.pairable import left_out_sentence
from tournament.services.rounds import LEFT_OUT, RoundError, generate_swiss_round

log = logging.getLogger(__name__)


def notify_job_progress(job: GenerationJob) -> None:
    """Push a background job's progress to the tournament's staff (after the commit)."""
    payload = realtime.build_or_log(lambda: messages.job_progress(job), f"job {job.pk}")
    if payload is not None:
        realtime.push_on_commit(realtime.staff_group(job.tournament_id), payload)


def set_progress(job_id: int, progress: int, message: str, status=JobStatus.RUNNING) -> None:
    """Record a job's progress (its own short transaction, so watchers see it at once)."""
    GenerationJob.objects.filter(pk=job_id).update(
        progress=progress, message=message, status=status, updated_at=timezone.now()
    )
    notify_job_progress(GenerationJob.objects.get(pk=job_id))


def _swiss_round(job: GenerationJob, actor: Actor):
    round_ = generate_swiss_round(
        job.tournament, seed=(job.parameters or {}).get("seed"), actor=actor
    )
    left_out = left_out_sentence((round_.pairing_report or {}).get(LEFT_OUT, []))
    return round_, f"Round {round_.number} paired. {left_out}".strip()


def _elimination_step(job: GenerationJob, actor: Actor):
    step = start_elimination if job.kind == "elimination_start" else advance_elimination
    state = step(job.tournament, actor)
    return state.round, state.message


WORK = {
    "swiss_round": _swiss_round,
    "elimination_start": _elimination_step,
    "elimination_advance": _elimination_step,
}


def _test_only_pause() -> None:
    """TEST-ONLY fault hook: stall inside the job's transaction, before it commits.

    With ``settings.TEST_TASK_PAUSE`` set (a test's worker only: the settings refuse it with
    DEBUG off), the task writes its round, touches the marker file (if named) and sleeps before
    committing, so a test can kill the worker at exactly that moment
    (tests/faults/test_worker_killed.py). None, as everywhere else, this does nothing.
    """
    pause = settings.TEST_TASK_PAUSE
    if pause is None:
        return
    if pause["marker"]:
        Path(pause["marker"]).write_text(str(os.getpid()))
    time.sleep(pause["seconds"])


def run_job(task, job_id: int) -> int | None:
    """Do a job's work once, timed in ``eye_job_duration_seconds``; returns the id of the round
    it made (if any)."""
    started, kind, status = time.perf_counter(), "unknown", "error"
    try:
        job = GenerationJob.objects.get(pk=job_id)
        kind = job.kind
        round_id = _run_job(task, job)
        status = GenerationJob.objects.values_list("status", flat=True).get(pk=job_id)
        return round_id
    finally:
        JOB_DURATION.labels(kind, status).observe(time.perf_counter() - started)


def _run_job(task, job: GenerationJob) -> int | None:
    job_id = job.pk
    if job.status == JobStatus.DONE:
        return job.round_id
    set_progress(job_id, 10, "Reading the standings")
    try:
        with transaction.atomic():
            job = (
                # of=self: PostgreSQL refuses FOR UPDATE on the nullable side of an outer join
                # (requested_by may be empty).
                GenerationJob.objects.select_for_update(of=("self",))
                .select_related("tournament", "requested_by")
                .get(pk=job_id)
            )
            if job.status == JobStatus.DONE:  # another worker finished it meanwhile
                return job.round_id
            channel = (job.parameters or {}).get("channel") or "system"
            round_, message = WORK[job.kind](job, Actor(user=job.requested_by, channel=channel))
            _test_only_pause()
            job.round = round_
            job.status, job.progress, job.message = JobStatus.DONE, 100, message[:200]
            job.task_id = task.request.id or ""
            job.save(update_fields=["round", "status", "progress", "message", "task_id"])
            notify_job_progress(job)
    except RoundError as exc:
        set_progress(job_id, 100, str(exc)[:200], status=JobStatus.FAILED)
        GenerationJob.objects.filter(pk=job_id).update(error=str(exc))
        notify_job_progress(GenerationJob.objects.get(pk=job_id))
        return None
    log.info("job %s (%s) done: %s", job_id, job.kind, job.message)
    return job.round_id


@shared_task(bind=True, autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5)
def generate_swiss_round_task(self, job_id: int) -> int | None:
    """Generate the Swiss round a job asks for; returns the round's id."""
    return run_job(self, job_id)


@shared_task(bind=True, autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5)
def elimination_step_task(self, job_id: int) -> int | None:
    """Cut to the elimination, or take it one step on; returns the id of the round it made."""
    return run_job(self, job_id)
