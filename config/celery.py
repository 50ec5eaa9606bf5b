"""The Celery application. Tasks live in each app's ``tasks.py`` and are found automatically.

Its settings are the ``CELERY_*`` names in ``config.settings``: eager (in-process) on the embedded
default, a Redis broker with real workers when ``REDIS_URL`` is set. A task carries the request
id of the request that sent it (``config.request_id``), and each worker writes a heartbeat for
``/readyz`` (``config.worker_heartbeat``).
"""

import os

from celery import Celery, signals

from config import request_id
from config.worker_heartbeat import WorkerHeartbeat

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("eye_tournaments")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.steps["consumer"].add(WorkerHeartbeat)

signals.before_task_publish.connect(request_id.stamp_task, weak=False)
signals.task_prerun.connect(request_id.enter_task, weak=False)
signals.task_postrun.connect(request_id.leave_task, weak=False)
