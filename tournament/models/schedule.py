"""The event's timeline: stages (Swiss, elimination rounds, final, tie-breaks) and their rounds."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournament.models.choices import (
    JobStatus,
    RoundStatus,
    StageKind,
    pairing_method_choices,
)
from tournament.models.event import Tournament


class Stage(models.Model):
    """One part of an event, played as one or more rounds."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="stages")
    kind = models.CharField(max_length=14, choices=StageKind.choices)
    sequence = models.PositiveSmallIntegerField(help_text=_("Order of the stage in the event."))
    label = models.CharField(max_length=60, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "sequence"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "sequence"], name="stage_sequence_unique_in_tournament"
            ),
            # Tie-breaks may happen several times; every other stage happens once.
            models.UniqueConstraint(
                fields=["tournament", "kind"],
                condition=~Q(kind=StageKind.TIE_BREAK),
                name="stage_kind_once_per_tournament",
            ),
        ]

    def __str__(self) -> str:
        return self.label or self.get_kind_display()

    @property
    def shown_name(self) -> str:
        """The stage's name in the reader's language: the stored label is the English one the
        code gave it ("Swiss rounds", "Qualifying rounds"), which the catalogues translate."""
        return gettext(self.label) if self.label else str(self.get_kind_display())


class Round(models.Model):
    """All tables playing at the same time: paired, published, played on the clock, closed."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(help_text=_("1, 2, ... across the whole event."))
    number_in_stage = models.PositiveSmallIntegerField(default=1)
    status = models.CharField(max_length=10, choices=RoundStatus.choices, default=RoundStatus.DRAFT)
    pairing_method = models.CharField(max_length=10, choices=pairing_method_choices, blank=True)
    seed = models.BigIntegerField(help_text=_("The random seed that reproduces this pairing."))
    pairing_report = models.JSONField(
        default=dict, blank=True, help_text=_("How the round was paired, for anyone to check.")
    )
    paired_on_earlier_standings = models.BooleanField(
        default=False,
        help_text=_("A result of an earlier round changed after this round was paired."),
    )
    game_length_seconds = models.PositiveIntegerField(default=300)
    clock_started_at = models.DateTimeField(null=True, blank=True)
    clock_ends_at = models.DateTimeField(null=True, blank=True)
    clock_paused_remaining_ms = models.PositiveIntegerField(
        null=True, blank=True, help_text=_("Set while the clock is paused.")
    )
    clock_added_ms = models.IntegerField(
        default=0,
        help_text=_("Game time added by extensions, less the time cut by ending early."),
    )
    clock_calls = models.JSONField(
        default=dict,
        blank=True,
        help_text=_("The scoring calls' plan, fixed when the clock starts (empty: no calls)."),
    )
    published_at = models.DateTimeField(null=True, blank=True)
    completed_at = models.DateTimeField(null=True, blank=True)
    closed_reason = models.TextField(
        blank=True, help_text=_("Why the organiser closed it with results missing.")
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="round_number_unique_in_tournament"
            ),
            models.UniqueConstraint(
                fields=["stage", "number_in_stage"], name="round_number_unique_in_stage"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} - round {self.number}"

    @property
    def game_of_stage(self) -> str:
        """The game's number in a stage of several games ("game 2 of 3" in the final), or ""."""
        if self.stage.kind != StageKind.FINAL:
            return ""  # the other stages play one game (no query for them)
        games = self.stage.rounds.count()
        return f"game {self.number_in_stage} of {games}" if games > 1 else ""


class GenerationJob(models.Model):
    """A request to generate a round or a stage, run by a Celery task, with its progress.

    The idempotency key makes a second request (a double click, a retry after a crash) find the
    job that already exists instead of generating twice.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="jobs")
    kind = models.CharField(max_length=30, help_text=_("e.g. swiss_round, elimination, advance."))
    idempotency_key = models.CharField(max_length=120, unique=True)
    parameters = models.JSONField(
        default=dict, blank=True, help_text=_("What the request asked for, e.g. a seed to reuse.")
    )
    status = models.CharField(max_length=8, choices=JobStatus.choices, default=JobStatus.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0, help_text=_("0 to 100."))
    message = models.CharField(max_length=200, blank=True)
    task_id = models.CharField(max_length=64, blank=True)
    round = models.ForeignKey(
        Round, null=True, blank=True, on_delete=models.SET_NULL, related_name="jobs"
    )
    error = models.TextField(blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(condition=Q(progress__lte=100), name="job_progress_0_to_100")
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.tournament} ({self.status})"
