"""The request limits: what ``RequestLimitsMiddleware`` refuses before any view runs.

* a NUL character in the address, query or private-link header (400), a body larger than
  ``REQUEST_MAX_BODY_BYTES`` or a non-upload body larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE``
  (413; ``config.request_checks``);
* a client over one of the ``RATE_LIMITS`` with 429, a message and ``Retry-After``
  (``config.rate_limits`` counts them per client address):

  * ``login`` - failed sign-ins (the sign-in page, the admin login form, ``POST
    /api/v1/auth/token/``);
  * ``accounts`` - account requests that send e-mail or make something (every POST to
    sign-up, password reset, the e-mail page, staff invitations, new API tokens);
  * ``results`` - result submissions (every POST under ``/api/v1/matches/<id>/results/``, the
    players' page ``POST /me/<token>/``, the referee desk's result form);
  * ``private_link`` - requests with a private-link token that matches no entrant
    (``/me/<token>/``, a short code ``/p/<code>/``, header ``X-Entrant-Token``, query
    ``?token=``): over the limit, every request from that address that carries a token is
    refused until the window ends, so guessing learns nothing.

Loaded as middleware, after Django is set up (it reads the entrants' tokens).
"""

from __future__ import annotations

import re

from config.rate_limits import blocked_for, count_hit, hit, too_many
from config.request_checks import TOKEN_HEADER, bad_characters, body_over_limit, has_nul
from tournament.models.people import Entrant, normalise_short_code

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
MAX_TOKEN_LENGTH = 64


def client_ident(request) -> str:
    """The client address the limits count by."""
    return request.META.get("REMOTE_ADDR") or "unknown"


def private_link_token(request) -> str | None:
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

        token = private_link_token(request)
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
