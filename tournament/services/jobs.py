"""Requesting background work (round generation) once, whatever the number of clicks.

A request creates a ``GenerationJob`` with an idempotency key naming exactly what it will make
(e.g. round 3 of tournament 12); the key is unique in the database, so a second request, a
double click or a second organiser finds the same job instead of making a second round. The
Celery task is enqueued only after the transaction commits.
"""

from django.db import IntegrityError, transaction

from tournament.models import GenerationJob, JobStatus, RoundStatus, StageKind, Tournament
from tournament.services.rounds import RoundError, next_swiss_numbers


def next_swiss_round_key(tournament: Tournament) -> str:
    """The idempotency key of the round that follows the last complete Swiss round.

    While a round is still being played, asking again names that same round, so the request
    finds the job that made it.
    """
    done = tournament.rounds.filter(
        stage__kind=StageKind.SWISS, status=RoundStatus.COMPLETE
    ).count()
    return f"tournament:{tournament.pk}:swiss-round:{done + 1}"


def _request(tournament, kind, key, user, parameters, task_name) -> tuple[GenerationJob, bool]:
    """Find the job under ``key``, or create it and enqueue its task after the commit.

    A failed job under the same key is started again (same row, new attempt).
    """
    from tournament import tasks

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
            transaction.on_commit(lambda: task.delay(job.pk))
    except IntegrityError:
        return GenerationJob.objects.get(idempotency_key=key), False
    return job, True


def request_swiss_round(
    tournament: Tournament, user=None, *, seed: int | None = None, channel: str = "system"
) -> tuple[GenerationJob, bool]:
    """Find or create the job that generates the next Swiss round; True when it is new.

    ``seed`` reproduces a stored pairing; ``channel`` says through which door the request came
    (kept for the audit entry the task writes). What the task would refuse is refused at once
    (``RoundError``).
    """
    key = next_swiss_round_key(tournament)
    if (
        not GenerationJob.objects.filter(idempotency_key=key)
        .exclude(status=JobStatus.FAILED)
        .exists()
    ):
        next_swiss_numbers(tournament)
    parameters = {"seed": seed, "channel": channel}
    return _request(tournament, "swiss_round", key, user, parameters, "generate_swiss_round_task")


def request_elimination_step(
    tournament: Tournament, user=None, *, channel: str = "system"
) -> tuple[GenerationJob, bool]:
    """Find or create the job that cuts to the elimination or takes it one step on.

    The cut is asked for once per event; each later step is named by the number of rounds it
    follows. Refused at once (``RoundError``) while a round is unfinished.
    """
    unfinished = tournament.rounds.exclude(status=RoundStatus.COMPLETE).order_by("number")
    if unfinished.exists():
        raise RoundError(f"round {unfinished.first().number} is not complete yet")
    if not tournament.stages.exclude(kind=StageKind.SWISS).exists():
        kind, key = "elimination_start", f"tournament:{tournament.pk}:elimination-start"
    else:
        done = tournament.rounds.count()
        kind, key = "elimination_advance", f"tournament:{tournament.pk}:elimination:after-{done}"
    return _request(tournament, kind, key, user, {"channel": channel}, "elimination_step_task")
