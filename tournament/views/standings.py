"""Where everyone stands: the live Swiss standings (the bracket is ``tournament.views.bracket``)."""

from django.shortcuts import render
from django.template.loader import get_template, render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from common.db.query_numbers import whole_number
from common.live.realtime import server_time_ms
from tournament.logic.standings import get_metric
from tournament.logic.standings.no_shows import without_no_shows
from tournament.services.final_standings import final_standings
from tournament.services.permissions import entrant_of_request
from tournament.services.soft_cache import soft_get, soft_set
from tournament.services.standings import CACHE_SECONDS, cached_standings, standings_cache_key
from tournament.services.venue_check_in import entry_of_user
from tournament.views.fragment_cache import TOKEN_MARK, drawn_parts
from tournament.views.page_cache import revision_cached
from tournament.views.pages import tournament_poll_url
from tournament.views.visibility import token_query, visible_tournament

TIEBREAK_LABELS = {
    "victory_cup_tokens": gettext_lazy("Cup tokens"),
    "strength_of_schedule": gettext_lazy("Opponents"),
    "first_places": gettext_lazy("Wins"),
}
#: what a tiebreaker column means, for the players reading it
TIEBREAK_NOTES = {
    "victory_cup_tokens": gettext_lazy("the Victory Cup tokens won in all games so far."),
    "strength_of_schedule": gettext_lazy(
        "the average points of the different opponents met so far: of two sides with equal "
        "points, the one that met stronger opponents ranks higher."
    ),
    "first_places": gettext_lazy("the games won (first place), and byes that count as a win."),
}


def tiebreak_label(key: str) -> str:
    """A short column heading for a tiebreaker key."""
    if key in TIEBREAK_LABELS:
        return str(TIEBREAK_LABELS[key])
    return get_metric(key).key.removeprefix("stat:").replace("_", " ").capitalize()


def tiebreak_column(key: str) -> dict:
    """A tiebreaker column's heading and what it means (empty when nothing needs saying)."""
    return {"label": tiebreak_label(key), "note": str(TIEBREAK_NOTES.get(key, ""))}


def viewer_entrant_id(request, tournament) -> str:
    """The id of the entrant the page is read by (their private link, or the signed-in
    player's own entry), or ``""``: their row is highlighted."""
    entrant = entrant_of_request(request, tournament) or entry_of_user(tournament, request.user)
    return str(entrant.pk) if entrant is not None else ""


ROW_TEMPLATES = ("tournament/_standings_row.html",)


#: drawn where a row's rank goes, replaced by it at serving: a result moves the ranks of every
#: row between a side's old and new place, and those rows are not drawn again for it
RANK_MARK = "@@standings-rank@@"


def row_material(row, slug: str, viewer: str) -> tuple:
    """Everything ``_standings_row.html`` shows of ``row`` but the reader's token and the
    row's rank."""
    mine = row.entrant_id == viewer
    return (
        row.entrant_id,
        row.name,
        row.status,
        row.points,
        row.tiebreaks,
        row.games_played,
        mine,
        slug,
    )


def standings_rows(tournament, rows: list, token: str, viewer: str) -> list[str]:
    """Each row's HTML, drawn once for what it shows (``fragment_cache``), its rank put in at
    serving: after a result only the rows whose points or tiebreakers moved are drawn again."""

    def draw(index: int) -> str:
        row = rows[index]
        context = {
            "row": row,
            "rank": RANK_MARK,
            "tournament": tournament,
            "token": TOKEN_MARK,
            "viewer": viewer if row.entrant_id == viewer else "",
        }
        return get_template(ROW_TEMPLATES[0]).render(context)

    materials = [row_material(row, tournament.slug, viewer) for row in rows]
    parts = drawn_parts("standings-row", ROW_TEMPLATES, materials, draw, token)
    return [
        mark_safe(part.replace(RANK_MARK, str(row.rank)))  # noqa: S308 - our own drawing
        for part, row in zip(parts, rows, strict=True)
    ]


STANDINGS_PAGE_SIZE = 100
#: the highest page number read from a query (one past the last page is the last page)
MAX_PAGE = 100_000


def standings_table(tournament, token: str, page: int, viewer: str = "") -> dict:
    """One page of the standings table, rendered once per change of the standings.

    The HTML is cached under the standings' own cache key (it moves with every accepted
    result, entrant change and settings change), so hundreds of phones reading the same page
    cost one render (one per viewer whose row it highlights). The no-shows are neither listed
    nor counted. Returns the HTML and the paging facts.
    """
    # the table's headings are in the page's language: one render per language
    stem = f"{standings_cache_key(tournament)}:table:{translation.get_language()}"
    key = f"{stem}:{page}:{token}:{viewer}"
    table = soft_get(key)
    if table is None:
        rows, no_shows = without_no_shows(cached_standings(tournament))
        pages = max(1, -(-len(rows) // STANDINGS_PAGE_SIZE))
        number = min(max(page, 1), pages)
        if number != page:  # past the end: the last page's entry, never one more per number
            key = f"{stem}:{number}:{token}:{viewer}"
            table = soft_get(key)
    if table is None:
        chunk = rows[(number - 1) * STANDINGS_PAGE_SIZE : number * STANDINGS_PAGE_SIZE]
        keys = [key for key, _ in rows[0].tiebreaks] if rows else []
        columns = [tiebreak_column(k) for k in keys]
        html = render_to_string(
            "tournament/_standings_table.html",
            {
                "tournament": tournament,
                "rows_html": standings_rows(tournament, chunk, token, viewer),
                "columns": columns,
                "notes": [c for c in columns if c["note"]],
                "token": token,
                "viewer": viewer,
            },
        )
        mine = next((row for row in rows if row.entrant_id == viewer), None) if viewer else None
        table = {
            "html": html,
            "page": number,
            "pages": pages,
            "count": len(rows),
            "no_shows": no_shows,
            "mine": {
                "rank": mine.rank,
                "page": 1 + rows.index(mine) // STANDINGS_PAGE_SIZE,
                "id": mine.entrant_id,
            }
            if mine
            else None,
        }
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
    table = standings_table(tournament, token, page, viewer_entrant_id(request, tournament))
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
