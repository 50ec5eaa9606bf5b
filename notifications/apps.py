"""The notifications app."""

from django.apps import AppConfig

from notifications import checks  # noqa: F401 - registers the VAPID settings check


class NotificationsConfig(AppConfig):
    """Web Push subscriptions and the pushes sent to them."""

    name = "notifications"
