"""Where everyone stands: the live Swiss standings (the bracket is ``tournament.views.bracket``)."""

from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from common.db.query_numbers import whole_number
from common.live.realtime import server_time_ms
from tournament.logic.standings import get_metric
from tournament.services.final_standings import final_standings
from tournament.services.soft_cache import soft_get, soft_set
from tournament.services.standings import CACHE_SECONDS, cached_standings, standings_cache_key
from tournament.views.page_cache import revision_cached
from tournament.views.pages import tournament_poll_url
from tournament.views.visibility import token_query, visible_tournament

TIEBREAK_LABELS = {
    "victory_cup_tokens": "Cup tokens",
    "strength_of_schedule": "Opponents",
    "first_places": "Wins",
}


def tiebreak_label(key: str) -> str:
    """A short column heading for a tiebreaker key."""
    if key in TIEBREAK_LABELS:
        return TIEBREAK_LABELS[key]
    return get_metric(key).key.removeprefix("stat:").replace("_", " ").capitalize()


STANDINGS_PAGE_SIZE = 100
#: the highest page number read from a query (one past the last page is the last page)
MAX_PAGE = 100_000


def standings_table(tournament, token: str, page: int) -> dict:
    """One page of the standings table, rendered once per change of the standings.

    The HTML is cached under the standings' own cache key (it moves with every accepted
    result, entrant change and settings change), so hundreds of phones reading the same page
    cost one render. Returns the HTML and the paging facts.
    """
    key = f"{standings_cache_key(tournament)}:table:{page}:{token}"
    table = soft_get(key)
    if table is None:
        rows = cached_standings(tournament)
        pages = max(1, -(-len(rows) // STANDINGS_PAGE_SIZE))
        number = min(max(page, 1), pages)
        if number != page:  # past the end: the last page's entry, never one more per number
            key = f"{standings_cache_key(tournament)}:table:{number}:{token}"
            table = soft_get(key)
    if table is None:
        chunk = rows[(number - 1) * STANDINGS_PAGE_SIZE : number * STANDINGS_PAGE_SIZE]
        keys = [key for key, _ in rows[0].tiebreaks] if rows else []
        html = render_to_string(
            "tournament/_standings_table.html",
            {
                "tournament": tournament,
                "rows": chunk,
                "columns": [tiebreak_label(k) for k in keys],
                "token": token,
            },
        )
        table = {"html": html, "page": number, "pages": pages, "count": len(rows)}
        soft_set(key, table, CACHE_SECONDS)
    return table


@revision_cached
def standings(request, slug):
    """The Swiss standings, 100 to a page, live; rendered once per standings revision for
    anonymous phones, 304 for a phone that already holds this version."""
    rendered_at = server_time_ms()
    tournament = visible_tournament(request, slug)
    page = whole_number(request.GET.get("page"), low=1, high=MAX_PAGE) or 1
    token = token_query(request)
    table = standings_table(tournament, token, page)
    final = final_standings(tournament)
    shown = slice((table["page"] - 1) * STANDINGS_PAGE_SIZE, table["page"] * STANDINGS_PAGE_SIZE)
    return render(
        request,
        "tournament/standings.html",
        {
            "tournament": tournament,
            "table": table,
            "table_html": mark_safe(table["html"]),  # noqa: S308 - our own rendered template
            "previous_page": table["page"] - 1 if table["page"] > 1 else None,
            "next_page": table["page"] + 1 if table["page"] < table["pages"] else None,
            "token": token,
            "tournament_poll": tournament_poll_url(request, tournament, rendered_at),
            "final": final,
            # the final order a page at a time too, beside the Swiss page (10,000 rows at
            # once were most of a megabyte)
            "final_rows": final[shown] if final else None,
        },
    )


# --- the elimination bracket --------------------------------------------------------------------
