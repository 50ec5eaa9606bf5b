"""The signed-in person's home: their events, and the way to a new one."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from accounts.dashboard import events_of
from leagues.services.organisations import organisations_of


@login_required
def dashboard(request):
    """Events I organise or referee, each with its state and its pages; "New event"; the
    clubs and conventions I run."""
    return render(
        request,
        "accounts/dashboard.html",
        {
            "events": events_of(request.user),
            "organisations": organisations_of(request.user).order_by("name")[:50],
        },
    )
