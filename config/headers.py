"""Security headers on every response: the content security policy and the permissions policy.

``SecurityHeadersMiddleware`` adds both (Django's own ``SecurityMiddleware`` adds
``Referrer-Policy``, ``X-Content-Type-Options`` and the cross-origin opener policy,
``XFrameOptionsMiddleware`` adds ``X-Frame-Options``). The policy allows scripts, styles, images
and fonts from the site itself only, websockets to the same host (``ws://`` and ``wss://``), and
no framing at all. The API docs page (``/api/docs/``) serves Swagger UI from the site's own
static files, which draws its icons from ``data:`` images: that page alone may show them. An
event's widget (``/events/<slug>/widget/``) names the sites its organiser listed on its
response (``frame_ancestors``), which the policy's ``frame-ancestors`` then allows, and drops
``X-Frame-Options`` for them (``tournament/views/widget.py``). A
player's private page is never cached.
"""

from __future__ import annotations

import re


def content_security_policy(host: str, path: str, frame_ancestors: str = "'none'") -> str:
    """The policy for a response to ``host`` (the request's Host header) at ``path``; only an
    event's widget passes ``frame_ancestors`` (the sites its organiser listed)."""
    scripts = styles = images = "'self'"
    if path.startswith("/api/docs/"):
        images = "'self' data:"
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
        "frame-ancestors": frame_ancestors,
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
        ancestors = getattr(response, "frame_ancestors", "'none'")
        response.headers.setdefault(
            "Content-Security-Policy", content_security_policy(host, request.path, ancestors)
        )
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        if getattr(request, "private_link", None) is not None:
            # A private page is one player's: no browser, proxy or shared device keeps a copy.
            response.headers["Cache-Control"] = "no-store"
        return response


# --- rate limits ----------------------------------------------------------------------------------
