"""``RequestMetricsMiddleware``: every HTTP request counted and timed, by its route's name.

The route is the resolved URL pattern's name (``tournament:standings``), or its pattern when it
has none, never the address itself (whose slugs and tokens would make a label per event and
per player); a request that resolved to nothing (a 404, a static file) is ``<unresolved>``.
"""

from __future__ import annotations

import time

from common.metrics import HTTP_LATENCY, HTTP_REQUESTS

UNRESOLVED = "<unresolved>"


def route_of(request) -> str:
    """The name of the route ``request`` resolved to (its pattern when unnamed)."""
    match = getattr(request, "resolver_match", None)
    if match is None:
        return UNRESOLVED
    return match.view_name or match.route or UNRESOLVED


class RequestMetricsMiddleware:
    """Count each request by route, method and status, and time it by route."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        started = time.perf_counter()
        response = self.get_response(request)
        route = route_of(request)
        HTTP_LATENCY.labels(route).observe(time.perf_counter() - started)
        HTTP_REQUESTS.labels(route, request.method, str(response.status_code)).inc()
        return response
