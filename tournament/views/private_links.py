"""What a private link leads to besides the player's page: the short code typed from a player
card (``/p/<code>/``, or into the page ``/p/``), and adding the entry to the signed-in person's
history (a claim)."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from common.audit.actor import Actor
from common.audit.channels import Channel
from common.rate_limits import blocked_for, client_ident, count_hit, rate_limited, too_many
from tournament.models import Entrant
from tournament.models.people import normalise_short_code
from tournament.services import player_links
from tournament.services.players import PlayerError, claim_entry


@rate_limited("private_link")
def short_link(request, code):
    """``/p/<code>/``: the short code typed from a player card opens that player's page."""
    normal = normalise_short_code(code)
    entrant = Entrant.objects.filter(short_code=normal).first() if normal else None
    if entrant is None:
        raise Http404("No player has this code: check it against your card.")
    return redirect("matches:my-table", token=entrant.access_token)


def _code_page(request, typed: str = "", problem: str = "", status: int = 200):
    return render(
        request,
        "tournament/short_code.html",
        {"typed": typed, "problem": problem, "max_length": player_links.MAX_TYPED},
        status=status,
    )


@require_http_methods(["GET", "HEAD", "POST"])
@rate_limited("private_link")
def short_code_page(request):
    """``/p/``: one field for the code from a player's card; a known code opens that player's
    page. The code is posted (never in an address, a history or a log); an unknown or malformed
    one counts under the ``private_link`` limit like a wrong ``/p/<code>/``, and over it even a
    right code waits."""
    if request.method != "POST":
        return _code_page(request)
    ident = client_ident(request)
    retry_after = blocked_for("private_link", ident)
    if retry_after is not None:
        return too_many(request, "private_link", retry_after)
    typed = request.POST.get("code", "")[: player_links.MAX_TYPED]
    code = player_links.code_from_typed(typed)
    entrant = player_links.entrant_of_code(code) if code else None
    if entrant is not None:
        return redirect("matches:my-table", token=entrant.access_token)
    count_hit("private_link", ident)
    if code is None:
        problem = _(
            "A code has 8 letters and digits, like K7QM-2XPD. Check what you typed against "
            "your card."
        )
        return _code_page(request, typed, problem, status=400)
    shown = f"{code[:4]}-{code[4:]}"
    problem = _(
        "No player has the code %(code)s. Check it against your card, or ask the organisers "
        "at the desk."
    ) % {"code": shown}
    return _code_page(request, typed, problem, status=404)


# --- claiming the entry for an account ---------------------------------------------------------


def claim_offer(user, entrant) -> dict | None:
    """What the page offers a signed-in visitor: add this entry to their history, or not."""
    if not user.is_authenticated:
        return {"state": "signed_out"}
    if entrant.player_id:
        owner = entrant.player.user_id
        if owner == user.pk:
            return {"state": "mine"}
        return {"state": "taken"} if owner else {"state": "offer", "members": []}
    members = [m.player for m in entrant.team.memberships.select_related("player")]
    if any(m.user_id == user.pk for m in members):
        return {"state": "mine"}
    return {"state": "offer", "members": [m for m in members if m.user_id is None]}


def claim_this_entry(request, entrant, member: int | None = None):
    """Add the entry (or the chosen team member's place) to the signed-in account's history."""
    if not request.user.is_authenticated:
        messages.error(request, _("Sign in first to add this event to your account."))
        return redirect("matches:my-table", token=entrant.access_token)
    try:
        claim_entry(
            request.user,
            entrant,
            Actor.from_request(request, Channel.PAGE, entrant=entrant),
            member=member,
        )
    except PlayerError as error:
        messages.error(request, str(error)[0].upper() + str(error)[1:] + ".")
    else:
        messages.success(
            request, _("%(name)s is now in your history.") % {"name": entrant.tournament.name}
        )
    return redirect("matches:my-table", token=entrant.access_token)
