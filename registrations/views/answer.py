"""The answer page: where the signed-in player's registration for an event stands, kept up to
date on every load (their place on the waitlist moves as others leave or move in)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import add_never_cache_headers
from django.views.decorators.http import require_safe

from registrations.services.player_reads import registration_of
from registrations.views.common import answer_of, self_service_event
from tournament.models import Tournament


@login_required
@require_safe
def answer_page(request, slug):
    """In (with the private link), waitlisted (position N of M), awaiting review, declined
    (with the organiser's message) or withdrawn (register again while open). The player's own
    registration lets them see it, even of a private event or once registration stopped."""
    tournament = get_object_or_404(Tournament, slug=slug)
    registration = registration_of(tournament, request.user)
    if registration is None:
        tournament, _policy = self_service_event(request, slug)  # 404 if one cannot register
        return redirect("registrations:register", slug=tournament.slug)
    response = render(
        request,
        "registrations/answer.html",
        {"tournament": tournament, "answer": answer_of(request, registration)},
    )
    add_never_cache_headers(response)  # it shows the private link, and a moving position
    return response
