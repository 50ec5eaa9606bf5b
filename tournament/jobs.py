"""Requesting background work (round generation) once, whatever the number of clicks.

It sits beside ``tournament.tasks`` (the Celery tasks that run the work through the services),
above the services: the pages and the API ask here, the tasks do the work.

A request creates a ``GenerationJob`` with an idempotency key naming exactly what it will make
(e.g. round 3 of tournament 12); the key is unique in the database, so a second request, a
double click or a second organiser finds the same job instead of making a second round. The
Celery task is enqueued only after the transaction commits.

Enqueueing can fail (Redis down): ``dispatch`` then marks the job failed at once with a message
saying so, instead of leaving it "queued" for ever, and the next request for the same key (the
organiser's retry, from the console or the API) starts it again. Publishing is not retried
inside the request, so the answer comes in a second or two, not after twenty.
"""

import logging
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext
from kombu.exceptions import OperationalError as BrokerUnreachable

from common.audit.actor import SYSTEM, Actor
from common.audit.services import record_change
from common.metrics import JOBS_QUEUED
from tournament import tasks
from tournament.models import (
    GenerationJob,
    JobStatus,
    Round,
    RoundStatus,
    StageKind,
    Tournament,
)
from tournament.services.rounds import RoundError, complete_round, next_swiss_numbers

log = logging.getLogger(__name__)

QUEUE_UNREACHABLE = "the task queue (Redis) could not be reached, so nothing was started"
#: a running job that has not reported progress for this long probably lost its worker
STALLED_AFTER_SECONDS = 30


def dispatch(job: GenerationJob, task) -> bool:
    """Send ``job`` to its Celery task; on a broker failure mark it failed (retryable)."""
    try:
        if task.app.conf.task_always_eager:
            task.apply_async((job.pk,))
        else:
            with task.app.connection_for_write() as connection:
                # One quick attempt: a request must not wait through the broker's retries.
                connection.ensure_connection(max_retries=1, interval_start=0, timeout=2)
                task.apply_async((job.pk,), retry=False, connection=connection)
    except (BrokerUnreachable, ConnectionError, OSError) as exc:
        log.warning("job %s not sent: %s (%s)", job.pk, QUEUE_UNREACHABLE, exc)
        GenerationJob.objects.filter(pk=job.pk, status=JobStatus.QUEUED).update(
            status=JobStatus.FAILED,
            error=f"{QUEUE_UNREACHABLE}; try again in a moment",
            message="Not started",
            updated_at=timezone.now(),
        )
        JOBS_QUEUED.labels(job.kind, "unreachable").inc()
        return False
    JOBS_QUEUED.labels(job.kind, "sent").inc()
    return True


def queue_was_unreachable(job: GenerationJob) -> bool:
    """Whether ``job`` failed because it could not be sent to the task queue."""
    return job.status == JobStatus.FAILED and job.error.startswith(QUEUE_UNREACHABLE)


def redelivery_expected_at(job: GenerationJob):
    """When the queue hands a stalled running job to another worker, or None if not stalled.

    A job reports progress as it goes; one running without a word for ``STALLED_AFTER_SECONDS``
    most likely lost its worker. Its message is redelivered once the broker's visibility
    timeout has passed since the worker took it.
    """
    if job.status != JobStatus.RUNNING or job.updated_at is None:
        return None
    if timezone.now() - job.updated_at < timedelta(seconds=STALLED_AFTER_SECONDS):
        return None
    timeout = settings.CELERY_BROKER_TRANSPORT_OPTIONS.get("visibility_timeout", 3600)
    return job.updated_at + timedelta(seconds=timeout)


def next_swiss_round_key(tournament: Tournament) -> str:
    """The idempotency key of the round that follows the last complete Swiss round.

    While a round is still being played, asking again names that same round, so the request
    finds the job that made it.
    """
    done = tournament.rounds.filter(
        stage__kind=StageKind.SWISS, status=RoundStatus.COMPLETE
    ).count()
    return f"tournament:{tournament.pk}:swiss-round:{done + 1}"


def _request(tournament, kind, key, actor: Actor, parameters, task_name):
    """Find the job under ``key``, or create it and enqueue its task after the commit.

    A failed job under the same key is started again (same row, new attempt). A new request
    is audited as ``<kind>.requested`` with the actor, whichever door it came through.
    """
    user = actor.user
    parameters = {**parameters, "channel": actor.channel}
    task = getattr(tasks, task_name)
    existing = GenerationJob.objects.filter(idempotency_key=key).first()
    if existing and existing.status != JobStatus.FAILED:
        return existing, False
    try:
        with transaction.atomic():
            if existing:
                existing.status, existing.error, existing.progress = JobStatus.QUEUED, "", 0
                existing.parameters = parameters
                existing.save(
                    update_fields=["status", "error", "progress", "parameters", "updated_at"]
                )
                job = existing
            else:
                job = GenerationJob.objects.create(
                    tournament=tournament,
                    kind=kind,
                    idempotency_key=key,
                    parameters=parameters,
                    requested_by=user if getattr(user, "is_authenticated", False) else None,
                )
            record_change(
                tournament,
                "round.generation_requested",
                job,
                after={"job": job.pk, "key": job.idempotency_key, "kind": kind},
                actor=actor,
            )
            transaction.on_commit(lambda: dispatch(job, task))
    except IntegrityError:
        return GenerationJob.objects.get(idempotency_key=key), False
    return job, True


def request_swiss_round(
    tournament: Tournament, actor: Actor = SYSTEM, *, seed: int | None = None
) -> tuple[GenerationJob, bool]:
    """Find or create the job that generates the next Swiss round; True when it is new.

    ``seed`` reproduces a stored pairing; the actor's channel is kept for the audit entry the
    task writes. What the task would refuse is refused at once
    (``RoundError``).
    """
    key = next_swiss_round_key(tournament)
    if (
        not GenerationJob.objects.filter(idempotency_key=key)
        .exclude(status=JobStatus.FAILED)
        .exists()
    ):
        next_swiss_numbers(tournament)
    parameters = {"seed": seed}
    return _request(tournament, "swiss_round", key, actor, parameters, "generate_swiss_round_task")


def close_round_and_pair_next(
    round_: Round, *, reason: str = "", actor: Actor = SYSTEM
) -> tuple[Round, GenerationJob]:
    """The round turnover in one step: close a Swiss round and ask for the round after it.

    One transaction, the tournament row locked first and then the round (the order generating
    a round takes): ``complete_round`` closes it with all its refusals (a table without an
    accepted result needs ``reason``) and its ``round.completed`` entry, and the job for the
    next Swiss round is requested as ``request_swiss_round`` would (``round.generation_
    requested``; the task is enqueued after the commit). If no Swiss round can follow (this
    was the last, or too few sides are left), nothing is closed and ``RoundError`` says why.
    Returns the closed round and the job.
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=round_.tournament_id)
        current = Round.objects.select_related("stage").get(pk=round_.pk)
        if current.stage.kind != StageKind.SWISS:
            raise RoundError(
                gettext(
                    "round %(number)s is not a Swiss round: close it, then take the "
                    "elimination on from the rounds page"
                )
                % {"number": current.number}
            )
        if current.status == RoundStatus.DRAFT:
            raise RoundError(
                gettext("round %(number)s is a draft: publish and play it first")
                % {"number": current.number}
            )
        closed = complete_round(current, reason=reason, actor=actor)
        try:
            next_swiss_numbers(tournament)
        except RoundError as exc:
            raise RoundError(
                gettext("%(why)s, so close round %(number)s on its own")
                % {"why": exc, "number": closed.number}
            ) from exc
        job, _ = _request(
            tournament,
            "swiss_round",
            next_swiss_round_key(tournament),
            actor,
            {"seed": None},
            "generate_swiss_round_task",
        )
    return closed, job


def request_elimination_step(
    tournament: Tournament, actor: Actor = SYSTEM
) -> tuple[GenerationJob, bool]:
    """Find or create the job that cuts to the elimination or takes it one step on.

    The cut is asked for once per event; each later step is named by the number of rounds it
    follows. Refused at once (``RoundError``) while a round is unfinished.
    """
    unfinished = tournament.rounds.exclude(status=RoundStatus.COMPLETE).order_by("number")
    if unfinished.exists():
        raise RoundError(
            gettext("round %(number)s is not complete yet") % {"number": unfinished.first().number}
        )
    if not tournament.stages.exclude(kind=StageKind.SWISS).exists():
        kind, key = "elimination_start", f"tournament:{tournament.pk}:elimination-start"
    else:
        done = tournament.rounds.count()
        kind, key = "elimination_advance", f"tournament:{tournament.pk}:elimination:after-{done}"
    return _request(tournament, kind, key, actor, {}, "elimination_step_task")
