"""Rate limits per client address, counted in fixed windows in the default cache (Redis when
``REDIS_URL`` is set); ``RATE_LIMITS`` in the settings names them (docs/operations.md). Views are
marked with their scopes here (``rate_limited``); ``config.security`` applies the limits.

The cache is a convenience, not a dependency: when it fails (Redis down) the limits are skipped
with a warning and the request goes on.
"""

from __future__ import annotations

import functools
import logging
import re
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext, ngettext_lazy

from common.metrics import RATE_LIMIT_REFUSALS

log = logging.getLogger(__name__)

#: the scopes a view can be marked with (``RATE_LIMITS`` in the settings)
SCOPES = ("login", "accounts", "results", "private_link", "check_in_code", "open_data")


def rate_limited(*scopes: str):
    """Mark a view (a function, or a view class's ``as_view()``/DRF class) with the rate-limit
    scopes it belongs to: ``login`` (a sign-in: failures count), ``accounts`` (each POST
    counts), ``results`` (each POST counts), ``private_link`` (its URL carries a private link as
    ``token`` or ``code``), ``open_data`` (the meta across events: every request counts).
    ``config.security.RequestLimitsMiddleware`` reads the mark."""
    unknown = set(scopes) - set(SCOPES)
    if unknown:
        raise ValueError(f"unknown rate-limit scopes {sorted(unknown)}")

    def mark(view):
        if isinstance(view, type):
            view.rate_limit_scopes = frozenset(scopes)
            return view

        @functools.wraps(view)
        def marked(*args, **kwargs):
            return view(*args, **kwargs)

        marked.rate_limit_scopes = frozenset(scopes)
        return marked

    return mark


def scopes_of(view) -> frozenset:
    """The rate-limit scopes a resolved view is marked with (DRF views carry their class)."""
    for holder in (view, getattr(view, "cls", None), getattr(view, "view_class", None)):
        scopes = getattr(holder, "rate_limit_scopes", None)
        if scopes:
            return frozenset(scopes)
    return frozenset()


def client_ident(request) -> str:
    """The client address the limits count by."""
    return request.META.get("REMOTE_ADDR") or "unknown"


_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


@dataclass(frozen=True)
class Rate:
    """``count`` events per ``seconds``; parsed from ``"20/5m"``, ``"600/1m"``, ``"10/s"``."""

    count: int
    seconds: int

    @classmethod
    def parse(cls, text: str) -> Rate:
        match = re.fullmatch(r"\s*(\d+)\s*/\s*(\d*)\s*([smhd])[a-z]*\s*", text or "")
        if not match:
            raise ValueError(f"a rate is like '20/5m' (count/period), not {text!r}")
        count, number, unit = match.groups()
        return cls(int(count), int(number or 1) * _PERIODS[unit])


def rate_of(scope: str) -> Rate | None:
    """The configured rate of a scope, or None when rate limits are switched off."""
    if not getattr(settings, "RATE_LIMITS_ENABLED", True):
        return None
    text = getattr(settings, "RATE_LIMITS", {}).get(scope)
    return Rate.parse(text) if text else None


def clock() -> float:
    """The time the limits count by (fixed windows of the rate's period)."""
    return time.time()


def _window(rate: Rate, now: float) -> tuple[int, int]:
    start = int(now // rate.seconds)
    retry_after = max(1, int(rate.seconds - (now % rate.seconds)) + 1)
    return start, retry_after


def _key(scope: str, ident: str, rate: Rate, start: int) -> str:
    return f"ratelimit:{scope}:{rate.seconds}:{start}:{ident}"


def blocked_for(scope: str, ident: str) -> int | None:
    """Seconds until ``ident`` may act again in ``scope``, or None when under the limit."""
    rate = rate_of(scope)
    if rate is None:
        return None
    start, retry_after = _window(rate, clock())
    try:
        count = cache.get(_key(scope, ident, rate, start), 0)
    except Exception as exc:  # noqa: BLE001 - a cache outage must not stop the site
        log.warning("rate limit %s skipped: cache unavailable (%s)", scope, exc)
        return None
    return retry_after if count >= rate.count else None


def count_hit(scope: str, ident: str) -> int | None:
    """Count one event of ``ident`` in ``scope``; the window's count so far (None if uncounted).

    One atomic increment in the cache; the window's first event creates the counter.
    """
    rate = rate_of(scope)
    if rate is None:
        return None
    start, _ = _window(rate, clock())
    key = _key(scope, ident, rate, start)
    try:
        count_in_window = getattr(cache, "count_in_window", None)
        if count_in_window is not None:  # the Redis cache: one round trip
            return count_in_window(key, rate.seconds + 5)
        try:
            return cache.incr(key)
        except ValueError:  # the window's first event (or its counter just expired)
            if cache.add(key, 1, timeout=rate.seconds + 5):
                return 1
            return cache.incr(key)
    except Exception as exc:  # noqa: BLE001 - a cache outage must not stop the site
        log.warning("rate limit %s not counted: cache unavailable (%s)", scope, exc)
        return None


def hit(scope: str, ident: str) -> int | None:
    """Count an event; the seconds to wait when it goes over the limit, None while within it.

    Counting first and comparing after takes one cache round trip instead of a read and a
    write; an event refused for the limit is counted too, which changes nothing (the window
    ends when it ends).
    """
    rate = rate_of(scope)
    if rate is None:
        return None
    count = count_hit(scope, ident)
    if count is None or count <= rate.count:
        return None
    return _window(rate, clock())[1]


MESSAGES = {
    "login": ngettext_lazy(
        "Too many failed sign-ins from your network. Try again in %(s)s second.",
        "Too many failed sign-ins from your network. Try again in %(s)s seconds.",
        "s",
    ),
    "accounts": ngettext_lazy(
        "Too many account requests from your network. Try again in %(s)s second.",
        "Too many account requests from your network. Try again in %(s)s seconds.",
        "s",
    ),
    "results": ngettext_lazy(
        "Too many result submissions from your network. Try again in %(s)s second.",
        "Too many result submissions from your network. Try again in %(s)s seconds.",
        "s",
    ),
    "private_link": ngettext_lazy(
        "Too many requests with an unknown private link from your network. "
        "Try again in %(s)s second.",
        "Too many requests with an unknown private link from your network. "
        "Try again in %(s)s seconds.",
        "s",
    ),
    "check_in_code": ngettext_lazy(
        "Too many wrong check-in codes for this entry. Try again in %(s)s second, or check in "
        "at the desk.",
        "Too many wrong check-in codes for this entry. Try again in %(s)s seconds, or check in "
        "at the desk.",
        "s",
    ),
    "open_data": ngettext_lazy(
        "Too many open-data requests from your network. Try again in %(s)s second.",
        "Too many open-data requests from your network. Try again in %(s)s seconds.",
        "s",
    ),
}


def too_many(request, scope: str, retry_after: int) -> HttpResponse:
    """HTTP 429 with a clear message (JSON for the API, a short page otherwise)."""
    RATE_LIMIT_REFUSALS.labels(scope).inc()
    message = MESSAGES[scope] % {"s": retry_after}
    if request.path.startswith("/api/"):
        response = JsonResponse({"detail": message}, status=429)
    else:
        response = HttpResponse(
            "<!doctype html><meta charset=utf-8><title>{title}</title>"
            "<h1>{title}</h1><p>{message}</p>".format(
                title=gettext("Too many requests"), message=message
            ),
            status=429,
            content_type="text/html; charset=utf-8",
        )
    response["Retry-After"] = str(retry_after)
    return response
