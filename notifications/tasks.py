"""The notifications app's Celery tasks, named here for the workers' autodiscovery."""

from notifications.services.delivery import deliver_pushes
from notifications.services.webhook_delivery import deliver_webhook

__all__ = ["deliver_pushes", "deliver_webhook"]
