"""The notifications app's tables: devices' push subscriptions, and outgoing webhooks."""

from notifications.models.push import MAX_DEVICES_PER_OWNER, MAX_FAILURES, PushSubscription
from notifications.models.webhooks import (
    MAX_ENDPOINTS_PER_OWNER,
    MAX_URL_LENGTH,
    WebhookDelivery,
    WebhookEndpoint,
    WebhookKind,
)

__all__ = [
    "MAX_DEVICES_PER_OWNER",
    "MAX_ENDPOINTS_PER_OWNER",
    "MAX_FAILURES",
    "MAX_URL_LENGTH",
    "PushSubscription",
    "WebhookDelivery",
    "WebhookEndpoint",
    "WebhookKind",
]
