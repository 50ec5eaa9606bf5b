"""A player's own attendance pages: drop out (with a confirmation) and undo it from the private
link; check in with the code shown at the venue, from the private link or signed in.

Each page is a thin door: it finds the entrant (the link's, or the signed-in person's entry),
calls one service with the player as the actor, and says what happened.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from common.audit.actor import Actor
from common.audit.channels import Channel
from common.rate_limits import rate_limited, too_many
from tournament.check_in_guard import SCOPE, TooManyGuesses, guarded_check_in
from tournament.logic.venue_code import MAX_TYPED
from tournament.models import Tournament
from tournament.services import player_drop, registration
from tournament.services.permissions import entrant_from_token
from tournament.services.venue_check_in import entry_of_user


def _entrant_of_link(token):
    entrant = entrant_from_token(None, token)
    if entrant is None:
        raise Http404(_("This private link is not valid (it may have been replaced)."))
    return entrant


def _player(request, entrant) -> Actor:
    return Actor.from_request(request, Channel.PAGE, entrant=entrant)


def _sentence(error) -> str:
    text = str(error)
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


@require_http_methods(["GET", "HEAD", "POST"])
@rate_limited("private_link")
def drop_myself(request, token):
    """GET: ask first (from when it counts, how to undo); POST: drop out of the event."""
    entrant = _entrant_of_link(token)
    error = ""
    if request.method == "POST":
        try:
            player_drop.drop_myself(entrant, _player(request, entrant))
        except registration.RegistrationError as problem:
            error = _sentence(problem)
        else:
            messages.success(
                request,
                _(
                    "You have dropped out: you will not be paired from the next round on. "
                    "Changed your mind? Undo it on this page until the next round is paired."
                ),
            )
            return redirect("matches:my-table", token=token)
    return render(
        request,
        "tournament/drop_myself.html",
        {
            "tournament": entrant.tournament,
            "entrant": entrant,
            "may_drop": player_drop.may_drop(entrant),
            "error": error,
        },
        status=409 if error else 200,
    )


@require_POST
@rate_limited("private_link")
def undo_my_drop(request, token):
    """Take back the player's own drop, until the next round is paired."""
    entrant = _entrant_of_link(token)
    try:
        player_drop.undo_my_drop(entrant, _player(request, entrant))
    except registration.RegistrationError as problem:
        messages.error(request, _sentence(problem))
    else:
        messages.success(request, _("You are back in the event: you will be paired next round."))
    return redirect("matches:my-table", token=token)


def _code_page(request, entrant, *, token="", error="", status=200):
    return render(
        request,
        "organiser/self_check_in.html",
        {
            "tournament": entrant.tournament,
            "entrant": entrant,
            "token": token,
            "open": registration.registration_open(entrant.tournament),
            "error": error,
            "code_max": MAX_TYPED,
            "signed_in_page": not token,
        },
        status=status,
    )


def _check_in_with_code(request, entrant, token=""):
    """The shared POST: the typed code through the guard; a page that says what happened."""
    typed = request.POST.get("code", "")[:MAX_TYPED]
    try:
        guarded_check_in(entrant, typed, _player(request, entrant))
    except TooManyGuesses as wait:
        return too_many(request, SCOPE, wait.retry_after)
    except registration.RegistrationError as problem:
        entrant.refresh_from_db()
        return _code_page(request, entrant, token=token, error=_sentence(problem), status=409)
    messages.success(request, _("You are checked in. Good luck!"))
    if token:
        return redirect("tournament:self-check-in", token=token)
    return redirect("tournament:event-check-in", slug=entrant.tournament.slug)


@require_POST
@rate_limited("private_link")
def code_check_in(request, token):
    """The venue code typed on the private link's check-in page."""
    return _check_in_with_code(request, _entrant_of_link(token), token)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def event_check_in(request, slug):
    """``/events/<slug>/check-in/``: a signed-in player checks their own entry in with the
    venue code (no private link needed)."""
    tournament = Tournament.objects.filter(slug=slug).first()
    entrant = entry_of_user(tournament, request.user) if tournament else None
    if entrant is None:  # the same answer for an unknown event: a private one stays unseen
        raise Http404(
            _("Your account holds no entry in this event: open your private link, or ask the desk.")
        )
    if request.method == "POST":
        return _check_in_with_code(request, entrant)
    return _code_page(request, entrant)
