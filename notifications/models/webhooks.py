"""Outgoing webhooks: an endpoint that an event or an organisation sends its news to, and the
log of every attempt to deliver it.

An endpoint belongs to exactly one owner (a database check): an event, or an organisation
(which then hears of all its events). Its secret signs every message (``notifications.logic.
webhook_signature``); the pages show it once, when it is made or rotated. After
``DISABLE_AFTER_FAILURES`` failed attempts in a row, or failures for ``DISABLE_AFTER_HOURS``,
it is switched off and its owner told (``notifications.services.webhook_delivery``).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

MAX_URL_LENGTH = 500
#: endpoints one event or one organisation may have
MAX_ENDPOINTS_PER_OWNER = 5
#: failed attempts in a row after which an endpoint is switched off
DISABLE_AFTER_FAILURES = 10
#: hours of failing (no success since the first failure) after which it is switched off
DISABLE_AFTER_HOURS = 24
#: deliveries kept per endpoint (the oldest go first), and days any is kept at most
KEEP_DELIVERIES = 100
KEEP_DAYS = 30


class WebhookKind(models.TextChoices):
    STANDARD = "standard", _("Signed JSON (Standard Webhooks)")
    DISCORD = "discord", _("Discord channel")


class WebhookEndpoint(models.Model):
    """A URL that receives an event's (or an organisation's) news as signed POSTs."""

    tournament = models.ForeignKey(
        "tournament.Tournament",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="webhook_endpoints",
    )
    organisation = models.ForeignKey(
        "leagues.Organisation",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="webhook_endpoints",
    )
    kind = models.CharField(
        max_length=10, choices=WebhookKind.choices, default=WebhookKind.STANDARD
    )
    url = models.CharField(max_length=MAX_URL_LENGTH)
    events = models.JSONField(default=list, help_text=_("The event types it receives."))
    secret = models.CharField(max_length=64, help_text=_("whsec_...: signs every message."))
    active = models.BooleanField(default=True)
    consecutive_failures = models.PositiveIntegerField(default=0)
    failing_since = models.DateTimeField(null=True, blank=True)
    last_success_at = models.DateTimeField(null=True, blank=True)
    disabled_reason = models.CharField(max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(tournament__isnull=False, organisation__isnull=True)
                | Q(tournament__isnull=True, organisation__isnull=False),
                name="webhook_endpoint_one_owner",
            ),
        ]

    def __str__(self) -> str:
        owner = (
            f"event {self.tournament_id}" if self.tournament_id else f"org {self.organisation_id}"
        )
        return f"webhook {self.pk} of {owner}"


class WebhookDelivery(models.Model):
    """One attempt to deliver one message to one endpoint, and how it went."""

    endpoint = models.ForeignKey(
        WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries"
    )
    message_id = models.CharField(max_length=40)
    event_type = models.CharField(max_length=40)
    attempt = models.PositiveSmallIntegerField()
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    duration_ms = models.PositiveIntegerField(default=0)
    error = models.CharField(max_length=200, blank=True)
    response_excerpt = models.CharField(max_length=500, blank=True)
    retry_in = models.FloatField(
        null=True,
        blank=True,
        help_text=_("Seconds until the next attempt; empty when none follows."),
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["endpoint", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.event_type} {self.message_id} attempt {self.attempt}"
