"""A request id on every log line of a request, and of the Celery jobs the request started.

``RequestIdMiddleware`` takes the id from an incoming ``X-Request-ID`` when it is sane (1 to 64
letters, digits, ``.``, ``_``, ``:`` or ``-``: what proxies and load balancers send), otherwise
makes one (32 hex digits); it holds the id in a context variable until the request is finished
(Django's ``request_finished`` signal) and returns it as the response's ``X-Request-ID``.
``AddRequestId`` (a logging filter) writes the id on every record. A task published while the
id is set carries it in its message headers (``stamp_task``, Celery's ``before_task_publish``
signal) and the worker sets it again for the task's run (``enter_task`` / ``leave_task``); an
eager task runs inside the request and keeps it.
"""

from __future__ import annotations

import logging
import re
import uuid
from contextvars import ContextVar

from django.core.signals import request_finished

HEADER = "X-Request-ID"
TASK_HEADER = "eye_request_id"
SANE = re.compile(r"[A-Za-z0-9._:-]{1,64}")

current: ContextVar[str | None] = ContextVar("request_id", default=None)


def sane_or_new(value: str | None) -> str:
    """``value`` when it is a sane request id, else a new random one."""
    if value and SANE.fullmatch(value):
        return value
    return uuid.uuid4().hex


class RequestIdMiddleware:
    """Give each request its id for its log lines and answer it as ``X-Request-ID``."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request_id = sane_or_new(request.META.get("HTTP_X_REQUEST_ID"))
        request.request_id = request_id
        current.set(request_id)  # until the request is finished (``forget``)
        response = self.get_response(request)
        response[HEADER] = request_id
        return response


def forget(**kwargs) -> None:
    """``request_finished``: the request's id ends with it, after Django's own last lines
    about the request ("Not Found: ...", logged once the middleware has answered)."""
    current.set(None)


request_finished.connect(forget, dispatch_uid="config.request_id.forget")


class AddRequestId(logging.Filter):
    """Write the current request id (or None) on every record as ``request_id``."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "request_id", None) is None:
            record.request_id = current.get()
        return True


def stamp_task(headers=None, **kwargs) -> None:
    """Celery ``before_task_publish``: the current request's id goes with the task."""
    request_id = current.get()
    if request_id is not None and headers is not None:
        headers[TASK_HEADER] = request_id


def enter_task(task=None, **kwargs) -> None:
    """Celery ``task_prerun``: a worker runs the task under the id it was sent with."""
    if task is None or task.request.is_eager:
        return  # an eager task runs inside the request, under its id already
    task.request.request_id_mark = current.set(sane_or_new(task.request.get(TASK_HEADER)))


def leave_task(task=None, **kwargs) -> None:
    """Celery ``task_postrun``: the worker forgets the task's id."""
    mark = getattr(getattr(task, "request", None), "request_id_mark", None)
    if mark is not None:
        current.reset(mark)
        task.request.request_id_mark = None
