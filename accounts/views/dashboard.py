"""The signed-in person's home: their events, and the way to a new one."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from accounts.dashboard import events_of


@login_required
def dashboard(request):
    """Events I organise or referee, each with its state and its pages; "New event"."""
    return render(request, "accounts/dashboard.html", {"events": events_of(request.user)})
