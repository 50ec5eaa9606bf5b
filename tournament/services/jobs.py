"""Requesting background work (round generation) once, whatever the number of clicks.

A request creates a ``GenerationJob`` with an idempotency key naming exactly what it will make
(e.g. round 3 of tournament 12); the key is unique in the database, so a second request, a
double click or a second organiser finds the same job instead of making a second round. The
Celery task is enqueued only after the transaction commits.
"""

from django.db import IntegrityError, transaction

from tournament.models import GenerationJob, JobStatus, RoundStatus, StageKind, Tournament
from tournament.services.rounds import next_swiss_numbers


def next_swiss_round_key(tournament: Tournament) -> str:
    """The idempotency key of the round that follows the last complete Swiss round.

    While a round is still being played, asking again names that same round, so the request
    finds the job that made it.
    """
    done = tournament.rounds.filter(
        stage__kind=StageKind.SWISS, status=RoundStatus.COMPLETE
    ).count()
    return f"tournament:{tournament.pk}:swiss-round:{done + 1}"


def request_swiss_round(
    tournament: Tournament, user=None, *, seed: int | None = None, channel: str = "system"
) -> tuple[GenerationJob, bool]:
    """Find or create the job that generates the next Swiss round; True when it is new.

    ``seed`` reproduces a stored pairing; ``channel`` says through which door the request came
    (kept for the audit entry the task writes).
    """
    from tournament.tasks import generate_swiss_round_task

    key = next_swiss_round_key(tournament)
    existing = GenerationJob.objects.filter(idempotency_key=key).first()
    if existing and existing.status != JobStatus.FAILED:
        return existing, False
    next_swiss_numbers(tournament)  # refuse at once what the task would refuse (RoundError)
    try:
        with transaction.atomic():
            parameters = {"seed": seed, "channel": channel}
            if existing:  # a failed attempt: start it again under the same key
                existing.status, existing.error, existing.progress = JobStatus.QUEUED, "", 0
                existing.parameters = parameters
                existing.save(
                    update_fields=["status", "error", "progress", "parameters", "updated_at"]
                )
                job = existing
            else:
                job = GenerationJob.objects.create(
                    tournament=tournament,
                    kind="swiss_round",
                    idempotency_key=key,
                    parameters=parameters,
                    requested_by=user if getattr(user, "is_authenticated", False) else None,
                )
            transaction.on_commit(lambda: generate_swiss_round_task.delay(job.pk))
    except IntegrityError:
        return GenerationJob.objects.get(idempotency_key=key), False
    return job, True
