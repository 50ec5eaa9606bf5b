"""Console home, creating an event and the exports."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from matches.models import AuditEntry, Channel, MatchStatus, Seat
from matches.services.audit import Actor
from tournament.csv_export import csv_download
from tournament.forms import TournamentForm
from tournament.models import EntrantStatus, GenerationJob
from tournament.services.events import create_tournament
from tournament.services.final_standings import final_csv_columns
from tournament.services.registration import RegistrationError, open_registration
from tournament.services.standings import compute_standings
from tournament.transfer import export_tournament
from tournament.views.organiser.common import (
    champion_name,
    current_round,
    next_step,
    organiser_tournament,
    page_actor,
    round_of,
)


@login_required
def home(request, slug):
    """The event at a glance and the one next action."""
    tournament = organiser_tournament(request, slug)
    counts = tournament.entrants.aggregate(
        total=Count("id"),
        checked_in=Count("id", filter=Q(status=EntrantStatus.CHECKED_IN)),
        registered=Count("id", filter=Q(status=EntrantStatus.REGISTERED)),
        dropped=Count("id", filter=Q(status=EntrantStatus.DROPPED)),
    )
    rounds = tournament.rounds.select_related("stage").annotate(
        tables=Count("matches"),
        accepted=Count("matches", filter=Q(matches__status=MatchStatus.ACCEPTED)),
    )
    return render(
        request,
        "organiser/home.html",
        {
            "tournament": tournament,
            "counts": counts,
            "rounds": rounds.order_by("number"),
            "step": next_step(tournament),
            "current": current_round(tournament),
            "champion": champion_name(tournament),
            "job": GenerationJob.objects.filter(tournament=tournament).first(),
            "recent": AuditEntry.objects.filter(tournament=tournament)
            .select_related("user", "entrant")
            .order_by("-created_at", "-id")[:5],
        },
    )


@login_required
def create(request):
    """A new event; whoever creates it becomes its organiser."""
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        actor = Actor.from_request(request, Channel.PAGE)
        tournament = create_tournament(form.save(commit=False), actor)
        messages.success(request, f"{tournament.name} is created. Register its players next.")
        return redirect("tournament:manage-home", slug=tournament.slug)
    return render(request, "organiser/create.html", {"form": form})


@login_required
@require_POST
def open_registration_view(request, slug):
    """Open registration: players may then check themselves in."""
    tournament = organiser_tournament(request, slug)
    try:
        open_registration(tournament, page_actor(request))
        messages.success(request, "Registration is open: players can check in.")
    except RegistrationError as error:
        messages.error(request, str(error))
    return redirect("tournament:manage-home", slug=slug)


@login_required
def export_standings(request, slug):
    """The standings as CSV: the final order first once there is a champion, then rank, name,
    status, points, each tiebreaker, games."""
    tournament = organiser_tournament(request, slug)
    rows = compute_standings(tournament)
    keys = [key for key, _ in rows[0].tiebreaks] if rows else []
    header, extra, rows = final_csv_columns(tournament, rows, lambda r: r.entrant_id)
    return csv_download(
        f"{tournament.slug}-standings.csv",
        [*header, "rank", "name", "status", "points", *keys, "games", "byes"],
        (
            [
                *cells,
                row.rank,
                row.name,
                row.status,
                _num(row.points),
                *[_num(v) for _, v in row.tiebreaks],
                row.games_played,
                row.byes,
            ]
            for cells, row in zip(extra, rows, strict=True)
        ),
    )


def _num(value):
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return "" if value is None else value


ROUND_COLUMNS = [
    "round", "table", "group", "seat", "entrant", "flower", "bye", "status", "place", "points",
]  # fmt: skip


@login_required
def export_round(request, slug, number):
    """One round's pairings as CSV: a line per seat, with the result when there is one."""
    tournament = organiser_tournament(request, slug)
    round_ = round_of(tournament, number)
    seats = (
        Seat.objects.filter(round=round_)
        .select_related("match", "entrant")
        .order_by("match__table_number", "position")
    )
    return csv_download(
        f"{tournament.slug}-round-{round_.number}.csv",
        [
            "round",
            "table",
            "group",
            "seat",
            "entrant",
            "flower",
            "bye",
            "status",
            "place",
            "points",
        ],
        (
            [
                round_.number,
                seat.match.table_number,
                seat.match.group_label,
                seat.position,
                seat.entrant.display_name,
                seat.flower_colour,
                "yes" if seat.match.is_bye else "",
                seat.match.status,
                seat.place if seat.place is not None else "",
                _num(float(seat.points)) if seat.points is not None else "",
            ]
            for seat in seats
        ),
    )


@login_required
def export_json(request, slug):
    """The whole event (every row, every version, the audit trail) as one JSON document."""
    tournament = organiser_tournament(request, slug)
    response = JsonResponse(export_tournament(tournament), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.json"'
    return response
