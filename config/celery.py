"""The Celery application. Tasks live in each app's ``tasks.py`` and are found automatically.

Its settings are the ``CELERY_*`` names in ``config.settings``: eager (in-process) on the embedded
default, a Redis broker with real workers when ``REDIS_URL`` is set.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("eye_tournaments")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
