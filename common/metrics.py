"""The Prometheus metrics, declared once (prometheus-client), and small helpers to count them.

Each process counts in memory; with ``PROMETHEUS_MULTIPROC_DIR`` set (before the process
starts) prometheus-client writes the values to files in that folder instead, and ``/metrics``
on any process of the machine sums every process's files (``config.probes``). Labels are
bounded sets: a route is the URL pattern's name, never the path; a kind, status or channel is
one of the project's own names. docs/operations.md says what each metric means.
"""

from __future__ import annotations

import atexit
import os

from django.db import transaction
from prometheus_client import Counter, Gauge, Histogram, multiprocess

HTTP_REQUESTS = Counter(
    "eye_http_requests",
    "HTTP requests answered, by route name, method and status code.",
    ["route", "method", "status"],
)
HTTP_LATENCY = Histogram(
    "eye_http_request_duration_seconds",
    "Time from the request entering the middleware to its response, by route name.",
    ["route"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
WEBSOCKETS_OPEN = Gauge(
    "eye_websockets_open",
    "Websockets open now, by consumer.",
    ["consumer"],
    multiprocess_mode="livesum",
)
LIVE_PUSHES = Counter(
    "eye_live_pushes",
    "Messages handed to the channel layer for the live pages (sent) or lost on the way (failed).",
    ["outcome"],
)
WEB_PUSHES = Counter(
    "eye_web_pushes",
    "Web Push sends to phones: delivered, gone (subscription dropped by the browser) or failed.",
    ["outcome"],
)
RESULTS_SUBMITTED = Counter(
    "eye_results_submitted",
    "Result actions committed, by kind (entry, report, confirm, dispute, correct) and channel.",
    ["kind", "channel"],
)
JOBS_QUEUED = Counter(
    "eye_jobs_queued",
    "Background jobs handed to the task queue (sent) or refused by it (unreachable), by kind.",
    ["kind", "outcome"],
)
JOB_DURATION = Histogram(
    "eye_job_duration_seconds",
    "Time a worker spent on a job, by kind and how it ended (done, failed, error).",
    ["kind", "status"],
    buckets=(0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300),
)
RATE_LIMIT_REFUSALS = Counter(
    "eye_rate_limit_refusals",
    "Requests refused with 429 by a rate limit, by scope.",
    ["scope"],
)


def count_result_on_commit(kind: str, channel: str) -> None:
    """Count one result action once its transaction commits (a rolled-back one never counts)."""
    transaction.on_commit(lambda: RESULTS_SUBMITTED.labels(kind, str(channel)).inc())


def forget_gauges_at_exit() -> None:
    """In multiprocess mode, drop this process's gauge values (open websockets) when it exits,
    so a restarted server's old sockets are not counted on (a killed one's stay until the
    folder is emptied at the next start)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        atexit.register(multiprocess.mark_process_dead, os.getpid())
