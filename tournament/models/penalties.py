"""Warnings and point penalties a referee gives a side, each with its reason."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class PenaltyKind(models.TextChoices):
    """What a referee may give (docs/staff-tools.md says why there is no game loss here)."""

    WARNING = "warning", _("Warning")
    POINTS = "points", _("Point penalty")


class Penalty(models.Model):
    """A warning or a point penalty given to one side of an event, with the referee's reason.

    A point penalty takes ``points`` off the side's standings total; a warning takes nothing.
    A withdrawn one (``withdrawn_at``, with its own reason) is kept and shown, never counted.
    ``request_key`` is the key the form or the API call sent, so a retried send gives one row.
    """

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="penalties"
    )
    entrant = models.ForeignKey(
        "tournament.Entrant", on_delete=models.CASCADE, related_name="penalties"
    )
    round = models.ForeignKey(
        "tournament.Round", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    kind = models.CharField(max_length=10, choices=PenaltyKind.choices)
    points = models.PositiveSmallIntegerField(
        default=0, help_text=_("Tournament points taken off (0 for a warning).")
    )
    reason = models.TextField()
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    request_key = models.UUIDField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(
        null=True, blank=True, help_text=_("When it was withdrawn (kept, no longer counted).")
    )
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    withdrawal_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "request_key"],
                condition=Q(request_key__isnull=False),
                name="penalty_request_key_once_per_event",
            ),
            models.CheckConstraint(
                condition=Q(kind="warning", points=0) | Q(kind="points", points__gte=1),
                name="penalty_points_match_kind",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.entrant}"
