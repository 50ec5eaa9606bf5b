"""A request that found no free database connection is answered 503 with ``Retry-After``.

With PostgreSQL each process's views take their connections from psycopg's pool; a view that
gets none within ``DB_POOL_TIMEOUT`` raises ``psycopg_pool.PoolTimeout`` (Django passes it on as
its ``OperationalError``). That is the site being busy, not broken: nothing was read or written,
and the same request a few seconds later is served. So the server-error handler
(``handler500`` in ``config.urls``) answers it with 503 and a ``Retry-After`` of a few seconds,
drawn at random so that the clients refused together do not come back together, and logs one
warning instead of Django's ERROR line and traceback. A page answered so asks again by itself
after those seconds (``templates/503.html``); live.js's polls wait as long
(``static/js/live.js``); the API's clients read ``Retry-After``. Any other error is Django's 500.
"""

from __future__ import annotations

import logging
import random
import sys

from django.http import HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import ngettext
from django.views import defaults
from psycopg_pool import PoolTimeout

log = logging.getLogger(__name__)

#: the seconds a refused client is told to wait, drawn from this range
RETRY_SECONDS = (2, 6)


def pool_exhausted(exc: BaseException | None) -> bool:
    """Whether ``exc`` (or what it was raised from) is the pool's timeout."""
    seen = 0
    while exc is not None and seen < 5:
        if isinstance(exc, PoolTimeout):
            return True
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return False


def busy_response(request, retry_after: int) -> HttpResponse:
    """503 with ``Retry-After``: JSON ``{"detail": ...}`` for the API, else a short page that
    asks again by itself."""
    message = ngettext(
        "The site is very busy right now: nothing was changed. Try again in %(s)s second.",
        "The site is very busy right now: nothing was changed. Try again in %(s)s seconds.",
        retry_after,
    ) % {"s": retry_after}
    if request.path.startswith("/api/") or "json" in request.headers.get("Accept", ""):
        response = JsonResponse({"detail": message}, status=503)
    else:
        page = loader.render_to_string("503.html", {"message": message, "retry": retry_after})
        response = HttpResponse(page, status=503, content_type="text/html; charset=utf-8")
    response["Retry-After"] = str(retry_after)
    response["Cache-Control"] = "no-store"
    return response


def server_error(request, *args, **kwargs):
    """``handler500``: a pool timeout is 503 (one warning line), anything else Django's 500."""
    if not pool_exhausted(sys.exc_info()[1]):
        return defaults.server_error(request, *args, **kwargs)
    retry_after = random.randint(*RETRY_SECONDS)
    log.warning(
        "database busy: no pooled connection for %s %s within DB_POOL_TIMEOUT; answered 503",
        request.method,
        request.path,
    )
    response = busy_response(request, retry_after)
    response._has_been_logged = True  # logged above, as a warning: Django would say ERROR
    return response
