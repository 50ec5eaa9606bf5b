"""What the hall sees on paper and screens: the printed table list and result slips, the
projector clock, the projector boards of a round's tables (with the round clock), of its players
by name ("find your name") and of the standings (paging through a big field by themselves), and
the live poll behind the clock pages. The boards and the clock are for the event's staff
(organisers and referees); without scripts every board page shows."""

import unicodedata

from django.contrib.auth.decorators import login_required
from django.core.paginator import Page, Paginator
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from common.db.query_numbers import whole_number
from common.engine_messages import choice_words
from common.live import push_messages as live_messages
from common.live.realtime import server_time_ms
from common.locale import use_event_locale
from matches.models import MatchStatus
from tournament.logic.print_order import cutting_order, surname_key
from tournament.services import clock as clock_service
from tournament.services.standings import cached_standings
from tournament.views.organiser.common import (
    mmss,
    organiser_tournament,
    plan_dict,
    round_of,
    staff_tournament,
    tables_of,
)

#: a 1920x1080 screen holds five columns of six four-seat tables (measured in
#: tests/browser/test_projector_boards.py)
TABLES_PER_PAGE = 30
STANDINGS_PER_PAGE = 16
#: the "find your name" board: four columns of 22 names at 1920x1080
NAMES_PER_PAGE = 88
SECONDS_PER_PAGE = 12
#: the pages one screen turns through (four minutes): a larger field is split into parts, one
#: screen each (``?part=N``); 2,500 tables on one screen were a megabyte and 40 minutes a turn
PAGES_PER_SCREEN = 20


def screen_part(items, per_page: int, asked: str | None) -> Page:
    """The part of ``items`` (a list or queryset: only that part is read) one screen shows."""
    return Paginator(items, per_page * PAGES_PER_SCREEN).get_page(asked)


def pages_of(items: list, size: int) -> list[list]:
    """``items`` in pages of ``size`` (at least one page, maybe empty)."""
    return [items[i : i + size] for i in range(0, len(items), size)] or [[]]


@login_required
def pairings_board(request, slug, number):
    tournament = staff_tournament(request, slug)
    use_event_locale(request, tournament, room=True)
    round_ = round_of(tournament, number)
    part = screen_part(
        tables_of(round_).filter(is_bye=False), TABLES_PER_PAGE, request.GET.get("part")
    )
    byes = [
        s.entrant.display_name for m in tables_of(round_).filter(is_bye=True) for s in m.seats.all()
    ]
    return render(
        request,
        "organiser/board_pairings.html",
        {
            "tournament": tournament,
            "round": round_,
            "board_title": _("Round %(number)d tables") % {"number": round_.number},
            "pages": pages_of(list(part.object_list), TABLES_PER_PAGE),
            "part": part,
            "byes": byes,
            "seconds": SECONDS_PER_PAGE,
            **board_clock(round_),
        },
    )


def board_clock(round_) -> dict:
    """What a board needs to show the round clock live (it joins the round's socket)."""
    clock = clock_service.ClockState.of(round_)
    return {"clock": clock, "remaining": mmss(clock.remaining_ms), "rendered_at": server_time_ms()}


@login_required
def names_board(request, slug, number):
    """Find your name: every player of the round by name, with their table (or their bye)."""
    tournament = staff_tournament(request, slug)
    round_ = round_of(tournament, number)
    names = players_by_name(tables_of(round_))
    part = screen_part(names, NAMES_PER_PAGE, request.GET.get("part"))
    return render(
        request,
        "organiser/board_names.html",
        {
            "tournament": tournament,
            "round": round_,
            "board_title": _("Round %(number)d: find your name") % {"number": round_.number},
            "pages": pages_of(list(part.object_list), NAMES_PER_PAGE),
            "part": part,
            "seconds": SECONDS_PER_PAGE,
        },
    )


def players_by_name(matches) -> list[tuple[str, int | None]]:
    """(name, table number or None for a bye) for every seat of ``matches``, by name: case and
    accents do not move a name (the tie between equal names goes to the table number)."""
    seated = [
        (seat.entrant.display_name, None if match.is_bye else match.table_number)
        for match in matches
        for seat in match.seats.all()
    ]
    return sorted(seated, key=lambda row: (name_sort_key(row[0]), row[1] or 0))


def name_sort_key(name: str) -> str:
    """``name`` as an alphabetical list orders it: without accents, case folded."""
    plain = unicodedata.normalize("NFKD", name)
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold()


@login_required
def standings_board(request, slug):
    tournament = staff_tournament(request, slug)
    use_event_locale(request, tournament, room=True)
    part = screen_part(cached_standings(tournament), STANDINGS_PER_PAGE, request.GET.get("part"))
    return render(
        request,
        "organiser/board_standings.html",
        {
            "tournament": tournament,
            "board_title": _("Standings"),
            "pages": pages_of(list(part.object_list), STANDINGS_PER_PAGE),
            "part": part,
            "seconds": SECONDS_PER_PAGE,
        },
    )


#: result slips cut from one printed sheet: as the organiser asks (``?per_sheet=``), else 4
DEFAULT_SLIPS_PER_SHEET = 4
MAX_SLIPS_PER_SHEET = 8

#: cards of a table's flower deck printed on its slip: two decks, more than a game turns
SLIP_DECK_CARDS = 12


@login_required
def print_round(request, slug, number):
    """A printable table list, and a result slip per table: each side's starting colour, a box
    for every number the game's result form asks for, how the game ended, and signatures."""
    tournament = organiser_tournament(request, slug)
    use_event_locale(request, tournament, room=True)
    round_ = round_of(tournament, number)
    form = tournament.game_mode
    slip_fields = [
        f for f in form["side_fields"] if f["name"] != "side" and f["type"] in ("int", "number")
    ]
    ended_by = next((f for f in form["game_fields"] if f["name"] == "ended_by"), None)
    matches = list(tables_of(round_))
    plan = clock_service.planned_calls(round_)
    for match in matches:  # Domination: each table's own flower deck, as the clock turns it
        has_deck = plan is not None and match.table_number in plan.tables
        match.flower_deck = (
            plan.table_cards(match.table_number, 0, SLIP_DECK_CARDS - 1) if has_deck else []
        )
    per_sheet = whole_number(request.GET.get("per_sheet"), low=1, high=MAX_SLIPS_PER_SHEET)
    per_sheet = per_sheet or DEFAULT_SLIPS_PER_SHEET
    slips = [m for m in matches if not m.is_bye]
    sheets = [
        [None if i is None else slips[i] for i in sheet]
        for sheet in cutting_order(len(slips), per_sheet)
    ]
    return render(
        request,
        "organiser/print.html",
        {
            "tournament": tournament,
            "round": round_,
            "matches": matches,
            "by_surname": sorted(
                (
                    (seat.entrant.display_name, match)
                    for match in matches
                    for seat in match.seats.all()
                ),
                key=lambda row: surname_key(row[0]),
            ),
            "sheets": sheets,
            "per_sheet": per_sheet,
            "per_sheet_choices": range(1, MAX_SLIPS_PER_SHEET + 1),
            "slip_fields": slip_fields,
            "ended_by": [choice_words(c) for c in (ended_by or {}).get("choices") or []],
        },
    )


@login_required
def projector(request, slug, number):
    """The big clock for a screen in the hall: live, with its calls (start, scoring, end); it
    resyncs its socket from the moment it was drawn (live.js's data-live-resync)."""
    rendered_at = server_time_ms()
    tournament = staff_tournament(request, slug)
    use_event_locale(request, tournament, room=True)
    round_ = round_of(tournament, number)
    clock = clock_service.ClockState.of(round_)
    return render(
        request,
        "organiser/projector.html",
        {
            "tournament": tournament,
            "round": round_,
            "clock": clock,
            "remaining": mmss(clock.remaining_ms),
            "calls": clock_service.CALLS,
            "scoring_calls": plan_dict(round_),
            "rendered_at": rendered_at,
        },
    )


@login_required
def live_json(request, slug, number):
    """The polling fallback of the live pages: the clock and every accepted result."""
    tournament = staff_tournament(request, slug)
    round_ = round_of(tournament, number)
    messages_ = [clock_service.clock_payload(round_)]
    for match in round_.matches.filter(status=MatchStatus.ACCEPTED).order_by("table_number"):
        messages_.append(live_messages.result_accepted(match))
    return JsonResponse({"messages": messages_})
