"""Public pages: an event's home page, and what the player pages share (the
clock, the tables of a round, the polling address). Who may see what is
``tournament.views.visibility``.
"""

from functools import lru_cache
from urllib.parse import urlencode

import segno
from django.db.models import Prefetch
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from common.live.realtime import server_time_ms
from engine.decisions import DECISIONS
from leagues.services.forecasts import table_chances
from matches.models import Seat
from tournament.logic.clock_maths import ClockState, ms_of
from tournament.models import (
    ELIMINATION_STAGES,
    Round,
    StageKind,
    Tournament,
    TournamentStatus,
)
from tournament.services.chiefs import event_chief_statistics
from tournament.services.final_standings import final_standings
from tournament.services.permissions import token_from_request
from tournament.services.public_field import public_field
from tournament.views.visibility import public_rounds, token_query, visible_tournament

ELIMINATION_KINDS = [*ELIMINATION_STAGES, StageKind.TIE_BREAK]
MAX_SEARCH_RESULTS = 20


def tournament_poll_url(request, tournament: Tournament, rendered_at: int) -> str:
    """The tournament's polling URL for a page drawn at ``rendered_at`` (token passed on)."""
    params = {"after": rendered_at}
    token = token_from_request(request)
    if token:
        params["token"] = token
    return reverse("tournament:tournament-live", args=[tournament.slug]) + "?" + urlencode(params)


def clock_view(round_: Round | None, extra_seconds: int = 0) -> dict | None:
    """The round clock as the page first shows it (live.js takes over when it runs); with
    ``extra_seconds``, as one table sees it that a referee gave that much more time."""
    if round_ is None:
        return None
    now = timezone.now()
    clock = ClockState.of(round_, now).with_extra(extra_seconds * 1000, ms_of(now))
    seconds = -(-clock.remaining_ms // 1000)
    return {
        "state": clock.state,
        "text": f"{seconds // 60}:{seconds % 60:02d}",
        "remaining_ms": clock.remaining_ms,
    }


@lru_cache(maxsize=1024)
def qr_svg(url: str) -> str:
    """An inline SVG QR code of ``url`` (printed at the venue to open the page); drawn once per
    address in a process: the event page showed it on every load, a quarter of its CPU."""
    return segno.make(url, error="m").svg_inline(scale=4, dark="#000")


# --- pages --------------------------------------------------------------------------------------


def chief_statistics(request, slug):
    """Which chiefs the event's players chose and how they placed (public like the standings)."""
    tournament = visible_tournament(request, slug)
    lines, unnamed = event_chief_statistics(tournament)
    return render(
        request,
        "tournament/chiefs.html",
        {
            "tournament": tournament,
            "lines": lines,
            "unnamed": unnamed,
            "token": token_query(request),
        },
    )


def rules_decisions(request):
    """The project's rules decisions, with what each rests on and the setting that changes it."""
    return render(request, "tournament/rules_decisions.html", {"decisions": DECISIONS})


def find_tables(tournament: Tournament, round_: Round | None, query: str) -> list[dict]:
    """Entrants whose name contains ``query``, with their table in ``round_`` (public only)."""
    query = query.strip()[:100]
    if not query:
        return []
    entrants = list(
        tournament.entrants.filter(display_name__icontains=query).order_by("display_name")[
            :MAX_SEARCH_RESULTS
        ]
    )
    seats = {}
    if round_ is not None:
        seats = {
            seat.entrant_id: seat
            for seat in Seat.objects.filter(round=round_, entrant__in=entrants).select_related(
                "match"
            )
        }
    return [{"entrant": e, "seat": seats.get(e.pk)} for e in entrants]


#: the event's home lists its field by name up to this size; a larger field is counted, and
#: found with "Find my table" and the standings (10,000 names were 640 kB and seconds to draw)
ENTRANTS_LISTED = 300
#: the final order's rows on the event home (the whole order is on the standings page)
FINAL_ROWS_SHOWN = 8


def tournament_detail(request, slug):
    """An event's home page: what it is, the current round and its clock, where to go next."""
    rendered_at = server_time_ms()
    tournament = visible_tournament(request, slug)
    rounds = list(public_rounds(tournament).select_related("stage").order_by("number"))
    current = rounds[-1] if rounds else None
    if current is not None:
        current.tournament = tournament
    query = request.GET.get("q", "")
    has_bracket = any(r.stage.kind in ELIMINATION_KINDS for r in rounds)
    page_url = request.build_absolute_uri(reverse("tournament:detail", args=[tournament.slug]))
    token = token_query(request)
    return render(
        request,
        "tournament/detail.html",
        {
            "tournament": tournament,
            "mode_label": tournament.mode_label,
            "rounds": rounds,
            "current": current,
            "clock": clock_view(current),
            # decided: no "Now: round N" with an idle clock under the final order
            "event_over": tournament.champion_id is not None
            or tournament.status == TournamentStatus.FINISHED,
            "query": query,
            "found": find_tables(tournament, current, query),
            "searched": bool(query.strip()),
            "has_bracket": has_bracket,
            **public_field(tournament, ENTRANTS_LISTED),
            "standings_url": reverse("tournament:standings", args=[tournament.slug]) + token,
            "qr": qr_svg(page_url),
            "page_url": page_url,
            "token": token,
            "tournament_poll": tournament_poll_url(request, tournament, rendered_at),
            # the top of the final order, and one row more to tell that the rest exists
            # (the template once stepped through all of 10,000 rows to show 8)
            "final": (final_standings(tournament) or [])[: FINAL_ROWS_SHOWN + 1] or None,
            "final_limit": FINAL_ROWS_SHOWN,
        },
    )


def round_matches(round_: Round):
    """The round's matches with their seats, entrants and any hosted live game (two queries)."""
    seats = Seat.objects.select_related("entrant").order_by("position")
    return (
        round_.matches.select_related("live_game")  # each match knows its round: no query
        .order_by("table_number")
        .prefetch_related(Prefetch("seats", seats))
    )


def with_win_chances(tournament: Tournament, matches: list) -> bool:
    """Give every seat of ``matches`` (a list, seats loaded) its ``win_chance`` in whole percent
    by the rating model, and every match ``win_chances`` (whether it has them). False when no
    player at these tables is rated in the event's game system: the page leaves them out.
    Two queries at most (the teams' members, the ratings), however many tables."""
    chances = table_chances(tournament.game_system, matches)
    for match in matches:
        table = chances.get(match.pk, {})
        match.win_chances = bool(table)
        for seat in match.seats.all():
            seat.win_chance = table.get(seat.entrant_id)
    return bool(chances)
