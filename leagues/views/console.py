"""The organisation console: make an organisation, add its staff, make and run its seasons.

Thin doors: each form is checked, then one service call does the change (and writes the
organisation's log); a refusal is shown as a message and changes nothing.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.errors import ServiceError
from leagues.forms import AddEventForm, OrganisationForm, SeasonForm, StaffForm
from leagues.models import Organisation, Season
from leagues.services import organisations as org_service
from leagues.services import seasons as season_service
from leagues.services.season_standings import season_events
from tournament.models import Tournament
from tournament.services.permissions import staff_tournaments
from tournament.views.organiser.common import page_actor

#: the organisation's latest log entries shown on its page
LOG_ENTRIES = 50


def _sentence(error: Exception) -> str:
    text = str(error)
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def staff_organisation(request, slug: str) -> Organisation:
    """The organisation if the signed-in user runs it (403 otherwise)."""
    organisation = get_object_or_404(Organisation, slug=slug)
    if not org_service.is_org_staff(request.user, organisation):
        raise PermissionDenied(
            _("Only the staff of %(organisation)s may run it.")
            % {"organisation": organisation.name}
        )
    return organisation


def staff_season(request, slug: str) -> Season:
    season = get_object_or_404(Season.objects.select_related("organisation"), slug=slug)
    staff_organisation(request, season.organisation.slug)
    return season


@login_required
def organisation_new(request):
    form = OrganisationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            organisation = org_service.create_organisation(
                data["name"], data["slug"], data["region"], page_actor(request)
            )
        except ServiceError as error:
            form.add_error("slug", _sentence(error))
        else:
            messages.success(
                request,
                _("%(organisation)s is ready: make its first season.")
                % {"organisation": organisation.name},
            )
            return redirect("leagues:organisation", slug=organisation.slug)
    status = 400 if request.method == "POST" else 200
    return render(request, "leagues/organisation_new.html", {"form": form}, status=status)


@login_required
def organisation(request, slug: str):
    """The organisation's seasons, its events, its staff (and the form to add one), and the
    latest entries of its log."""
    organisation = staff_organisation(request, slug)
    return render(
        request,
        "leagues/organisation.html",
        {
            "organisation": organisation,
            "seasons": organisation.seasons.all(),
            "events": organisation.events.order_by("-starts_on", "name")[:200],
            "staff": organisation.staff.select_related("user"),
            "staff_form": StaffForm(),
            "log": organisation.log_entries.select_related("user")[:LOG_ENTRIES],
        },
    )


@login_required
@require_POST
def organisation_staff(request, slug: str):
    organisation = staff_organisation(request, slug)
    form = StaffForm(request.POST)
    if form.is_valid():
        try:
            staff = org_service.add_staff(
                organisation, form.cleaned_data["username"], page_actor(request)
            )
        except ServiceError as error:
            messages.error(request, _sentence(error))
        else:
            messages.success(
                request,
                _("%(username)s now runs %(organisation)s.")
                % {"username": staff.user.get_username(), "organisation": organisation.name},
            )
    else:
        messages.error(request, _("Type the username of an account."))
    return redirect("leagues:organisation", slug=organisation.slug)


@login_required
def season_new(request, slug: str):
    organisation = staff_organisation(request, slug)
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            season = season_service.create_season(
                organisation, form.cleaned_data["slug"], form.rule_values(), page_actor(request)
            )
        except ServiceError as error:
            form.add_error(None, _sentence(error))
        else:
            messages.success(
                request, _("%(season)s is made: add its events.") % {"season": season.name}
            )
            return redirect("leagues:season-manage", slug=season.slug)
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "leagues/season_form.html",
        {"form": form, "organisation": organisation, "season": None},
        status=status,
    )


def addable_events(request, season: Season):
    """Events the user may add: theirs or the organisation's, of the season's game, not in it."""
    mine = Tournament.objects.filter(staff_tournaments(request.user)) | Tournament.objects.filter(
        organisation=season.organisation
    )
    return (
        mine.filter(game_system=season.game_system)
        .exclude(season_entries__season=season)
        .distinct()
        .order_by("-starts_on", "name")[:200]
    )


@login_required
def season_manage(request, slug: str):
    """Change a season's rules; see, add and remove its events."""
    season = staff_season(request, slug)
    form = SeasonForm(request.POST or None, instance=season)
    if request.method == "POST" and form.is_valid():
        try:
            season_service.update_season(season, form.rule_values(), page_actor(request))
        except ServiceError as error:
            form.add_error(None, _sentence(error))
        else:
            messages.success(request, _("The season's rules are saved; the table follows them."))
            return redirect("leagues:season-manage", slug=season.slug)
    status = 400 if request.method == "POST" else 200
    season.refresh_from_db()
    return render(
        request,
        "leagues/season_form.html",
        {
            "form": form,
            "organisation": season.organisation,
            "season": season,
            "events": season_events(season),
            "add_form": AddEventForm(addable_events(request, season)),
            "game_name": season_service.system_name(season.game_system),
        },
        status=status,
    )


@login_required
@require_POST
def season_event_add(request, slug: str):
    season = staff_season(request, slug)
    form = AddEventForm(addable_events(request, season), request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose one of the listed events."))
        return redirect("leagues:season-manage", slug=season.slug)
    tournament = Tournament.objects.get(slug=form.cleaned_data["event"])
    try:
        season_service.add_event(season, tournament, page_actor(request))
    except ServiceError as error:
        messages.error(request, _sentence(error))
    else:
        messages.success(
            request,
            _("%(event)s counts for %(season)s now.")
            % {"event": tournament.name, "season": season.name},
        )
    return redirect("leagues:season-manage", slug=season.slug)


@login_required
@require_POST
def season_event_remove(request, slug: str, event: str):
    season = staff_season(request, slug)
    tournament = get_object_or_404(Tournament, slug=event)
    try:
        season_service.remove_event(season, tournament, page_actor(request))
    except ServiceError as error:
        messages.error(request, _sentence(error))
    else:
        messages.success(
            request,
            _("%(event)s no longer counts for %(season)s.")
            % {"event": tournament.name, "season": season.name},
        )
    return redirect("leagues:season-manage", slug=season.slug)
