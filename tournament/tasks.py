"""Celery tasks of the tournament app: generating rounds, reporting progress.

Tasks are acknowledged late (settings), so a worker killed mid-task leaves the message for
another worker; they are idempotent: the round and the job's link to it are written in one
transaction, so a rerun after a crash either finds the finished job or starts from scratch.
"""

import logging

from celery import shared_task
from django.db import OperationalError, transaction

from matches.services.results import Actor
from tournament.models import GenerationJob, JobStatus
from tournament.realtime import notify_job_progress
from tournament.services.rounds import RoundError, generate_swiss_round

log = logging.getLogger(__name__)


def set_progress(job_id: int, progress: int, message: str, status=JobStatus.RUNNING) -> None:
    """Record a job's progress (its own short transaction, so watchers see it at once)."""
    GenerationJob.objects.filter(pk=job_id).update(
        progress=progress, message=message, status=status
    )
    notify_job_progress(GenerationJob.objects.get(pk=job_id))


@shared_task(
    bind=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=5,
)
def generate_swiss_round_task(self, job_id: int) -> int | None:
    """Generate the Swiss round a job asks for; returns the round's id."""
    job = GenerationJob.objects.select_related("tournament", "requested_by").get(pk=job_id)
    if job.status == JobStatus.DONE:
        return job.round_id
    set_progress(job_id, 10, "Reading the standings")
    try:
        with transaction.atomic():
            job = (
                GenerationJob.objects.select_for_update()
                .select_related("tournament", "requested_by")
                .get(pk=job_id)
            )
            if job.status == JobStatus.DONE:  # another worker finished it meanwhile
                return job.round_id
            params = job.parameters or {}
            actor = Actor(user=job.requested_by, channel=params.get("channel") or "system")
            round_ = generate_swiss_round(job.tournament, seed=params.get("seed"), actor=actor)
            job.round = round_
            job.status, job.progress = JobStatus.DONE, 100
            job.message = f"Round {round_.number} paired"
            job.task_id = self.request.id or ""
            job.save(update_fields=["round", "status", "progress", "message", "task_id"])
            notify_job_progress(job)
    except RoundError as exc:
        set_progress(job_id, 100, str(exc)[:200], status=JobStatus.FAILED)
        GenerationJob.objects.filter(pk=job_id).update(error=str(exc))
        notify_job_progress(GenerationJob.objects.get(pk=job_id))
        return None
    log.info("job %s generated round %s", job_id, round_.pk)
    return round_.pk
