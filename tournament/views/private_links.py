"""What a private link leads to besides the player's page: the short code typed from a player
card (``/p/<code>/``), and adding the entry to the signed-in person's history (a claim)."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect

from common.rate_limits import rate_limited
from matches.models import Channel
from matches.services.audit import Actor
from tournament.models import Entrant
from tournament.models.people import normalise_short_code
from tournament.services.players import PlayerError, claim_entry


@rate_limited("private_link")
def short_link(request, code):
    """``/p/<code>/``: the short code typed from a player card opens that player's page."""
    normal = normalise_short_code(code)
    entrant = Entrant.objects.filter(short_code=normal).first() if normal else None
    if entrant is None:
        raise Http404("No player has this code: check it against your card.")
    return redirect("tournament:my-table", token=entrant.access_token)


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
        messages.error(request, "Sign in first to add this event to your account.")
        return redirect("tournament:my-table", token=entrant.access_token)
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
        messages.success(request, f"{entrant.tournament.name} is now in your history.")
    return redirect("tournament:my-table", token=entrant.access_token)
