"""The page a staff invitation's link opens: who invites you to what, and "Accept"."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from common.audit.channels import Channel
from common.rate_limits import rate_limited
from tournament.models import StaffRoleKind
from tournament.services import invitations


@rate_limited("accounts")
def invitation(request, token: str):
    """GET: the invitation and how to accept it; POST (signed in): accept it."""
    found = invitations.find(token)
    problem = invitations.why_unusable(found)
    if problem:
        request.session.pop(invitations.SESSION_KEY, None)
        status = 404 if found is None else 410
        return _page(request, {"problem": problem, "invitation": found}, status)
    here = request.path
    if not request.user.is_authenticated:
        # sign-up stays open to the holder of this link while they make an account
        request.session[invitations.SESSION_KEY] = token
        return _page(
            request,
            {
                "invitation": found,
                "sign_in": f"{reverse('account_login')}?next={here}",
                "sign_up": f"{reverse('account_signup')}?next={here}",
            },
        )
    if request.method != "POST":
        return _page(request, {"invitation": found})
    try:
        role = invitations.accept(token, request.user, Actor.from_request(request, Channel.PAGE))
    except invitations.InvitationError as error:
        return _page(request, {"problem": str(error), "invitation": found}, 410)
    request.session.pop(invitations.SESSION_KEY, None)
    event = role.tournament
    messages.success(
        request,
        _("You are now %(role)s of %(event)s.")
        % {"role": role.get_role_display().lower(), "event": event.name},
    )
    if role.role == StaffRoleKind.ORGANISER:
        return redirect("tournament:manage-home", slug=event.slug)
    return redirect("matches:desk", slug=event.slug)


def _page(request, context: dict, status: int = 200):
    response = render(request, "tournament/invitation.html", context, status=status)
    add_never_cache_headers(response)
    return response
