"""Registration and check-in: the players list, the desk's add form, CSV import, the QR code,
and the players' own check-in through their private link."""

from dataclasses import asdict

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Max, Q
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from common.audit.reasons import REASON_MAX_CHARS, ReasonTooLong
from common.rate_limits import rate_limited
from tournament.forms import CsvImportForm, PlayerForm, TeamForm
from tournament.logic.venue_code import MAX_TYPED, code_display
from tournament.models import Entrant, EntrantStatus
from tournament.services import registration
from tournament.services.csv_import import CsvImportInvalid
from tournament.services.permissions import entrant_from_token
from tournament.services.player_suggestions import suggest_players, suggestable
from tournament.views.organiser.common import organiser_tournament, page_actor

STATUS_FILTERS = {s.value: s.label for s in EntrantStatus}


def _entrants_page(
    request,
    tournament,
    *,
    form=None,
    csv_form=None,
    csv_errors=None,
    played_before=None,
    status=200,
):
    query = request.GET.get("q", "").strip()
    status_filter = request.GET.get("status", "")
    entrants = tournament.entrants.select_related("player").order_by("display_name", "id")
    if query:
        entrants = entrants.filter(
            Q(display_name__icontains=query) | Q(player__club__icontains=query)
        )
    if status_filter in STATUS_FILTERS:
        entrants = entrants.filter(status=status_filter)
    counts = tournament.entrants.aggregate(
        total=Count("id"),
        checked_in=Count("id", filter=Q(status=EntrantStatus.CHECKED_IN)),
        registered=Count("id", filter=Q(status=EntrantStatus.REGISTERED)),
        dropped=Count("id", filter=Q(status=EntrantStatus.DROPPED)),
    )
    latest_round = tournament.rounds.aggregate(at=Max("created_at"))["at"]
    entrants = list(entrants)
    for entrant in entrants:
        entrant.can_reinstate = registration.can_reinstate(entrant, latest_round)
    event_url = request.build_absolute_uri(reverse("tournament:detail", args=[tournament.slug]))
    return render(
        request,
        "organiser/entrants.html",
        {
            "tournament": tournament,
            "entrants": entrants,
            "counts": counts,
            "query": query,
            "status_filter": status_filter,
            "status_filters": STATUS_FILTERS,
            "form": form or _add_form(tournament, focus=request.GET.get("added") == "1"),
            "csv_form": csv_form or CsvImportForm(),
            "csv_errors": csv_errors,
            "answer": _answer(form, csv_form, csv_errors, played_before),
            "played_before": played_before.suggestions if played_before else None,
            "event_url": event_url,
            "qr_svg": segno.make(event_url, error="m").svg_inline(
                scale=4, title=f"QR code: {event_url}"
            ),
            "registration_open": registration.registration_open(tournament),
            "check_in_code": code_display(tournament.check_in_code),
            "may_drop_no_shows": counts["registered"] and latest_round is None,
        },
        status=status,
    )


def _answer(form, csv_form, csv_errors, played_before) -> str:
    """Which form the page answers ("add", "csv" or ""): that one is shown first, its answer
    where the organiser is looking."""
    if played_before or (form is not None and form.errors):
        return "add"
    if csv_errors or (csv_form is not None and csv_form.errors):
        return "csv"
    return ""


def _add_form(tournament, focus: bool):
    form = TeamForm() if tournament.team_play else PlayerForm()
    if focus:
        form.fields["name"].widget.attrs["autofocus"] = True
    return form


class PlayedBefore(Exception):
    """The name typed is a known player's: ask whether it is them before making a new record."""

    def __init__(self, suggestions):
        super().__init__("played before?")
        self.suggestions = suggestions


def register_from_form(tournament, form, actor, user):
    """Register the team or the player a valid desk form describes: a known player when the
    desk chose one, a new record when it said so or nobody known has that name (else
    ``PlayedBefore`` asks)."""
    data = form.cleaned_data
    if isinstance(form, TeamForm):
        return registration.register_team(tournament, data["name"], form.members(), actor=actor)
    known = None
    if data.get("existing_player"):
        known = suggestable(tournament, user, data["existing_player"])
        if known is None:
            raise registration.RegistrationError(
                "that player cannot be registered here (already in this event, or unknown)"
            )
    elif not data.get("new_player"):
        strong = [
            s for s in suggest_players(tournament, user, data["name"], data["club"]) if s.strong
        ]
        if strong:
            raise PlayedBefore(strong)
    return registration.register_player(
        tournament,
        data["name"],
        club=data["club"],
        email=data["email"],
        player=known,
        name_listed=data["name_listed"],
        actor=actor,
    )


@login_required
def entrants(request, slug):
    """The players list with search, check-in buttons, the add form, CSV import and the QR."""
    tournament = organiser_tournament(request, slug)
    if request.method == "POST":
        form = (TeamForm if tournament.team_play else PlayerForm)(request.POST)
        if form.is_valid():
            try:
                entrant = register_from_form(tournament, form, page_actor(request), request.user)
            except PlayedBefore as question:
                return _entrants_page(request, tournament, form=form, played_before=question)
            except registration.RegistrationError as error:
                form.add_error("name", str(error))
            else:
                messages.success(
                    request, _("%(name)s is registered.") % {"name": entrant.display_name}
                )
                # back to an empty form with the cursor in the name field, for the next one
                # (no #fragment: a browser skips autofocus on a page opened at a fragment)
                url = reverse("tournament:manage-entrants", args=[slug])
                return redirect(f"{url}?added=1")
        return _entrants_page(request, tournament, form=form, status=400)
    return _entrants_page(request, tournament)


@login_required
@require_POST
def import_csv(request, slug):
    """Register every line of a CSV file, or none of them (errors listed by line)."""
    tournament = organiser_tournament(request, slug)
    csv_form = CsvImportForm(request.POST, request.FILES)
    if not csv_form.is_valid():
        return _entrants_page(request, tournament, csv_form=csv_form, status=400)
    try:
        raw = csv_form.raw()
        created = registration.import_players(tournament, raw, page_actor(request))
    except CsvImportInvalid as invalid:
        return _entrants_page(
            request, tournament, csv_form=csv_form, csv_errors=invalid.errors, status=400
        )
    count = len(created)
    if csv_form.cleaned_data.get("file"):
        text = ngettext(
            "%(count)d player imported from the file.",
            "%(count)d players imported from the file.",
            count,
        )
    else:
        text = ngettext(
            "%(count)d player added from the pasted list.",
            "%(count)d players added from the pasted list.",
            count,
        )
    messages.success(request, text % {"count": count})
    return redirect("tournament:manage-entrants", slug=slug)


def _back(request, slug):
    """Back to the list, keeping the search the organiser was looking at."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}):
        return redirect(target)
    return redirect("tournament:manage-entrants", slug=slug)


def _entrant_action(action, done_text):
    @login_required
    @require_POST
    def view(request, slug, entrant_id):
        tournament = organiser_tournament(request, slug)
        entrant = get_object_or_404(Entrant, pk=entrant_id, tournament=tournament)
        try:
            action(entrant, page_actor(request))
            messages.success(request, done_text.format(name=entrant.display_name))
        except registration.RegistrationError as error:
            messages.error(request, str(error))
        return _back(request, slug)

    view.__doc__ = f"POST: {done_text.format(name='the entrant')}"
    return view


check_in = _entrant_action(registration.check_in, "{name} is checked in.")
undo_check_in = _entrant_action(registration.undo_check_in, "{name}'s check-in is undone.")
reinstate = _entrant_action(
    registration.reinstate, "{name} is back in the event and will be paired in the next round."
)


@login_required
def drop(request, slug, entrant_id):
    """GET: ask first (who, from when, how to undo); POST: drop, with an optional reason."""
    tournament = organiser_tournament(request, slug)
    entrant = get_object_or_404(Entrant, pk=entrant_id, tournament=tournament)
    if request.method != "POST":
        back = request.GET.get("next", "")
        if not url_has_allowed_host_and_scheme(back, {request.get_host()}):
            back = ""
        return render(
            request,
            "organiser/drop_confirm.html",
            {
                "tournament": tournament,
                "entrant": entrant,
                "next": back,
                "reason_max": REASON_MAX_CHARS,
            },
        )
    reason = request.POST.get("reason", "").strip()
    try:
        registration.drop(entrant, page_actor(request), reason=reason)
    except (registration.RegistrationError, ReasonTooLong) as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            f"{entrant.display_name} has dropped out. Changed your mind? Reinstate them from "
            "the list before the next round is paired.",
        )
    return _back(request, slug)


@login_required
@require_POST
def check_in_everyone(request, slug):
    """Check in every registered player at once (when the whole room is present)."""
    tournament = organiser_tournament(request, slug)
    done = registration.check_in_everyone(tournament, page_actor(request))
    messages.success(
        request,
        ngettext("%(count)s player checked in.", "%(count)s players checked in.", done)
        % {"count": done},
    )
    return _back(request, slug)


@rate_limited("private_link")
def self_check_in(request, token):
    """A player's own check-in through their private link: a page, and a POST to confirm."""
    entrant = entrant_from_token(None, token)
    if entrant is None:
        raise Http404("This private link is not valid (it may have been replaced).")
    tournament = entrant.tournament
    error = ""
    if request.method == "POST":
        try:
            registration.self_check_in(entrant, ip_address=request.META.get("REMOTE_ADDR"))
            messages.success(request, _("You are checked in. Good luck!"))
            return redirect("tournament:self-check-in", token=token)
        except registration.RegistrationError as exc:
            error = str(exc)
        entrant.refresh_from_db()
    return render(
        request,
        "organiser/self_check_in.html",
        {
            "tournament": tournament,
            "entrant": entrant,
            "token": token,
            "open": registration.registration_open(tournament),
            "error": error,
            "code_max": MAX_TYPED,
        },
        status=409 if error else 200,
    )


@login_required
def suggestions(request, slug):
    """Known players whose name is like the one typed (JSON for the add form's hints)."""
    tournament = organiser_tournament(request, slug)
    name = request.GET.get("name", "")[:100]
    club = request.GET.get("club", "")[:100]
    found = suggest_players(tournament, request.user, name, club)
    return JsonResponse({"suggestions": [asdict(s) for s in found]})
