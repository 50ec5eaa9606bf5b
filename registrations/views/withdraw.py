"""Withdrawing before the event, with a confirmation step: from the answer page (signed in)
or from the private link's page (the link is the credential, as for a result). The service
frees the place and gives it to the first waitlisted player at once."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from common.rate_limits import rate_limited
from registrations.models import Registration
from registrations.services.errors import RegistrationError
from registrations.services.player_reads import may_withdraw, registration_of
from registrations.services.withdraw import withdraw
from registrations.views.common import page_actor, site_of
from tournament.models import Tournament
from tournament.services.permissions import entrant_from_token


def _confirm(request, registration: Registration, back_url: str, done_url: str, entrant=None):
    """The confirmation page, and its post: withdrawn, back to ``done_url``; a refusal is
    shown on the page and changes nothing."""
    problem, status = "", 200
    if request.method == "POST":
        try:
            withdraw(registration, page_actor(request, entrant), site=site_of(request))
        except RegistrationError as refusal:
            problem, status = str(refusal), 409
        else:
            messages.success(
                request,
                _("You have withdrawn from %(event)s.") % {"event": registration.tournament.name},
            )
            return redirect(done_url)
    return render(
        request,
        "registrations/withdraw.html",
        {
            "tournament": registration.tournament,
            "registration": registration,
            "back_url": back_url,
            "problem": problem,
        },
        status=status,
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def withdraw_page(request, slug):
    """Withdraw the signed-in player's registration (confirm first)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    registration = registration_of(tournament, request.user)
    if registration is None or not may_withdraw(registration):
        return redirect("registrations:answer", slug=tournament.slug)
    answer = reverse("registrations:answer", args=[tournament.slug])
    return _confirm(request, registration, answer, answer)


@rate_limited("private_link")
@require_http_methods(["GET", "HEAD", "POST"])
def withdraw_by_link(request, token):
    """Withdraw the registration that holds this private link's place (confirm first)."""
    entrant = entrant_from_token(None, token)
    registration = Registration.objects.filter(entrant=entrant).first() if entrant else None
    if registration is None:
        raise Http404(_("This private link holds no registration that can be withdrawn."))
    page = reverse("matches:my-table", args=[token])
    if not may_withdraw(registration):
        return redirect(page)
    return _confirm(request, registration, page, page, entrant)
