"""A signed-in person's saved language: kept in their session from sign-in, it comes before the
switcher's cookie and the browser's Accept-Language (``common.locale`` has the whole order)."""

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.utils import timezone, translation

from accounts.models import LanguagePreference
from common.locale import (
    ACCOUNT,
    BROWSER,
    COOKIE,
    DEFAULT,
    browser_language,
    cookie_language,
    supported_language,
)

#: the session key holding the saved choice (read on every request without a query)
SESSION_KEY = "saved_language"


def save_choice(request, language: str) -> None:
    """Save a signed-in person's choice to their account and session (anyone else: nothing)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return
    LanguagePreference.objects.update_or_create(user=user, defaults={"language": language})
    request.session[SESSION_KEY] = language


@receiver(user_logged_in)
def remember_saved_language(sender, request, user, **kwargs) -> None:
    """At sign-in, put the account's saved language into the session."""
    if request is None or not hasattr(request, "session"):
        return
    preference = LanguagePreference.objects.filter(user=user).first()
    if preference is not None and preference.language:
        request.session[SESSION_KEY] = preference.language
    else:
        request.session.pop(SESSION_KEY, None)


def language_source(request) -> str:
    """Where LocaleMiddleware's choice came from: the cookie, the browser or the default."""
    if cookie_language(request):
        return COOKIE
    return BROWSER if browser_language(request) else DEFAULT


def session_language(request) -> str | None:
    """The saved choice in the session, without opening a session the request has none of
    (touching it would add ``Vary: Cookie`` to every public page)."""
    if settings.SESSION_COOKIE_NAME not in request.COOKIES or not hasattr(request, "session"):
        return None
    return request.session.get(SESSION_KEY)


class SavedLanguageMiddleware:
    """Speak a signed-in person's saved language; note where the language came from
    (``request.language_source``); reset the event's time zone after the request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        saved = supported_language(session_language(request))
        if saved:
            translation.activate(saved)
            request.LANGUAGE_CODE = saved
            request.language_source = ACCOUNT
        else:
            request.language_source = language_source(request)
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
