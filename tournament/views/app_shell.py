"""What makes the site an installable app: the web app manifest and the service worker.

Both are rendered (not plain static files) so that they name the static files by the URLs the
static storage gives them (hashed names in production). The service worker is served from the
site's root (``/sw.js``) so that its scope is every page; it is never cached by the browser's
HTTP cache, so a new version reaches phones on their next visit. docs/offline.md tells what it
keeps and when.
"""

import hashlib
import re
from urllib.parse import urlsplit

from django.http import HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import PrefixNode, static
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_safe

#: the static files every page needs, kept on the phone when the worker installs
PRECACHED_STATIC = (
    "css/site.css",
    "css/players.css",
    "css/console.css",
    "js/live.js",
    "js/players.js",
    "js/report.js",
    "js/calls.js",
    "js/console.js",
    "js/offline.js",
    "img/favicon.svg",
    "img/app-icon-192.png",
    "img/app-icon-512.png",
)

#: the pages the worker keeps for offline use (paths; the same regular expressions in Python
#: and JavaScript): an event, its standings, a round's tables, the referee desk and its tables,
#: a player's private page
APP_PAGES = (
    r"^/events/[^/]+/$",
    r"^/events/[^/]+/standings/$",
    r"^/events/[^/]+/rounds/\d+/$",
    r"^/events/[^/]+/desk/$",
    r"^/events/[^/]+/desk/matches/\d+/$",
    r"^/me/[^/]+/$",
)
#: the scripts' strings of each language (``/jsi18n/<language>/``): kept like those pages, so
#: that an offline copy of a page still finds its language's strings
SCRIPT_STRINGS = r"^/jsi18n/[^/]+/$"
#: the cache of those pages (offline.js empties it when someone signs out)
PAGE_CACHE = "eye-pages-v1"

THEME_COLOUR = "#7a2e0e"
BACKGROUND_COLOUR = "#fff7e6"


def precached_urls() -> list[str]:
    """The URLs of ``PRECACHED_STATIC`` as the static storage names them."""
    return [static(name) for name in PRECACHED_STATIC]


def static_prefix() -> str:
    """The path under which the static files are served (``/static/``).

    Asked of the settings, not of the storage: a manifest storage (``DEBUG=0``) knows only the
    files it collected, and refuses a name that is not one of them, such as ``""``.
    """
    return urlsplit(PrefixNode.handle_simple("STATIC_URL")).path


def offline_page_text() -> dict[str, str]:
    """The words of the page the worker shows for a page never seen online, in the language of
    the request for the worker (the visitor's: it cannot read the catalogue offline)."""
    return {
        "language": get_language(),
        "title": gettext("Offline"),
        "text": gettext(
            "You are offline, and this page was not opened on this phone before. "
            "It opens here once you have seen it online."
        ),
    }


def app_words() -> dict[str, str]:
    """The name and description a phone installs the site with, in the visitor's language."""
    return {
        "language": get_language(),
        "name": gettext("Eye for an Eye tournaments"),
        "description": gettext(
            "Your table, the standings and the referee desk of Eye for an Eye events."
        ),
    }


@require_safe
def service_worker(request):
    """``/sw.js``: the service worker; its cache name changes whenever the assets' URLs do."""
    urls = precached_urls()
    version = hashlib.sha256("\n".join(urls).encode()).hexdigest()[:12]
    context = {
        "precache": urls,
        "static_cache": f"eye-static-{version}",
        "page_cache": PAGE_CACHE,
        "static_prefix": static_prefix(),
        "app_pages": (*APP_PAGES, SCRIPT_STRINGS),
        "offline": offline_page_text(),
    }
    body = render_to_string("app/sw.js", context, request=request)
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


def start_page(asked: str | None) -> str:
    """Where the installed app opens: the page it was installed from when that is one of the
    ``APP_PAGES`` (a player's own page, the desk...), else the home page."""
    if asked and len(asked) <= 200 and any(re.fullmatch(p[1:-1], asked) for p in APP_PAGES):
        return asked
    return "/"


@require_safe
def manifest(request):
    """``/manifest.webmanifest?start=<path>``: the name, icons and colours a phone installs the
    site with, opening on ``start`` (base.html passes the page's own path)."""
    context = {
        "theme": THEME_COLOUR,
        "background": BACKGROUND_COLOUR,
        "start": start_page(request.GET.get("start")),
        "words": app_words(),
    }
    body = render_to_string("app/manifest.webmanifest", context, request=request)
    response = HttpResponse(body, content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"
    return response
