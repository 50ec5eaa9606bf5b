"""The public season pages: the list of seasons, one season's table (phone first), its CSV.

A season's table is live: while one of its events runs, the page follows that event's feed
(the same socket and polling fallback as the event's standings) and reloads when a result moves
the standings. A private season is shown to its organisation's staff only (404 for others).
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from common.csv_export import csv_download
from leagues.models import Season
from leagues.services.organisations import is_org_staff
from leagues.services.season_standings import season_csv_table, season_standings
from tournament.models import Player

#: events whose feeds the season page follows at once (the running ones)
MAX_LIVE_EVENTS = 4


def visible_season(request, slug: str) -> Season:
    """The season if the visitor may see it (404 otherwise, the same as a missing one)."""
    season = get_object_or_404(Season.objects.select_related("organisation"), slug=slug)
    if not season.is_public and not is_org_staff(request.user, season.organisation):
        raise Http404(_("No such season."))
    return season


def season_index(request):
    """Every public season, newest first."""
    seasons = Season.objects.filter(is_public=True).select_related("organisation")[:200]
    return render(request, "leagues/seasons.html", {"seasons": seasons})


def season_page(request, slug: str):
    """A season's table: position, player, total, and each result (counted or not)."""
    season = visible_season(request, slug)
    table = season_standings(season)
    public_pages = set(
        Player.objects.filter(
            pk__in=[r.player for r in table.rows], profile_public=True
        ).values_list("pk", flat=True)
    )
    event_numbers = {event.pk: n for n, event in enumerate(table.events, 1)}
    rows = [
        {
            "row": row,
            "name": table.name(row.player),
            "club": table.club(row.player),
            "public_page": row.player in public_pages,
            "results": [(event_numbers[c.result.event], c) for c in row.results],
        }
        for row in table.rows
    ]
    live = [e for e in table.events if not e.finished and e.is_public][:MAX_LIVE_EVENTS]
    return render(
        request,
        "leagues/season.html",
        {
            "season": season,
            "table": table,
            "rows": rows,
            "events": list(enumerate(table.events, 1)),
            "live_events": live,
            "staff": is_org_staff(request.user, season.organisation),
        },
    )


def season_csv(request, slug: str):
    """The season table as a CSV file (the API's ``standings.csv`` is the same file)."""
    season = visible_season(request, slug)
    header, rows = season_csv_table(season_standings(season))
    return csv_download(f"{season.slug}-season.csv", header, rows)
