"""Projector boards for the hall: a round's tables (who sits where, on which flower) and the
standings, in large type, paging through a big field by themselves. Staff only, like the
projector clock; without scripts every page of the board is shown one after another."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from tournament.services.standings import cached_standings
from tournament.views.desk import staff_tournament
from tournament.views.organiser.common import round_of
from tournament.views.organiser.rounds import tables_of

TABLES_PER_PAGE = 12
STANDINGS_PER_PAGE = 16
SECONDS_PER_PAGE = 12


def pages_of(items: list, size: int) -> list[list]:
    """``items`` in pages of ``size`` (at least one page, maybe empty)."""
    return [items[i : i + size] for i in range(0, len(items), size)] or [[]]


@login_required
def pairings_board(request, slug, number):
    tournament = staff_tournament(request, slug)
    round_ = round_of(tournament, number)
    tables = [m for m in tables_of(round_) if not m.is_bye]
    byes = [s.entrant.display_name for m in tables_of(round_) if m.is_bye for s in m.seats.all()]
    return render(
        request,
        "organiser/board_pairings.html",
        {
            "tournament": tournament,
            "round": round_,
            "board_title": f"Round {round_.number} tables",
            "pages": pages_of(tables, TABLES_PER_PAGE),
            "byes": byes,
            "seconds": SECONDS_PER_PAGE,
        },
    )


@login_required
def standings_board(request, slug):
    tournament = staff_tournament(request, slug)
    rows = cached_standings(tournament)
    return render(
        request,
        "organiser/board_standings.html",
        {
            "tournament": tournament,
            "board_title": "Standings",
            "pages": pages_of(rows, STANDINGS_PER_PAGE),
            "seconds": SECONDS_PER_PAGE,
        },
    )
