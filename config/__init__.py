"""Project configuration: settings, URLs, the ASGI/WSGI entry points and the Celery app.

Importing the Celery app here makes ``@shared_task`` use it whenever Django starts.
"""

from config.celery import app as celery_app

__all__ = ["celery_app"]
