"""``/jsi18n/<language>/``: the scripts' strings (Django's JavaScript catalogue) in the language
the URL names.

A page names its own language in the address (``templates/site/_script_strings.html``), so the
catalogue always matches the page, also where the page's language came from the event (the
catalogue's request carries no event), and the service worker keeps one copy per language for
offline pages (``templates/app/sw.js``).
"""

from django.conf import settings
from django.http import Http404
from django.utils import translation
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe
from django.views.i18n import JavaScriptCatalog

#: the catalogue changes only with a deployment: an hour in the browser's cache
MAX_AGE_SECONDS = 3600


@require_safe
@cache_control(max_age=MAX_AGE_SECONDS)
def script_strings(request, language: str):
    """The catalogue of ``language`` (one of ``LANGUAGES``, spelt as the site spells it)."""
    if language not in dict(settings.LANGUAGES):
        raise Http404(translation.gettext("The site speaks no such language."))
    with translation.override(language):
        return JavaScriptCatalog.as_view()(request)
