"""The public standings page: rank, name, points and the event's tiebreakers, phone first."""

from django.shortcuts import get_object_or_404, render

from tournament.models import Tournament
from tournament.services.standings import compute_standings
from tournament.standings import get_metric

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
    """The Swiss standings of a public event (two database queries whatever the field size)."""
    tournament = get_object_or_404(Tournament, slug=slug, is_public=True)
    rows = compute_standings(tournament)
    keys = [key for key, _ in rows[0].tiebreaks] if rows else []
    return render(
        request,
        "tournament/standings.html",
        {
            "tournament": tournament,
            "rows": rows,
            "columns": [tiebreak_label(key) for key in keys],
        },
    )
