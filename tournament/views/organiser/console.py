"""Console home, creating an event and the exports."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.audit.actor import Actor
from common.audit.channels import Channel
from common.audit.models import AuditEntry
from common.audit.stories import tell
from common.csv_export import csv_download
from matches.models import MatchStatus
from tournament.forms import TournamentForm
from tournament.logic.embed_origins import split_origins
from tournament.models import EntrantStatus, GenerationJob
from tournament.services.events import create_tournament
from tournament.services.exports import round_table, standings_table
from tournament.services.registration import RegistrationError, open_registration
from tournament.services.transfer import export_tournament
from tournament.views.organiser.audit import audit_names
from tournament.views.organiser.common import (
    champion_name,
    current_round,
    next_step,
    organiser_tournament,
    page_actor,
    round_of,
)
from tournament.views.widget import widget_snippet


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
    recent = list(
        AuditEntry.objects.filter(tournament=tournament)
        .select_related("user", "entrant")
        .order_by("-created_at", "-id")[:5]
    )
    names = audit_names(tournament, recent)
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
            "widget_snippet": widget_snippet(request, tournament),
            "widget_sites": split_origins(tournament.embed_origins),
            "job": GenerationJob.objects.filter(tournament=tournament).first(),
            "recent": [(entry, tell(entry, names)) for entry in recent],
        },
    )


@login_required
def create(request):
    """A new event; whoever creates it becomes its organiser."""
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        actor = Actor.from_request(request, Channel.PAGE)
        tournament = create_tournament(form.save(commit=False), actor)
        messages.success(
            request,
            _("%(name)s is created. Register its players next.") % {"name": tournament.name},
        )
        return redirect("tournament:manage-home", slug=tournament.slug)
    return render(request, "organiser/create.html", {"form": form})


@login_required
@require_POST
def open_registration_view(request, slug):
    """Open registration: players may then check themselves in."""
    tournament = organiser_tournament(request, slug)
    try:
        open_registration(tournament, page_actor(request))
        messages.success(request, _("Registration is open: players can check in."))
    except RegistrationError as error:
        messages.error(request, str(error))
    return redirect("tournament:manage-home", slug=slug)


@login_required
def export_standings(request, slug):
    """The standings as CSV (the same table as the API's ``standings.csv``)."""
    tournament = organiser_tournament(request, slug)
    header, rows = standings_table(tournament)
    return csv_download(f"{tournament.slug}-standings.csv", header, rows)


@login_required
def export_round(request, slug, number):
    """One round as CSV, a line per seat (the same table as the API's ``pairings.csv``)."""
    tournament = organiser_tournament(request, slug)
    round_ = round_of(tournament, number)
    header, rows = round_table(round_)
    return csv_download(f"{tournament.slug}-round-{round_.number}.csv", header, rows)


@login_required
def export_json(request, slug):
    """The whole event (every row, every version, the audit trail) as one JSON document."""
    tournament = organiser_tournament(request, slug)
    response = JsonResponse(export_tournament(tournament), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.json"'
    return response
