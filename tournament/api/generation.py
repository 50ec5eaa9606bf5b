"""Starting the generation of a round, kept apart from the view so it can move to Celery.

Today the round is paired inside the request and the view answers 201 with it. The Celery
version will create a ``GenerationJob`` (with an idempotency key), queue the task and let the
view answer 202 with the job; only ``start_swiss_round`` and the view's response change.
"""

from dataclasses import dataclass

from tournament.models import Round, Tournament
from tournament.services.rounds import generate_swiss_round


@dataclass(frozen=True)
class GenerationOutcome:
    """What a generation request produced: the round now, or (later) a queued job."""

    round: Round | None = None
    job: object = None


def start_swiss_round(tournament: Tournament, *, seed: int | None = None) -> GenerationOutcome:
    """Pair the next Swiss round of ``tournament`` (raises ``RoundError`` when it cannot)."""
    return GenerationOutcome(round=generate_swiss_round(tournament, seed=seed))
