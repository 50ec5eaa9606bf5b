"""Results with every version kept, and the other sides' confirmations and disputes.

Nothing here is ever overwritten: a new submission, a correction or a live game's proposal is a
new ``ResultVersion``; a trigger refuses any change to a saved version's content, and the
database lets at most one version of a match be accepted.
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from common.audit.models import Provenance
from matches.models.choices import ResponseDecision, VersionKind, VersionState
from matches.models.match import Match


class ResultVersion(Provenance):
    """One version of a game's result: the report as given and the engine's ranking of it."""

    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="result_versions")
    number = models.PositiveIntegerField(help_text=_("1, 2, ... per match."))
    kind = models.CharField(max_length=10, choices=VersionKind.choices)
    state = models.CharField(
        max_length=10, choices=VersionState.choices, default=VersionState.PENDING
    )
    report = models.JSONField(help_text=_("The result as reported, in the game system's format."))
    placings = models.JSONField(
        default=list, blank=True, help_text=_("The engine's ranking: place, points, stats by side.")
    )
    reason = models.TextField(blank=True, help_text=_("Required for a referee's correction."))
    supersedes = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="superseded_by"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="version_number_unique"),
            models.UniqueConstraint(
                fields=["match"],
                condition=Q(state=VersionState.ACCEPTED),
                name="version_one_accepted_per_match",
            ),
            models.CheckConstraint(
                condition=~Q(kind=VersionKind.CORRECTION) | ~Q(reason=""),
                name="version_correction_needs_reason",
            ),
        ]
        indexes = [
            # the event's newest accepted result since a moment (a live page catching up,
            # ``tournament.services.live_news``): a short walk back from the newest, not a scan
            models.Index(
                fields=["decided_at"],
                condition=Q(state=VersionState.ACCEPTED),
                name="version_accepted_decided_at",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} v{self.number} ({self.state})"

    def named_placings(self, names: dict) -> list[dict]:
        """The placings with each side's display name (``names``: side id -> name)."""
        return [dict(row, name=names.get(row["side"], row["side"])) for row in self.placings]


class ResultResponse(Provenance):
    """Another side's confirmation or dispute of a pending version."""

    version = models.ForeignKey(ResultVersion, on_delete=models.PROTECT, related_name="responses")
    decision = models.CharField(max_length=8, choices=ResponseDecision.choices)
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["version", "created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["version", "entrant"],
                condition=Q(entrant__isnull=False),
                name="response_once_per_side",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_decision_display()} of {self.version}"
