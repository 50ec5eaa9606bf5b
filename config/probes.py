"""``/healthz``, ``/readyz`` and ``/metrics``, answered first in the middleware chain.

Probes and scrapers ask by the pod's or container's address over plain HTTP, so these three
answer right after Django's ``SecurityMiddleware`` (which adds its headers and exempts them
from the HTTPS redirect: ``SECURE_REDIRECT_EXEMPT``) and before the host check, sessions, CSRF
and the rate limits: their answers depend on nothing the request says (no host, no cookie), so
no check is bypassed for anything else. Only GET and HEAD; every answer is ``Cache-Control:
no-store``.

* ``/healthz``: the process serves requests (touches nothing else): ``{"status": "ok"}``.
* ``/readyz``: ``config.readiness``'s checks, 200 when all pass, 503 naming the one that did not.
* ``/metrics``: Prometheus's text format, for a request with ``Authorization: Bearer
  <METRICS_TOKEN>``; without the token set, or with another one, 404 like any unknown page.
  With ``PROMETHEUS_MULTIPROC_DIR`` set, the sum of every process of the machine.
"""

from __future__ import annotations

import hmac
import os

from django.conf import settings
from django.http import HttpResponse, HttpResponseNotAllowed, HttpResponseNotFound, JsonResponse
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    generate_latest,
    multiprocess,
)

from config import readiness

READ = ("GET", "HEAD")


def healthz(request) -> HttpResponse:
    return JsonResponse({"status": "ok"})


def readyz(request) -> HttpResponse:
    checks = readiness.run_checks()
    ok = readiness.ready(checks)
    return JsonResponse(
        {"status": "ok" if ok else "unavailable", "checks": checks}, status=200 if ok else 503
    )


def token_matches(request) -> bool:
    """Whether the request carries ``Authorization: Bearer <METRICS_TOKEN>`` (token set)."""
    token = settings.METRICS_TOKEN
    sent = request.META.get("HTTP_AUTHORIZATION", "")
    return bool(token) and hmac.compare_digest(sent.encode(), f"Bearer {token}".encode())


def metrics(request) -> HttpResponse:
    if not token_matches(request):
        return HttpResponseNotFound("Not found", content_type="text/plain")
    registry = REGISTRY
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    return HttpResponse(generate_latest(registry), content_type=CONTENT_TYPE_LATEST)


ANSWERS = {"/healthz": healthz, "/readyz": readyz, "/metrics": metrics}


class ProbesMiddleware:
    """Answer the three paths above before anything else looks at the request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        answer = ANSWERS.get(request.path_info)
        if answer is None:
            return self.get_response(request)
        allowed = request.method in READ
        response = answer(request) if allowed else HttpResponseNotAllowed(READ)
        response["Cache-Control"] = "no-store"
        return response
