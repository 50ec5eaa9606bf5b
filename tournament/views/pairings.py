"""Players' pages: a round's tables, and "my table" through an entrant's private link."""

from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, render

from matches.models import Seat
from tournament.models import Entrant, RoundStatus, Tournament

PUBLIC_ROUND_STATES = [RoundStatus.PUBLISHED, RoundStatus.RUNNING, RoundStatus.COMPLETE]


def round_tables(round_):
    """The round's matches with their seats and entrants, in two queries."""
    seats = Seat.objects.select_related("entrant").order_by("position")
    return round_.matches.order_by("table_number").prefetch_related(Prefetch("seats", seats))


def round_pairings(request, slug, number):
    """The published tables of one round, with each side's starting colour and result."""
    tournament = get_object_or_404(Tournament, slug=slug, is_public=True)
    round_ = get_object_or_404(
        tournament.rounds.select_related("stage"), number=number, status__in=PUBLIC_ROUND_STATES
    )
    return render(
        request,
        "tournament/pairings.html",
        {"tournament": tournament, "round": round_, "matches": round_tables(round_)},
    )


def my_table(request, token):
    """An entrant's private page: where they play now, with whom, and their games so far."""
    entrant = Entrant.objects.select_related("tournament").filter(access_token=token).first()
    if entrant is None:
        raise Http404("This private link is not valid (it may have been replaced).")
    tournament = entrant.tournament
    seats = (
        Seat.objects.filter(entrant=entrant, round__status__in=PUBLIC_ROUND_STATES)
        .select_related("round", "match")
        .prefetch_related(
            Prefetch(
                "match__seats",
                Seat.objects.select_related("entrant").order_by("position"),
            )
        )
        .order_by("-round__number")
    )
    current = seats[0] if seats else None
    return render(
        request,
        "tournament/my_table.html",
        {
            "tournament": tournament,
            "entrant": entrant,
            "current": current,
            "current_match": current.match if current else None,
            "history": seats,
        },
    )
