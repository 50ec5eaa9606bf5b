"""The signed-in person as a player: their history, claims, privacy, link renewal, their data."""

import json

from allauth.decorators import rate_limit
from django import forms
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from accounts.models import ApiToken
from common.audit.actor import Actor
from common.audit.channels import Channel
from leagues.views.player_page import rating_sections
from registrations.services.player_reads import registrations_of
from tournament.models import Entrant, Player
from tournament.services import players as player_service
from tournament.services.player_history import entries_of, history_of
from tournament.services.registration import replace_private_link


def _actor(request) -> Actor:
    return Actor.from_request(request, Channel.PAGE)


@login_required
def history(request):
    """Every event I played (as myself or in a team), my links, what I may still claim."""
    player = player_service.player_of(request.user)
    response = render(
        request,
        "accounts/history.html",
        {
            "player": player,
            "rows": history_of(player) if player else [],
            "claimable": player_service.claimable_by_email(request.user),
            "registrations": registrations_of(request.user),
            **(rating_sections(player.pk, public_only=False) if player else {}),
        },
    )
    add_never_cache_headers(response)  # the page shows the private links
    return response


@login_required
@require_POST
def claim_by_email(request):
    joined = player_service.claim_by_email(request.user, _actor(request))
    messages.success(
        request,
        ngettext(
            "%(count)s record added to your history.",
            "%(count)s records added to your history.",
            joined,
        )
        % {"count": joined},
    )
    return redirect("accounts:history")


@login_required
@require_POST
def privacy(request):
    player = player_service.player_of(request.user)
    if player is None:
        messages.error(request, _("You have no events yet: there is no page to show."))
        return redirect("accounts:history")
    player.profile_public = request.POST.get("profile_public") == "on"
    player.save(update_fields=["profile_public"])
    messages.success(
        request,
        _("Your player page is public now.")
        if player.profile_public
        else _("Your player page is private now."),
    )
    return redirect("accounts:history")


@login_required
@require_POST
def new_link(request, entrant_id: int):
    """Replace the private link of one of my entries (the old one stops working)."""
    player = player_service.player_of(request.user)
    entrant = get_object_or_404(Entrant, pk=entrant_id)
    if player is None or entrant not in entries_of(player):
        raise Http404(_("That is not one of your entries."))
    replace_private_link(entrant, _actor(request))
    messages.success(
        request,
        _("New private link for %(event)s; the old one no longer works.")
        % {"event": entrant.tournament.name},
    )
    return redirect("accounts:history")


def public_player(request, player_id: int):
    """A player's public page, if they made it public: the public events they played, their
    ratings and head-to-head record (from public events), no e-mail."""
    player = get_object_or_404(Player, pk=player_id)
    if not player.profile_public:
        raise Http404(_("This player's page is private."))
    rows = [r for r in history_of(player) if r.entrant.tournament.is_public]
    return render(
        request,
        "accounts/public_player.html",
        {"player": player, "rows": rows, **rating_sections(player.pk, public_only=True)},
    )


@login_required
def download_data(request):
    """Everything the site holds about my account, as JSON."""
    user = request.user
    player = player_service.player_of(user)
    data = {
        "exported_at": timezone.now().isoformat(),
        "account": {
            "username": user.get_username(),
            "email": user.email,
            "date_joined": user.date_joined.isoformat(),
            "last_login": user.last_login.isoformat() if user.last_login else None,
            "emails": list(user.emailaddress_set.values("email", "verified", "primary")),
        },
        "api_tokens": [
            {
                "name": t.name,
                "prefix": t.prefix,
                "created_at": t.created_at.isoformat(),
                "expires_at": t.expires_at.isoformat(),
                "state": t.state,
            }  # fmt: skip
            for t in ApiToken.objects.filter(user=user)
        ],
        "staff_roles": list(
            user.staff_roles.values("tournament__name", "tournament__slug", "role")
        ),
        "player": None
        if player is None
        else {
            "name": player.name,
            "club": player.club,
            "email": player.email,
            "profile_public": player.profile_public,
            "entries": [
                {
                    "event": r.entrant.tournament.name,
                    "slug": r.entrant.tournament.slug,
                    "as": r.entrant.display_name,
                    "rank": r.rank,
                    "points": r.points,
                    "games": r.games,
                    "opponents": r.opponents,
                }  # fmt: skip
                for r in history_of(player)
            ],
        },
    }
    response = HttpResponse(
        json.dumps(data, indent=2, default=str), content_type="application/json"
    )
    response["Content-Disposition"] = 'attachment; filename="my-eye-for-an-eye-data.json"'
    add_never_cache_headers(response)
    return response


class DeleteAccountForm(forms.Form):
    password = forms.CharField(widget=forms.PasswordInput, label=gettext_lazy("Your password"))

    def __init__(self, user, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self):
        if not self.user.check_password(self.cleaned_data["password"]):
            raise forms.ValidationError(_("That is not your password."))
        return self.cleaned_data["password"]


@login_required
@rate_limit(action="change_password")
def delete_account(request):
    """Delete my account; my results stay in the events under the name I was registered with.

    Its password check is limited as the password change's is (allauth's ``change_password``
    rate, 5 POSTs a minute per account; one budget for both pages): over it, 429 and nothing
    changes."""
    user = request.user
    owned = list(user.owned_tournaments.values_list("name", flat=True)[:5])
    form = DeleteAccountForm(user, request.POST or None)
    if request.method == "POST" and not owned and form.is_valid():
        player = player_service.player_of(user)
        if player is not None:
            player.user = None
            player.email = ""
            player.profile_public = False
            player.save(update_fields=["user", "email", "profile_public"])
        logout(request)
        user.delete()
        messages.success(request, _("Your account is deleted. Your results stay in their events."))
        return redirect("tournament:home")
    status = 400 if request.method == "POST" else 200
    return render(request, "accounts/delete.html", {"form": form, "owned": owned}, status=status)
