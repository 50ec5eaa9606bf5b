"""Superusers set up a second factor before they use the site (when ``REQUIRE_SUPERUSER_MFA``)."""

from allauth.mfa.utils import is_mfa_enabled
from django.conf import settings
from django.shortcuts import redirect
from django.urls import reverse

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
    """Send a superuser with no TOTP authenticator to set one up, from any other page."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if (
            settings.REQUIRE_SUPERUSER_MFA
            and user is not None
            and user.is_authenticated
            and user.is_superuser
            and not request.path.startswith(ALLOWED_PREFIXES)
            and not is_mfa_enabled(user)
        ):
            return redirect(reverse("mfa_activate_totp"))
        return self.get_response(request)
