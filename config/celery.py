"""The Celery application. Tasks live in each app's ``tasks.py`` and are found automatically.

Its settings are the ``CELERY_*`` names in ``config.settings``: eager (in-process) on the embedded
default, a Redis broker with real workers when ``REDIS_URL`` is set. A task carries the request
id of the request that sent it (``config.request_id``), and each worker writes a heartbeat for
``/readyz`` (``config.worker_heartbeat``). With ``LOG_FORMAT=json`` a worker logs through the
project's ``LOGGING`` (JSON lines), not Celery's own plain format.
"""

import logging.config
import os

from celery import Celery, signals
from django.conf import settings

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


def json_worker_logs(logger=None, **kwargs) -> None:
    """Celery ``after_setup_logger`` / ``after_setup_task_logger``: with ``LOG_FORMAT=json``,
    the project's logging again in place of the handlers Celery just set up."""
    if settings.LOG_FORMAT != "json":
        return
    if logger is not None and logger is not logging.getLogger():
        logger.handlers, logger.propagate = [], True  # the task logger: through the root
        return
    logging.config.dictConfig(settings.LOGGING)


signals.after_setup_logger.connect(json_worker_logs, weak=False)
signals.after_setup_task_logger.connect(json_worker_logs, weak=False)
