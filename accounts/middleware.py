"""Superusers set up a second factor before they use the site (when ``REQUIRE_SUPERUSER_MFA``)."""

from django.conf import settings
from django.shortcuts import redirect
from django.urls import reverse

from accounts.access import second_factor_missing

#: paths a superuser without a second factor may still reach: the set-up itself, signing out,
#: and the files the pages need, the service worker and the app manifest among them (the
#: browser refuses a service worker script behind a redirect)
ALLOWED_PREFIXES = (
    "/accounts/",
    "/static/",
    "/favicon.ico",
    "/sw.js",
    "/manifest.webmanifest",
)


class SuperuserSecondFactorMiddleware:
    """Send a superuser with no TOTP authenticator to set one up, from any other page (the API's
    tokens are refused by ``accounts.access`` the same way)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if (
            settings.REQUIRE_SUPERUSER_MFA  # first: when off, the session is never read here
            and user is not None
            and user.is_authenticated
            and not request.path.startswith(ALLOWED_PREFIXES)
            and second_factor_missing(user)
        ):
            return redirect(reverse("mfa_activate_totp"))
        return self.get_response(request)
