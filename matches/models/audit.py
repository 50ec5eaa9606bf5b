"""The audit trail: every change to a tournament, with its before and after."""

from django.db import models

from matches.models.results import Provenance


class AuditEntry(Provenance):
    """One recorded change: what was acted on, what it was, what it became, and why."""

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="audit_entries"
    )
    action = models.CharField(max_length=40, help_text="e.g. result.corrected, round.published.")
    target_type = models.CharField(max_length=40)
    target_id = models.CharField(max_length=40, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "audit entries"
        indexes = [models.Index(fields=["tournament", "created_at"])]

    def __str__(self) -> str:
        return f"{self.action} {self.target_type} {self.target_id}"
