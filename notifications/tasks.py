"""The notifications app's Celery tasks, named here for the workers' autodiscovery."""

from notifications.services.delivery import deliver_pushes

__all__ = ["deliver_pushes"]
