"""The public rating lists: one per game system, best conservative rating first.

A list shows the players who played in at least one public event (a private event's players
stay off it, though their games count); a name links to the player's page when they made it
public. ``?club=`` keeps one club's players.
"""

from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404
from django.shortcuts import render

from engine import api as engine_api
from leagues.models import PlayerRating
from tournament.rating import PROVISIONAL_GAMES

PER_PAGE = 100
MAX_CLUB_LENGTH = 100


def systems() -> dict[str, str]:
    """Game system key -> name, as the engine lists them."""
    return {system["key"]: system["name"] for system in engine_api.list_systems()}


def listed(system: str, club: str = ""):
    """The system's ratings of players seen in a public event, best first."""
    seen_in_public = Q(player__entries__tournament__is_public=True) | Q(
        player__memberships__team__entries__tournament__is_public=True
    )
    ratings = (
        PlayerRating.objects.filter(system=system)
        .filter(seen_in_public)
        .select_related("player")
        .distinct()
        .order_by("-conservative", "player_id")
    )
    if club:
        ratings = ratings.filter(player__club__iexact=club)
    return ratings


def rating_index(request):
    """Every game system with how many players it rates."""
    rows = [(key, name, listed(key).count()) for key, name in systems().items()]
    return render(request, "leagues/index.html", {"rows": rows})


def rating_list(request, system: str):
    """One system's rating list, paged, optionally one club's."""
    names = systems()
    if system not in names:
        raise Http404("No such game system.")
    club = request.GET.get("club", "").strip()[:MAX_CLUB_LENGTH]
    page = Paginator(listed(system, club), PER_PAGE).get_page(request.GET.get("page"))
    first = (page.number - 1) * PER_PAGE
    rows = [(first + n, rating) for n, rating in enumerate(page, 1)]
    return render(
        request,
        "leagues/ratings.html",
        {
            "system": system,
            "system_name": names[system],
            "club": club,
            "page": page,
            "rows": rows,
            "provisional_games": PROVISIONAL_GAMES,
        },
    )
