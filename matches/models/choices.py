"""Choice lists shared by the matches models, the forms and the API."""

from django.db import models


class MatchStatus(models.TextChoices):
    """Where a game's result stands; the referees' queue reads this."""

    OPEN = "open", "Waiting for a result"
    REPORTED = "reported", "Reported, waiting for confirmation"
    DISPUTED = "disputed", "Disputed"
    ACCEPTED = "accepted", "Accepted"


class VersionKind(models.TextChoices):
    """How a result version came to be."""

    ENTRY = "entry", "Entered by a referee"
    REPORT = "report", "Reported by a player"
    CORRECTION = "correction", "Corrected by a referee"
    LIVE = "live", "Proposed by a hosted live game"
    BYE = "bye", "Bye"


class VersionState(models.TextChoices):
    """A version's standing; exactly one per match may be accepted."""

    PENDING = "pending", "Waiting for confirmation"
    ACCEPTED = "accepted", "Accepted"
    SUPERSEDED = "superseded", "Replaced by a later version"
    REJECTED = "rejected", "Rejected"


class ResponseDecision(models.TextChoices):
    """What another side of the pod says of a reported result."""

    CONFIRM = "confirm", "Confirmed"
    DISPUTE = "dispute", "Disputed"


class LiveGameStatus(models.TextChoices):
    """A hosted live game's life."""

    WAITING = "waiting", "Waiting for the start"
    RUNNING = "running", "Running"
    ENDED = "ended", "Ended"
