"""Keys that make a result action safe to send twice (a phone that retries after a lost answer).

A device makes a random key (a UUID) when a form is first submitted and sends it with every
retry. The result services store the key with what the action made, under the match's lock;
the same key from the same actor again gets that outcome back instead of a second version.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from matches.models.match import Match
from matches.models.results import ResultResponse, ResultVersion


class IdempotentRequest(models.Model):
    """One result action taken under a client's key, and what it made."""

    key = models.UUIDField(help_text=_("The random key the client made for this action."))
    actor = models.CharField(
        max_length=40, help_text='Who sent it: "user:<id>", "entrant:<id>" or both.'
    )
    action = models.CharField(
        max_length=10, help_text=_("report, entry, correct, confirm, dispute.")
    )
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    fingerprint = models.CharField(
        max_length=64, help_text=_("SHA-256 of what was asked, to refuse the key for another body.")
    )
    version = models.ForeignKey(
        ResultVersion, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    response = models.ForeignKey(
        ResultResponse, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["key", "actor"], name="idempotent_key_once_per_actor")
        ]

    def __str__(self) -> str:
        return f"{self.action} {self.key} by {self.actor}"
