"""The desk's staff tools for one table: its extra time, and warnings or point penalties for
the sides seated at it. Thin doors: each post calls its service (which checks who may act) and
comes back to the table's desk page with what was done, or why nothing was."""

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.errors import ServiceError
from common.rate_limits import rate_limited
from matches.models import Match
from matches.services.table_time import MAX_EXTRA_MINUTES, set_table_time
from tournament.models import Penalty, PenaltyKind
from tournament.services.penalties import MAX_PENALTY_POINTS, give_penalty, withdraw_penalty
from tournament.views.organiser.common import page_actor, staff_tournament


def table_tools(match, seats) -> dict:
    """What the table's desk page shows of the staff tools: the forms' bounds, a fresh key for
    the penalty form, and the penalties of the sides seated here."""
    return {
        "max_extra_minutes": MAX_EXTRA_MINUTES,
        "extra_minutes": match.extra_seconds // 60,
        "max_penalty_points": MAX_PENALTY_POINTS,
        "penalty_kinds": PenaltyKind.choices,
        "penalty_key": uuid.uuid4(),
        "penalties": Penalty.objects.filter(entrant__in=[s.entrant_id for s in seats])
        .select_related("entrant", "round")
        .order_by("-created_at"),
    }


def _table(request, slug, match_id) -> Match:
    tournament = staff_tournament(request, slug)
    return get_object_or_404(
        Match.objects.select_related("round"), pk=match_id, round__tournament=tournament
    )


@rate_limited("results")
@login_required
@require_POST
def table_time(request, slug, match_id):
    """Give the table extra time in all (0 takes it back), with a reason."""
    match = _table(request, slug, match_id)
    try:
        match = set_table_time(
            match,
            request.POST.get("minutes"),
            page_actor(request),
            reason=request.POST.get("reason", ""),
        )
    except ServiceError as error:
        messages.error(request, _("No extra time given: %(why)s") % {"why": error})
    else:
        minutes = match.extra_seconds // 60
        messages.success(
            request,
            _("Table %(table)d now has %(minutes)d extra minutes.")
            % {"table": match.table_number, "minutes": minutes}
            if minutes
            else _("Table %(table)d has no extra time now.") % {"table": match.table_number},
        )
    return redirect("matches:desk-match", slug=slug, match_id=match.pk)


@rate_limited("results")
@login_required
@require_POST
def penalty(request, slug, match_id):
    """Give a side seated at the table a warning or a point penalty, with a reason."""
    match = _table(request, slug, match_id)
    seat = match.seats.select_related("entrant").filter(entrant=_whole(request, "entrant")).first()
    if seat is None:
        messages.error(request, _("Nothing given: choose a player seated at this table."))
        return redirect("matches:desk-match", slug=slug, match_id=match.pk)
    try:
        given = give_penalty(
            seat.entrant,
            request.POST.get("kind", ""),
            page_actor(request),
            reason=request.POST.get("reason", ""),
            points=request.POST.get("points"),
            round_=match.round,
            request_key=request.POST.get("request_key"),
        )
    except ServiceError as error:
        messages.error(request, _("Nothing given: %(why)s") % {"why": error})
    else:
        messages.success(
            request,
            _("%(kind)s for %(name)s recorded.")
            % {"kind": given.get_kind_display(), "name": seat.entrant.display_name},
        )
    return redirect("matches:desk-match", slug=slug, match_id=match.pk)


@rate_limited("results")
@login_required
@require_POST
def withdraw(request, slug, match_id, penalty_id):
    """Withdraw a warning or penalty of a side seated at the table, with a reason."""
    match = _table(request, slug, match_id)
    given = get_object_or_404(
        Penalty.objects.select_related("entrant"),
        pk=penalty_id,
        entrant__in=match.seats.values("entrant"),
    )
    try:
        withdraw_penalty(given, page_actor(request), reason=request.POST.get("reason", ""))
    except ServiceError as error:
        messages.error(request, _("Nothing withdrawn: %(why)s") % {"why": error})
    else:
        messages.success(
            request,
            _("%(kind)s for %(name)s withdrawn.")
            % {"kind": given.get_kind_display(), "name": given.entrant.display_name},
        )
    return redirect("matches:desk-match", slug=slug, match_id=match.pk)


def _whole(request, name: str) -> int | None:
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        return None
