"""Checks on a request before any view reads it: NUL characters (400) and the body's size (413).

Used by ``RequestLimitsMiddleware`` and, for a chunked body counted as it arrives, by
``config.asgi_http`` (which runs before Django is set up: this module needs no app).
"""

from __future__ import annotations

from urllib.parse import unquote

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _

TOKEN_HEADER = "HTTP_X_ENTRANT_TOKEN"


def _content_length(request) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


def has_nul(request) -> bool:
    """Whether the address, the query or the private-link header carries a NUL character.

    No page or API field has a use for one, and PostgreSQL refuses it in any text it is asked
    to compare or store: refused here, once, before any view can trip over it.
    """
    return (
        "\x00" in request.path
        or "\x00" in unquote(request.META.get("QUERY_STRING", ""))
        or "\x00" in request.META.get(TOKEN_HEADER, "")
    )


def bad_characters(request) -> HttpResponse:
    """HTTP 400 for a request with a NUL character where text is expected."""
    message = _("The address, its query or a header contains a NUL character.")
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": message}, status=400)
    return HttpResponse(message, status=400, content_type="text/plain; charset=utf-8")


def body_too_large(path: str, limit: int | None = None) -> HttpResponse:
    """HTTP 413 for a body over ``limit`` bytes (default ``REQUEST_MAX_BODY_BYTES``): JSON on the
    API, plain text elsewhere."""
    limit = limit or settings.REQUEST_MAX_BODY_BYTES
    message = _("The request body is larger than %(size)s MB.") % {"size": f"{limit / 1_000_000:g}"}
    if path.startswith("/api/"):
        return JsonResponse({"detail": message}, status=413)
    return HttpResponse(message, status=413, content_type="text/plain; charset=utf-8")


def body_over_limit(request) -> HttpResponse | None:
    """The 413 answer for a body over its limit, or None.

    Any body: ``REQUEST_MAX_BODY_BYTES``. A body that is not a file upload is also held to
    Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE`` here, so it gets this clear answer (JSON on the API)
    instead of Django's own error page when a view reads it.
    """
    length = _content_length(request)
    limit = getattr(settings, "REQUEST_MAX_BODY_BYTES", None)
    if limit and length > limit:
        return body_too_large(request.path, limit)
    data_limit = getattr(settings, "DATA_UPLOAD_MAX_MEMORY_SIZE", None)
    is_upload = request.META.get("CONTENT_TYPE", "").startswith("multipart/form-data")
    if data_limit and not is_upload and length > data_limit:
        return body_too_large(request.path, data_limit)
    return None
