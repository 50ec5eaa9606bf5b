"""Public pages: the list of events and an event's home page."""

from django.db.models import Count
from django.shortcuts import get_object_or_404, render

from tournament.models import Tournament


def home(request):
    """The list of public events, newest first."""
    tournaments = (
        Tournament.objects.filter(is_public=True)
        .annotate(entrant_count=Count("entrants"))
        .order_by("-starts_on", "name")
    )
    return render(request, "tournament/home.html", {"tournaments": tournaments})


def tournament_detail(request, slug):
    """An event's home page: its format, its rounds and who is entered."""
    tournament = get_object_or_404(Tournament, slug=slug, is_public=True)
    rounds = tournament.rounds.select_related("stage").order_by("number")
    entrants = tournament.entrants.order_by("display_name")
    return render(
        request,
        "tournament/detail.html",
        {"tournament": tournament, "rounds": rounds, "entrants": entrants},
    )
