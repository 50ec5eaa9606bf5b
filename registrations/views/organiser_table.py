"""The console's registrations table: every registration with its state, check-in, payment and
answers, filtered by state; the organiser's actions on one (accept, decline, promote, move in
the waitlist, paid) and the CSV of all of them.

The event's referees may read the table (they work the desk: who is in, who has paid, what
they answered); every action, the CSV and the e-mail are the organiser's."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from common.csv_export import csv_download
from common.errors import ServiceError
from registrations.models import MAX_ORGANISER_MESSAGE, RegistrationStatus
from registrations.services.table import FILTERS, csv_table, registrations_table
from registrations.views.organiser_actions import ACTIONS
from tournament.services.permissions import is_organiser
from tournament.views.organiser.common import organiser_tournament, page_actor, staff_tournament

FILTER_LABELS = {
    **{status.value: status.label for status in RegistrationStatus},
    "checked_in": gettext_lazy("Checked in"),
    "paid": gettext_lazy("Paid"),
}


@login_required
def table(request, slug):
    """The registrations in arrival order, those of one state when ``?show=`` names it."""
    tournament = staff_tournament(request, slug)
    shown = request.GET.get("show", "")
    data = registrations_table(tournament, shown)
    organiser = is_organiser(request.user, tournament)
    context = {
        "tournament": tournament,
        "organiser": organiser,
        "referee_only": not organiser,
        "rows": data.rows,
        "questions": data.questions,
        "shown": shown if shown in FILTERS else "",
        "total": tournament.registrations.count(),
        "filters": [(key, FILTER_LABELS[key], data.counts[key]) for key in FILTERS],
        "message_max": MAX_ORGANISER_MESSAGE,
    }
    return render(request, "registrations/table.html", context)


@login_required
@require_POST
def act(request, slug, registration_id, action):
    """One action on one registration; the outcome (or the refusal) is the page's message."""
    tournament = organiser_tournament(request, slug)
    if action not in ACTIONS:
        messages.error(request, _("There is no such action."))
        return redirect("registrations:manage-table", slug=slug)
    registration = get_object_or_404(
        tournament.registrations.select_related("entrant", "player", "user"), pk=registration_id
    )
    try:
        site = request.build_absolute_uri("/").rstrip("/")
        done = ACTIONS[action](registration, request.POST, page_actor(request), site)
    except ServiceError as refused:
        messages.error(request, str(refused))
    else:
        messages.success(request, done)
    url = redirect("registrations:manage-table", slug=slug).url
    return redirect(f"{url}#registration-{registration.pk}")


@login_required
def export_csv(request, slug):
    """Every registration with every column and answer, formula-safe."""
    tournament = organiser_tournament(request, slug)
    header, rows = csv_table(tournament)
    return csv_download(f"{tournament.slug}-registrations.csv", header, rows)
