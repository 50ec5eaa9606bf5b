"""Which language and time zone a page, an e-mail or a calendar entry speaks.

The order (docs/translating.md, "Which language"): a signed-in person's saved choice, the
header's switcher (a cookie, for players without an account), the browser's Accept-Language,
then the event's language. Pages shown to a room (the projector, slips, cards) skip the
browser's language: the room hears the event's. ``accounts.language.SavedLanguageMiddleware``
records where the request's language came from in ``request.language_source``; an event page
calls ``use_event_locale`` once it has read its event. Times are stored in UTC and shown in the
event's zone (``Tournament.time_zone``).
"""

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation.trans_real import parse_accept_lang_header

#: where a request's language came from, strongest first
ACCOUNT, COOKIE, BROWSER, DEFAULT = "account", "cookie", "browser", "default"


def supported_language(code: str | None) -> str | None:
    """The site's language for ``code`` ("de-AT" gives "de"), or None if it has none."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def site_language() -> str:
    """The site's default language (``LANGUAGE_CODE``, as one of ``LANGUAGES``)."""
    return supported_language(settings.LANGUAGE_CODE) or settings.LANGUAGES[0][0]


def browser_language(request) -> str | None:
    """The first language of the browser's Accept-Language the site speaks, or None."""
    header = request.META.get("HTTP_ACCEPT_LANGUAGE", "")[:500]
    for code, _quality in parse_accept_lang_header(header):
        if code == "*":
            break
        found = supported_language(code)
        if found:
            return found
    return None


def cookie_language(request) -> str | None:
    """The switcher's choice kept in the cookie, if the site speaks it."""
    return supported_language(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))


def saved_language(user) -> str | None:
    """A person's saved choice (``accounts.models.LanguagePreference``), or None."""
    preference = getattr(user, "language_preference", None) if user is not None else None
    return supported_language(preference.language) if preference is not None else None


def event_language(event) -> str:
    """The language of the event's room, slips and e-mails to people who chose none."""
    return supported_language(getattr(event, "language", "")) or site_language()


def recipient_language(event, user=None) -> str:
    """The language of an e-mail or notice about ``event`` to ``user`` (None: no account)."""
    return saved_language(user) or event_language(event)


@cache
def zone_names() -> frozenset[str]:
    """The IANA time zone names this machine knows ("Europe/Berlin", ...)."""
    return frozenset(available_timezones())


def event_zone(event) -> ZoneInfo:
    """The event's time zone (its venue's); the site's default for an unknown name."""
    name = getattr(event, "time_zone", "") or settings.TIME_ZONE
    return ZoneInfo(name if name in zone_names() else settings.TIME_ZONE)


def use_event_locale(request, event, *, room: bool = False) -> None:
    """Show this request's times in the event's zone, and speak the event's language where the
    visitor chose none (``room``: a page shown to the room, where the browser's does not count).
    The zone is reset after the request (``SavedLanguageMiddleware``)."""
    timezone.activate(event_zone(event))
    source = getattr(request, "language_source", DEFAULT)
    if source == DEFAULT or (room and source == BROWSER):
        language = event_language(event)
        translation.activate(language)
        request.LANGUAGE_CODE = language


@contextmanager
def event_locale(event, user=None) -> Iterator[str]:
    """Inside: the language and zone of a message about ``event`` to ``user`` (e-mails, calendar
    entries); gives the language."""
    language = recipient_language(event, user)
    with translation.override(language), timezone.override(event_zone(event)):
        yield language


def socket_language(scope, user) -> str:
    """The sender's language on a socket, as on a page (docs/translating.md): a saved choice,
    the switcher's cookie, the browser's Accept-Language, else the site's language."""
    found = saved_language(user) if getattr(user, "is_authenticated", False) else None
    found = found or supported_language(scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME))
    if found:
        return found
    headers = dict(scope.get("headers") or [])
    accept = headers.get(b"accept-language", b"").decode("latin-1")[:500]
    for code, _quality in parse_accept_lang_header(accept):
        if code != "*" and supported_language(code):
            return supported_language(code)  # type: ignore[return-value]
    return site_language()
