"""Where everyone stands: the live Swiss standings, and the elimination bracket as a picture."""

from django.shortcuts import render

from tournament.realtime import server_time_ms
from tournament.services.standings import compute_standings
from tournament.standings import get_metric
from tournament.views.pages import token_query, tournament_poll_url, visible_tournament

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


def standings(request, slug):
    """The Swiss standings (three database queries whatever the field size), live."""
    rendered_at = server_time_ms()
    tournament = visible_tournament(request, slug)
    rows = compute_standings(tournament)
    keys = [key for key, _ in rows[0].tiebreaks] if rows else []
    return render(
        request,
        "tournament/standings.html",
        {
            "tournament": tournament,
            "rows": rows,
            "columns": [tiebreak_label(key) for key in keys],
            "token": token_query(request),
            "tournament_poll": tournament_poll_url(request, tournament, rendered_at),
        },
    )


def bracket(request, slug):
    """The elimination bracket (being written)."""
    from django.http import Http404

    raise Http404("No bracket yet.")
