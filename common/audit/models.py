"""The audit trail: every change to a tournament, with its before and after.

``Provenance`` (who did something, when, through which door, from where) is shared with the
logs of the matches app (result versions, answers, live events). The entries' table keeps the
name it was made with in the matches app (``matches_auditentry``): moving the model here moved
no row (``common/audit/migrations/0001_initial.py``).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from common.audit.channels import Channel


class Provenance(models.Model):
    """Who did something, when, through which door and from where (shared by the logs)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entrant = models.ForeignKey(
        "tournament.Entrant",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=_("The side acting through its private link."),
    )
    channel = models.CharField(max_length=8, choices=Channel.choices, default=Channel.PAGE)
    ip_address = models.GenericIPAddressField(null=True, blank=True)
    user_agent = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        abstract = True


class AuditEntry(Provenance):
    """One recorded change: what was acted on, what it was, what it became, and why."""

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="audit_entries"
    )
    action = models.CharField(max_length=40, help_text=_("e.g. result.corrected, round.published."))
    target_type = models.CharField(max_length=40)
    target_id = models.CharField(max_length=40, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)

    class Meta:
        db_table = "matches_auditentry"
        ordering = ["-created_at", "-id"]
        verbose_name_plural = _("audit entries")
        indexes = [models.Index(fields=["tournament", "created_at"])]

    def __str__(self) -> str:
        return f"{self.action} {self.target_type} {self.target_id}"
