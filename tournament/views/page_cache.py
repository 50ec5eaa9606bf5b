"""Public event pages that cost almost nothing to read again: one render per standings revision.

``revision_cached`` wraps a public page whose content moves only with the event's standings
revision (results, entrants, settings, the champion) - the standings page. It

* tags every answer with an ETag made of the page, the revision, the query string, who asks
  (anonymous, or the signed-in user: the header names them) and the language the request
  speaks (and where it came from: the event's language applies only where the visitor chose
  none), and answers a request that already
  holds that version (``If-None-Match``) with ``304 Not Modified`` and no body - a phone that
  reloads an unchanged page costs one small query;
* keeps the whole answer for anonymous visitors (no session cookie) in the cache under that ETag,
  compressed once with gzip when the visitor accepts it, so hundreds of phones share one render,
  drawn by one request: the others asking for it meanwhile wait for it (``single_flight``);
* marks answers ``Cache-Control: no-cache`` (keep it, but ask again each time): the page is live.

Private events, other methods, other status codes and answers that set a cookie pass through
untouched. The cache is the soft one: when it is down, every request is simply rendered.
"""

from __future__ import annotations

import gzip
import hashlib
from functools import cache, wraps

from django.conf import settings
from django.http import HttpResponse, HttpResponseNotModified
from django.utils import translation
from django.utils.cache import patch_vary_headers

from common.db import sql
from tournament.models import Tournament
from tournament.services import single_flight
from tournament.services.soft_cache import soft_get, soft_set

CACHE_SECONDS = 3600
#: answers smaller than this are not worth compressing
GZIP_FROM_BYTES = 1024
GZIP_LEVEL = 6


STAMP_FIELDS = ("pk", "is_public", "standings_revision", "updated_at", "champion")


@cache
def _stamp_sql() -> str:
    return (
        f"SELECT {sql.columns(Tournament, *STAMP_FIELDS)} FROM {sql.table(Tournament)} "
        f"WHERE {sql.column(Tournament, 'slug')} = %s"
    )


def event_stamp(slug: str) -> dict | None:
    """What a public page's version is made of: the event's id, whether it is public, its
    standings revision, its last settings change and its champion (one prepared statement:
    every request of a busy page asks it)."""
    row = sql.fetch_one(_stamp_sql(), [slug])
    return dict(zip(STAMP_FIELDS, row, strict=True)) if row else None


def _etag(name: str, request, event: dict, who: str) -> str:
    material = "|".join(
        [
            name,
            str(event["pk"]),
            str(event["standings_revision"]),
            str(event["updated_at"]),  # a datetime, or its text on SQLite: either moves with it
            str(event["champion"]),
            request.META.get("QUERY_STRING", "")[:2000],
            who,
            translation.get_language() or "",
            getattr(request, "language_source", ""),
            settings.STATIC_URL,
        ]
    )
    return hashlib.sha256(material.encode()).hexdigest()[:32]


def _matches(request, etag: str) -> bool:
    held = request.META.get("HTTP_IF_NONE_MATCH", "")
    return any(
        tag.strip().removeprefix("W/").strip('"').removesuffix("-gz") == etag
        for tag in held.split(",")
    )


def _wants_gzip(request) -> bool:
    return "gzip" in request.META.get("HTTP_ACCEPT_ENCODING", "").lower()


def _finish(response, etag: str, gzipped: bool):
    response["ETag"] = f'"{etag}-gz"' if gzipped else f'"{etag}"'
    response["Cache-Control"] = "no-cache"
    if gzipped:
        response["Content-Encoding"] = "gzip"
    patch_vary_headers(response, ("Cookie", "Accept-Encoding", "Accept-Language"))
    return response


def revision_cached(view):
    """Serve ``view`` (a page taking ``slug``) per standings revision: 304s and shared renders."""
    name = f"{view.__module__}.{view.__name__}"

    @wraps(view)
    def wrapped(request, slug, *args, **kwargs):
        if request.method not in ("GET", "HEAD"):
            return view(request, slug, *args, **kwargs)
        event = event_stamp(slug)
        if event is None or not event["is_public"]:
            return view(request, slug, *args, **kwargs)
        anonymous = settings.SESSION_COOKIE_NAME not in request.COOKIES
        who = "anonymous" if anonymous else f"user:{request.user.pk}"
        etag = _etag(name, request, event, who)
        gzipped = _wants_gzip(request)
        if _matches(request, etag):
            return _finish(HttpResponseNotModified(), etag, gzipped)
        key = f"page:v1:{etag}:{'gz' if gzipped else 'id'}"
        claimed = False
        if anonymous:
            kept = soft_get(key)
            if kept is None:
                claimed = single_flight.claim(key)
                kept = None if claimed else single_flight.awaited(key)
            if kept is not None:
                content, content_type, compressed = kept
                return _finish(HttpResponse(content, content_type=content_type), etag, compressed)
        try:
            response = view(request, slug, *args, **kwargs)
            if response.status_code != 200 or response.cookies or response.streaming:
                return response
            content = response.content
            compressed = gzipped and len(content) >= GZIP_FROM_BYTES
            if compressed:
                content = gzip.compress(content, compresslevel=GZIP_LEVEL)
                response.content = content
            if anonymous:
                soft_set(key, (content, response["Content-Type"], compressed), CACHE_SECONDS)
        finally:
            if claimed:
                single_flight.give_back(key)
        return _finish(response, etag, compressed)

    return wrapped
