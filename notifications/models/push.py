"""A device's push subscription, and whose it is: a side's private link, or a member of staff.

A player needs no account: the subscription belongs to the entrant whose private link posted
it, and goes with the entrant (or a replaced link: ``forget_devices``). A referee's belongs to
the user and the event whose desk they subscribed at; they hear of that event's disputes while
they are on its staff. The endpoint and keys are what the browser's ``PushSubscription`` gave
(checked by ``common.webpush.subscription_data``); the endpoint is a capability - whoever knows
it can push to the device - so it is never logged or shown.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from common.webpush.subscription_data import MAX_ENDPOINT_LENGTH

#: consecutive failed sends after which a subscription is given up
MAX_FAILURES = 10
#: devices one owner (a side's link, or one referee at one event) may have subscribed
MAX_DEVICES_PER_OWNER = 10


class PushSubscription(models.Model):
    """One device (browser) that receives one owner's notifications."""

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    entrant = models.ForeignKey(
        "tournament.Entrant",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="push_subscriptions",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="push_subscriptions",
    )
    endpoint = models.CharField(max_length=MAX_ENDPOINT_LENGTH)
    p256dh = models.CharField(max_length=100, help_text=_("The device's P-256 key, base64url."))
    auth = models.CharField(max_length=40, help_text=_("The device's auth secret, base64url."))
    created_at = models.DateTimeField(auto_now_add=True)
    last_success_at = models.DateTimeField(null=True, blank=True)
    last_failure_at = models.DateTimeField(null=True, blank=True)
    failures = models.PositiveIntegerField(
        default=0, help_text=_("Failed sends since the last one that arrived.")
    )
    last_error = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(entrant__isnull=False, user__isnull=True)
                | Q(entrant__isnull=True, user__isnull=False),
                name="push_subscription_one_owner",
            ),
            models.UniqueConstraint(
                fields=["endpoint", "entrant"],
                condition=Q(entrant__isnull=False),
                name="push_subscription_once_per_entrant",
            ),
            models.UniqueConstraint(
                fields=["endpoint", "user", "tournament"],
                condition=Q(user__isnull=False),
                name="push_subscription_once_per_staff_event",
            ),
        ]
        indexes = [models.Index(fields=["tournament", "user"])]

    def __str__(self) -> str:
        owner = f"entrant {self.entrant_id}" if self.entrant_id else f"user {self.user_id}"
        return f"push subscription {self.pk} of {owner}"
