"""The header's language switcher: Django's ``set_language`` (the cookie), and the account's
saved choice for a signed-in person.

A visitor without an account posts without a CSRF token (a token in every public page's header
would make those pages uncacheable): a forged post can only change that browser's cookie. A
signed-in person's post changes their account, so it is checked like every other form.
"""

from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from accounts.language import save_choice
from common.locale import supported_language


@csrf_protect
def _choose_signed_in(request):
    """The cookie, and the account's saved choice."""
    response = set_language(request)
    language = supported_language(request.POST.get("language"))
    if language:
        save_choice(request, language)
    return response


@csrf_exempt
@require_POST
def choose_language(request):
    """Switch the site's language: the cookie for everyone, the account too when signed in."""
    if request.user.is_authenticated:
        return _choose_signed_in(request)
    return set_language(request)
