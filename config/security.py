"""Security middleware: response headers (content security policy), body size, rate limits.

``SecurityHeadersMiddleware`` adds the content security policy and the permissions policy to
every response (Django's own ``SecurityMiddleware`` adds ``Referrer-Policy``,
``X-Content-Type-Options`` and the cross-origin opener policy, ``XFrameOptionsMiddleware``
adds ``X-Frame-Options``). The policy allows scripts, styles, images and fonts from the site
itself only, websockets to the same host (``ws://`` and ``wss://``), and no framing at all.
The API docs page (``/api/docs/``) loads Swagger UI from its CDN and gets a policy that allows
that CDN on that page only.

``RequestLimitsMiddleware`` refuses, before any view runs:

* a body larger than ``REQUEST_MAX_BODY_BYTES`` (from ``Content-Length``; ``config.asgi_http``
  counts a chunked body as it arrives), or a body that is not a file upload larger than
  ``DATA_UPLOAD_MAX_MEMORY_SIZE``, with 413 (JSON on the API);
* a client over one of the ``RATE_LIMITS`` (docs/operations.md lists them) with 429, a message
  and ``Retry-After``.

Rate limits count per client address (``REMOTE_ADDR``; behind a proxy, the proxy must set it,
see docs/operations.md) in the default cache (Redis when ``REDIS_URL`` is set), in fixed windows:

* ``login`` - failed sign-ins (the sign-in page, the admin login form, ``POST
  /api/v1/auth/token/``);
* ``accounts`` - account requests that send e-mail or make something (every POST to sign-up,
  password reset, the e-mail page, staff invitations, new API tokens);
* ``results`` - result submissions (every POST under ``/api/v1/matches/<id>/results/``, the
  players' page ``POST /me/<token>/``, the referee desk's result form);
* ``private_link`` - requests with a private-link token that matches no entrant (``/me/<token>/``,
  a short code ``/p/<code>/``, header ``X-Entrant-Token``, query ``?token=``): over the limit,
  every request from that address that carries a token is refused until the window ends, so
  guessing learns nothing.

The cache is a convenience, not a dependency: when it fails (Redis down) the limits are skipped
with a warning and the request goes on.
"""

from __future__ import annotations

import logging
import re
import time
from dataclasses import dataclass
from urllib.parse import unquote

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse, JsonResponse

log = logging.getLogger(__name__)

# --- content security policy ---------------------------------------------------------------------

SWAGGER_CDN = "https://cdn.jsdelivr.net"


def content_security_policy(host: str, path: str) -> str:
    """The policy for a response to ``host`` (the request's Host header) at ``path``."""
    scripts = styles = images = "'self'"
    if path.startswith("/api/docs/"):
        scripts = f"'self' {SWAGGER_CDN}"
        styles = f"'self' {SWAGGER_CDN}"
        images = f"'self' data: {SWAGGER_CDN}"
    # 'self' covers same-host websockets in CSP level 3, older browsers need them named.
    sockets = "'self'"
    if host and re.fullmatch(r"[A-Za-z0-9.\-:\[\]]+", host):
        sockets += f" ws://{host} wss://{host}"
    directives = {
        "default-src": "'self'",
        "script-src": scripts,
        "style-src": styles,
        "img-src": images,
        "font-src": "'self'",
        "connect-src": sockets,
        "object-src": "'none'",
        "base-uri": "'self'",
        "form-action": "'self'",
        "frame-ancestors": "'none'",
    }
    return "; ".join(f"{name} {value}" for name, value in directives.items())


PERMISSIONS_POLICY = (
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), "
    "accelerometer=(), gyroscope=(), magnetometer=(), interest-cohort=()"
)


class SecurityHeadersMiddleware:
    """Adds ``Content-Security-Policy`` and ``Permissions-Policy`` to every response."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        try:
            host = request.get_host()
        except Exception:  # noqa: BLE001 - a disallowed host gets the policy without sockets
            host = ""
        response.headers.setdefault(
            "Content-Security-Policy", content_security_policy(host, request.path)
        )
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        if _private_link_token(request) is not None:
            # A private page is one player's: no browser, proxy or shared device keeps a copy.
            response.headers["Cache-Control"] = "no-store"
        return response


# --- rate limits ----------------------------------------------------------------------------------

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
    "login": "Too many failed sign-ins from your network. Try again in {s} seconds.",
    "accounts": "Too many account requests from your network. Try again in {s} seconds.",
    "results": "Too many result submissions from your network. Try again in {s} seconds.",
    "private_link": (
        "Too many requests with an unknown private link from your network. "
        "Try again in {s} seconds."
    ),
}


def too_many(request, scope: str, retry_after: int) -> HttpResponse:
    """HTTP 429 with a clear message (JSON for the API, a short page otherwise)."""
    message = MESSAGES[scope].format(s=retry_after)
    if request.path.startswith("/api/"):
        response = JsonResponse({"detail": message}, status=429)
    else:
        response = HttpResponse(
            "<!doctype html><meta charset=utf-8><title>Too many requests</title>"
            f"<h1>Too many requests</h1><p>{message}</p>",
            status=429,
            content_type="text/html; charset=utf-8",
        )
    response["Retry-After"] = str(retry_after)
    return response


# --- request limits middleware --------------------------------------------------------------------

SIGN_IN_PAGES = re.compile(r"^/admin/login/$|^/accounts/login/$")
ACCOUNT_POSTS = re.compile(
    r"^/accounts/(signup|password/reset|email|tokens)/$"
    r"|^/api/v1/tokens/$"
    r"|^/invitations/"
    r"|^/events/[^/]+/manage/staff/invite/$"
)
API_TOKEN = re.compile(r"^/api/v1/auth/token/$")
RESULT_POSTS = re.compile(
    r"^/api/v1/matches/\d+/results/"
    r"|^/events/[^/]+/desk/matches/\d+/"
)
PRIVATE_LINK_PAGE = re.compile(r"^/me/(?P<token>[^/]*)/")
SHORT_LINK_PAGE = re.compile(r"^/p/(?P<code>[^/]*)/")
TOKEN_HEADER = "HTTP_X_ENTRANT_TOKEN"
MAX_TOKEN_LENGTH = 64


def client_ident(request) -> str:
    """The client address the limits count by."""
    return request.META.get("REMOTE_ADDR") or "unknown"


def _private_link_token(request) -> str | None:
    match = PRIVATE_LINK_PAGE.match(request.path)
    if match:
        return match.group("token")
    match = SHORT_LINK_PAGE.match(request.path)
    if match:
        return SHORT_CODE_MARK + match.group("code")
    token = request.META.get(TOKEN_HEADER) or request.GET.get("token")
    return token if token else None


#: marks a short code (``/p/<code>/``) among the tokens the limiter checks
SHORT_CODE_MARK = "\x01"


def token_known(token: str) -> bool:
    """Whether ``token`` is some entrant's private-link token (or short code)."""
    from tournament.models.people import Entrant, normalise_short_code

    if token.startswith(SHORT_CODE_MARK):
        code = normalise_short_code(token[1:])
        return code is not None and Entrant.objects.filter(short_code=code).exists()
    token = token.strip()
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return False
    return Entrant.objects.filter(access_token=token).exists()


def _login_failed(request, response) -> bool:
    if API_TOKEN.match(request.path):
        return response.status_code in (400, 401)
    # The sign-in pages answer a wrong password with the form again (200, allauth 400), a
    # success with a redirect.
    return response.status_code in (200, 400)


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
    message = "The address, its query or a header contains a NUL character."
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": message}, status=400)
    return HttpResponse(message, status=400, content_type="text/plain; charset=utf-8")


def body_too_large(path: str, limit: int | None = None) -> HttpResponse:
    """HTTP 413 for a body over ``limit`` bytes (default ``REQUEST_MAX_BODY_BYTES``): JSON on the
    API, plain text elsewhere."""
    limit = limit or settings.REQUEST_MAX_BODY_BYTES
    message = f"The request body is larger than {limit / 1_000_000:g} MB."
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


class RequestLimitsMiddleware:
    """NUL characters (400), body size (413) and the rate limits (429) of the module docstring."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if has_nul(request):
            return bad_characters(request)
        too_large = body_over_limit(request)
        if too_large:
            return too_large

        ident = client_ident(request)
        is_post = request.method == "POST"

        token = _private_link_token(request)
        if token is not None:
            retry_after = blocked_for("private_link", ident)
            if retry_after is not None:
                return too_many(request, "private_link", retry_after)
            if not token_known(token):
                count_hit("private_link", ident)

        login = is_post and (SIGN_IN_PAGES.match(request.path) or API_TOKEN.match(request.path))
        if login:
            retry_after = blocked_for("login", ident)
            if retry_after is not None:
                return too_many(request, "login", retry_after)

        if is_post and ACCOUNT_POSTS.match(request.path):
            retry_after = hit("accounts", ident)
            if retry_after is not None:
                return too_many(request, "accounts", retry_after)

        if is_post and (RESULT_POSTS.match(request.path) or PRIVATE_LINK_PAGE.match(request.path)):
            retry_after = hit("results", ident)
            if retry_after is not None:
                return too_many(request, "results", retry_after)

        response = self.get_response(request)
        if login and _login_failed(request, response):
            count_hit("login", ident)
        return response
