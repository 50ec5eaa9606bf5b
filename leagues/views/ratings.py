"""The public rating lists: one per game system, best rating (the skill estimate mu) first.

A list shows the players who played in at least one public event, and only public events'
games make the ratings (``leagues.services.ratings.rated_games``). A name links to the player's
page when they made it public. ``?club=`` keeps one club's players, ``?organisation=<slug>``
the players of one organisation's events, ``?region=`` those of the events of one region's
organisations.
"""

from dataclasses import dataclass
from urllib.parse import quote

from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _

from engine import api as engine_api
from leagues.logic.rating import PROVISIONAL_GAMES
from leagues.models import Organisation, PlayerRating

PER_PAGE = 100
MAX_CLUB_LENGTH = 100
MAX_SLUG_LENGTH = 80


def systems() -> dict[str, str]:
    """Game system key -> name, as the engine lists them."""
    return {system["key"]: system["name"] for system in engine_api.list_systems()}


def played_in(lookup: str, value) -> Q:
    """A rating filter: the player played (alone or in a team) in an event where the entrant's
    ``lookup`` (e.g. ``tournament__is_public``) is ``value``."""
    return Q(**{f"player__entries__{lookup}": value}) | Q(
        **{f"player__memberships__team__entries__{lookup}": value}
    )


@dataclass(frozen=True)
class ListFilters:
    """What a rating list is narrowed to: a club, an organisation (slug), a region."""

    club: str = ""
    organisation: str = ""
    region: str = ""

    @classmethod
    def from_query(cls, query) -> "ListFilters":
        """The filters of a request's query string, trimmed to what can be stored."""
        return cls(
            club=query.get("club", "").strip()[:MAX_CLUB_LENGTH],
            organisation=query.get("organisation", "").strip()[:MAX_SLUG_LENGTH],
            region=query.get("region", "").strip()[:MAX_CLUB_LENGTH],
        )

    def query_string(self) -> str:
        """The filters as ``&key=value`` pairs for the pager's links."""
        return "".join(f"&{k}={quote(v)}" for k, v in vars(self).items() if v)


def listed(system: str, filters: ListFilters = ListFilters()):
    """The system's ratings of players seen in a public event, best first; optionally only one
    club's players, or those who played an event of one organisation or of one region."""
    ratings = (
        PlayerRating.objects.filter(system=system)
        .filter(played_in("tournament__is_public", True))
        .select_related("player")
        .distinct()
        .order_by("-mu", "player_id")
    )
    if filters.club:
        ratings = ratings.filter(player__club__iexact=filters.club)
    if filters.organisation:
        ratings = ratings.filter(played_in("tournament__organisation__slug", filters.organisation))
    if filters.region:
        ratings = ratings.filter(
            played_in("tournament__organisation__region__iexact", filters.region)
        )
    return ratings


def rating_index(request):
    """Every game system with how many players it rates."""
    rows = [(key, name, listed(key).count()) for key, name in systems().items()]
    return render(request, "leagues/index.html", {"rows": rows})


def rating_list(request, system: str):
    """One system's rating list, paged, optionally one club's."""
    names = systems()
    if system not in names:
        raise Http404(_("No such game system."))
    filters = ListFilters.from_query(request.GET)
    page = Paginator(listed(system, filters), PER_PAGE).get_page(request.GET.get("page"))
    first = (page.number - 1) * PER_PAGE
    rows = [(first + n, rating) for n, rating in enumerate(page, 1)]
    return render(
        request,
        "leagues/ratings.html",
        {
            "system": system,
            "system_name": names[system],
            "filters": filters,
            "organisations": Organisation.objects.order_by("name").values_list("slug", "name")[
                :500
            ],
            "page": page,
            "rows": rows,
            "provisional_games": PROVISIONAL_GAMES,
        },
    )
