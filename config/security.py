"""The request limits: what ``RequestLimitsMiddleware`` refuses before any view runs.

* a NUL character in the address, query or private-link header (400), a body larger than
  ``REQUEST_MAX_BODY_BYTES`` or a non-upload body larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE``
  (413; ``config.request_checks``);
* a client over one of the ``RATE_LIMITS`` with 429, a message and ``Retry-After``
  (``common.rate_limits`` counts them per client address):

  * ``login`` - failed sign-ins (the sign-in page, ``POST
    /api/v1/auth/token/``);
  * ``accounts`` - account requests that send e-mail or make something (every POST to
    sign-up, password reset, the e-mail page, staff invitations, new API tokens);
  * ``results`` - result submissions (every POST under ``/api/v1/matches/<id>/results/``, the
    players' page ``POST /me/<token>/``, the referee desk's result form);
  * ``private_link`` - requests with a private-link token that matches no entrant
    (``/me/<token>/``, a short code ``/p/<code>/``, header ``X-Entrant-Token``, query
    ``?token=``; the page ``/p/`` counts the codes posted to it itself): over the limit,
    every request from that address that carries a token is refused until the window ends,
    so guessing learns nothing.

Which limit a request falls under is marked on its view (``common.rate_limits.rate_limited``),
not matched from its address; whether a token is some entrant's is asked of
``tournament.services.permissions``. Loaded as middleware, after Django is set up.
"""

from __future__ import annotations

from common.rate_limits import blocked_for, client_ident, count_hit, hit, scopes_of, too_many
from config.request_checks import TOKEN_HEADER, bad_characters, body_over_limit, has_nul
from tournament.services.permissions import entrant_from_token, private_link_known


def link_known(request, kind: str, value: str) -> bool:
    """Whether the request's private link is some entrant's; a token's entrant is kept on the
    request (``link_entrant``) for the view, which would read the same row again."""
    if kind != "token":
        return private_link_known(kind, value)
    request.link_entrant = entrant_from_token(None, value)
    return request.link_entrant is not None


def private_link_of(request, view_kwargs: dict, scopes: frozenset) -> tuple[str, str] | None:
    """("token" or "code", value) of the private link a request carries: in the address of a
    view marked ``private_link``, or in the header / ``?token=`` of any request."""
    if "private_link" in scopes:
        for kind in ("token", "code"):
            if view_kwargs.get(kind):
                return kind, view_kwargs[kind]
    token = request.META.get(TOKEN_HEADER) or request.GET.get("token")
    return ("token", token) if token else None


def login_failed(view, response) -> bool:
    """Whether a sign-in answer is a failure: the API says 400/401; the sign-in pages answer a
    wrong password with the form again (200, allauth 400) and a success with a redirect."""
    if getattr(view, "cls", None) is not None:
        return response.status_code in (400, 401)
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
        response = self.get_response(request)
        login_view = getattr(request, "_login_view", None)
        if login_view is not None and login_failed(login_view, response):
            count_hit("login", client_ident(request))
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        scopes = scopes_of(view_func)
        ident = client_ident(request)
        is_post = request.method == "POST"
        link = private_link_of(request, view_kwargs, scopes)
        request.private_link = link
        if link is not None:
            retry_after = blocked_for("private_link", ident)
            if retry_after is not None:
                return too_many(request, "private_link", retry_after)
            if not link_known(request, *link):
                count_hit("private_link", ident)
        if is_post and "login" in scopes:
            retry_after = blocked_for("login", ident)
            if retry_after is not None:
                return too_many(request, "login", retry_after)
            request._login_view = view_func
        for scope in ("accounts", "results", "open_data"):
            if (is_post or scope == "open_data") and scope in scopes:
                retry_after = hit(scope, ident)
                if retry_after is not None:
                    return too_many(request, scope, retry_after)
        return None
