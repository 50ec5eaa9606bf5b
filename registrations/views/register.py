"""The registration page: the form (name, listing consent, the entry code when asked), and the
one tap that registers. A second tap, or a reload of the post, registers once: the service
returns the registration the account already has, and both answers go to the same page."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from registrations.forms import RegistrationForm, suggested_name
from registrations.logic.window import State
from registrations.services.errors import RegistrationError
from registrations.services.places import places_left
from registrations.services.player_reads import registration_of
from registrations.services.register import STANDING, register_once
from registrations.views.common import (
    event_registration,
    page_actor,
    self_service_event,
    site_of,
)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def register_page(request, slug):
    """The form, and its post: registered, waitlisted or awaiting review, the answer page says
    which; a refusal is shown above the form, with what was typed, and nothing is changed."""
    tournament, policy = self_service_event(request, slug)
    if request.method != "POST":
        mine = registration_of(tournament, request.user)
        if mine is not None and mine.status in STANDING:
            return redirect("registrations:answer", slug=tournament.slug)
    form = RegistrationForm(
        request.POST if request.method == "POST" else None,
        policy=policy,
        initial={"name": suggested_name(request.user)},
    )
    problem, status = "", 200
    if form.is_bound:
        status = 400
        if form.is_valid():
            try:
                register_once(
                    tournament,
                    request.user,
                    name=form.cleaned_data["name"],
                    code=form.cleaned_data.get("code", ""),
                    name_listed=form.cleaned_data["name_listed"],
                    actor=page_actor(request),
                    site=site_of(request),
                )
            except RegistrationError as refusal:
                problem, status = str(refusal), 409
            else:
                return redirect("registrations:answer", slug=tournament.slug)
    reg = event_registration(tournament, policy, places_left(tournament, policy))
    return render(
        request,
        "registrations/register.html",
        {
            "tournament": tournament,
            "policy": policy,
            "form": form,
            "problem": problem,
            "reg": reg,
            "open": reg.state == State.OPEN,
        },
        status=status,
    )
