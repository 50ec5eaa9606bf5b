"""Choice lists shared by the matches models, the forms and the API."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class MatchStatus(models.TextChoices):
    """Where a game's result stands; the referees' queue reads this."""

    OPEN = "open", _("Waiting for a result")
    REPORTED = "reported", _("Reported, waiting for confirmation")
    DISPUTED = "disputed", _("Disputed")
    ACCEPTED = "accepted", _("Accepted")


class VersionKind(models.TextChoices):
    """How a result version came to be."""

    ENTRY = "entry", _("Entered by a referee")
    REPORT = "report", _("Reported by a player")
    CORRECTION = "correction", _("Corrected by a referee")
    LIVE = "live", _("Proposed by a hosted live game")
    BYE = "bye", _("Bye")


class VersionState(models.TextChoices):
    """A version's standing; exactly one per match may be accepted."""

    PENDING = "pending", _("Waiting for confirmation")
    ACCEPTED = "accepted", _("Accepted")
    SUPERSEDED = "superseded", _("Replaced by a later version")
    REJECTED = "rejected", _("Rejected")


class ResponseDecision(models.TextChoices):
    """What another side of the pod says of a reported result."""

    CONFIRM = "confirm", _("Confirmed")
    DISPUTE = "dispute", _("Disputed")


class LiveGameStatus(models.TextChoices):
    """A hosted live game's life."""

    WAITING = "waiting", _("Waiting for the start")
    RUNNING = "running", _("Running")
    ENDED = "ended", _("Ended")
