"""The signed-in person's home: their events, and the way to a new one."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from accounts.dashboard import events_of
from leagues.services.organisations import organisations_of
from tournament.services.player_history import history_of
from tournament.services.players import player_of


@login_required
def dashboard(request):
    """Events I play first (each with my private page), then the events I organise or
    referee, each with its state and its pages; "New event"; the clubs and conventions I run."""
    player = player_of(request.user)
    return render(
        request,
        "accounts/dashboard.html",
        {
            "played": history_of(player) if player else [],
            "events": events_of(request.user),
            "organisations": organisations_of(request.user).order_by("name")[:50],
        },
    )
