"""The API tokens page: make a named token (its secret shown once), list, revoke."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from accounts import tokens
from accounts.forms import TokenForm
from accounts.models import ApiToken
from common.rate_limits import rate_limited


def _page(request, form, issued=None, status=200):
    response = render(
        request,
        "accounts/tokens.html",
        {
            "form": form,
            "issued": issued,
            "tokens": ApiToken.objects.filter(user=request.user)[:200],
        },
        status=status,
    )
    add_never_cache_headers(response)  # a page showing a secret is never kept by a cache
    return response


@rate_limited("accounts")
@login_required
def token_list(request):
    """GET: the tokens and the form; POST: a new token, shown on this one answer only."""
    if request.method != "POST":
        return _page(request, TokenForm())
    form = TokenForm(request.POST)
    if not form.is_valid():
        return _page(request, form, status=400)
    try:
        issued = tokens.issue(request.user, form.cleaned_data["name"], form.cleaned_data["days"])
    except tokens.TokenError as error:
        form.add_error(error.field if error.field in form.fields else None, error.message)
        return _page(request, form, status=400)
    return _page(request, TokenForm(), issued=issued, status=201)


@login_required
@require_POST
def token_revoke(request, token_id: int):
    try:
        token = tokens.revoke(request.user, token_id)
    except tokens.TokenError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request, _("Token %(name)s revoked: it no longer works.") % {"name": repr(token.name)}
        )
    return redirect("accounts:tokens")


@login_required
@require_POST
def token_revoke_all(request):
    count = tokens.revoke_all(request.user)
    messages.success(
        request,
        ngettext("%(count)s token revoked.", "%(count)s tokens revoked.", count) % {"count": count},
    )
    return redirect("accounts:tokens")
