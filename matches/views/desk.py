"""The referee desk: the current round's matches by urgency, and the result form for each.

Keyboard flow: the first input of a result form has the focus, Enter saves, "Save and next"
(or the "next open table" link, access key N) goes straight to the next table that waits.
The list follows the round's websocket (results arriving) through static/js/live.js.
"""

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Case, Prefetch, When
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from common.db.query_numbers import whole_number
from common.live.realtime import server_time_ms
from common.rate_limits import rate_limited
from engine.errors import ResultInvalid
from matches.forms import CorrectionReasonForm, ResultForm
from matches.models import (
    Match,
    MatchStatus,
    ResponseDecision,
    ResultVersion,
    Seat,
    VersionState,
)
from matches.services.idempotency import KEY_FIELD
from matches.services.results import correct_result, enter_result
from matches.services.tables import ResultFlowError
from matches.views import offline_sync
from matches.views.staff_tools import table_tools
from tournament.models import RoundStatus
from tournament.views.organiser.common import page_actor, staff_tournament
from tournament.views.table_pages import table_page

#: the longest search the desk takes (a name or a table number)
MAX_SEARCH_CHARS = 60
#: the highest round number a query may name (the column is a small positive integer)
MAX_ROUND_NUMBER = 32767
URGENCY = [MatchStatus.DISPUTED, MatchStatus.REPORTED, MatchStatus.OPEN, MatchStatus.ACCEPTED]


@login_required
def desk(request, slug):
    """The round being played (``?round=N`` for another): tables by urgency, a page of them
    at a time (``?page=N``; the offline desk keeps the tables of the page it shows)."""
    rendered_at = server_time_ms()
    tournament = staff_tournament(request, slug)
    round_ = desk_round(tournament, request.GET.get("round"))
    matches, page = [], None
    search = (request.GET.get("q") or "").strip()[:MAX_SEARCH_CHARS]
    if round_:
        seats = Seat.objects.select_related("entrant").order_by("position")
        urgency = Case(*(When(status=s, then=n) for n, s in enumerate(URGENCY)), default=9)
        by_urgency = (
            searched(round_.matches.all(), search)
            .annotate(urgency=urgency)
            .order_by("urgency", "table_number")
            .prefetch_related(Prefetch("seats", seats))
        )
        page = table_page(by_urgency, request.GET.get("page"))
        matches = list(page.object_list)
    return render(
        request,
        "desk/desk.html",
        {
            "rendered_at": rendered_at,
            "tournament": tournament,
            "round": round_,
            "other_rounds": tournament.rounds.exclude(pk=getattr(round_, "pk", None))
            .select_related("stage")
            .order_by("number"),
            "matches": matches,
            "page": page,
            "page_keep": urlencode({"round": round_.number} | ({"q": search} if search else {}))
            if round_
            else "",
            "search": search,
            "next_open": next_open_match(round_),
        },
    )


def searched(matches, text: str):
    """The tables whose number is ``text``, or with a side whose name contains it (any case);
    every table when ``text`` is empty."""
    if not text:
        return matches
    if text.isdigit():
        return matches.filter(table_number=int(text))
    wanted = Seat.objects.filter(entrant__display_name__icontains=text).values("match")
    return matches.filter(pk__in=wanted)


def desk_round(tournament, asked=None):
    """The round a referee works on: the one asked for, else the first published or running
    round that is not complete (the final's games are drafted ahead), else the latest."""
    rounds = tournament.rounds.order_by("number")
    number = whole_number(asked, low=1, high=MAX_ROUND_NUMBER)
    if number is not None:
        chosen = rounds.filter(number=number).first()
        if chosen is not None:
            return chosen
    playing = rounds.filter(status__in=[RoundStatus.PUBLISHED, RoundStatus.RUNNING]).first()
    return playing or rounds.last()


def next_open_match(round_, *, after: Match | None = None) -> Match | None:
    """The most urgent table of the round still waiting for a result (not ``after``)."""
    if round_ is None:
        return None
    waiting = round_.matches.filter(is_bye=False).exclude(status=MatchStatus.ACCEPTED)
    if after is not None:
        waiting = waiting.exclude(pk=after.pk)
    return min(
        waiting,
        key=lambda m: (URGENCY.index(m.status), m.table_number),
        default=None,
    )


@rate_limited("results")
@login_required
def desk_match(request, slug, match_id):
    """One match: its result history, and the form to enter or correct its result."""
    tournament = staff_tournament(request, slug)
    match = get_object_or_404(
        Match.objects.select_related("round"), pk=match_id, round__tournament=tournament
    )
    seats = list(match.seats.select_related("entrant").order_by("position"))
    accepted = match.result_versions.filter(state=VersionState.ACCEPTED).first()
    # a reported (perhaps disputed) result fills the form: save it as it is to accept it
    reported = (
        None
        if accepted
        else match.result_versions.filter(state=VersionState.PENDING)
        .select_related("entrant")
        .order_by("-number")
        .first()
    )
    disputes = (
        list(reported.responses.filter(decision=ResponseDecision.DISPUTE).select_related("entrant"))
        if reported
        else []
    )
    description = tournament.game_mode
    data = request.POST if request.method == "POST" else None
    initial = initial_from(accepted or reported, seats)
    form = ResultForm(description, seats, data=data, initial=initial)
    # settling a dispute is a correction: the players read the referee's reason
    correcting = is_correction(data, accepted is not None or match.status == MatchStatus.DISPUTED)
    reason_form = CorrectionReasonForm(data) if correcting else None
    settling = reason_form is not None and match.status == MatchStatus.DISPUTED
    if settling:
        reason_form.fields["reason"].label = _("Your ruling on the dispute")
        reason_form.fields["reason"].help_text = _(
            "Required: the players read it on their pages, with what changed."
        )
    if (
        request.method == "POST"
        and form.is_valid()
        and (reason_form is None or reason_form.is_valid())
    ):
        key = request.POST.get(KEY_FIELD)
        try:
            if correcting:
                reason = reason_form.cleaned_data["reason"]
                correct_result(
                    match, form.to_report(), page_actor(request), reason, idempotency_key=key
                )
                message = (
                    _("Table %(table)s: dispute settled; the players are told.")
                    if settling
                    else _("Table %(table)s: result corrected.")
                ) % {"table": match.table_number}
            else:
                enter_result(match, form.to_report(), page_actor(request), idempotency_key=key)
                message = _("Table %(table)s: result saved.") % {"table": match.table_number}
            messages.success(request, message)
            following = next_open_match(match.round, after=match)
            if request.POST.get("then") == "next" and following is not None:
                answer = redirect("matches:desk-match", slug=tournament.slug, match_id=following.pk)
            else:
                answer = redirect("matches:desk", slug=tournament.slug)
            if offline_sync.wants_sync_answer(request):
                return offline_sync.sent(message, answer.url)
            return answer
        except ResultInvalid as error:
            form.add_engine_errors(error)
        except ResultFlowError as error:
            form.add_error(None, str(error))
    if offline_sync.wants_sync_answer(request):
        if reason_form is not None and not reason_form.is_valid():
            return offline_sync.refused_form(reason_form, _("A correction needs a reason."))
        return offline_sync.refused_form(form, _("The result was not saved."))
    autofocus_first_field(form)
    history = (
        ResultVersion.objects.filter(match=match)
        .select_related("user", "entrant")
        .prefetch_related("responses__entrant")
        .order_by("-number")
    )
    names = {str(seat.entrant_id): seat.entrant.display_name for seat in seats}
    return render(
        request,
        "desk/match.html",
        {
            "tournament": tournament,
            "match": match,
            "form": form,
            "reason_form": reason_form,
            "accepted": accepted,
            "reported": reported,
            "disputes": disputes,
            "next_open": next_open_match(match.round, after=match),
            "history": [(version, version.named_placings(names)) for version in history],
            **table_tools(match, seats),
        },
    )


def is_correction(data, has_standing_result: bool) -> bool:
    """Whether a post corrects a standing result (accepted, or disputed: settling it) or enters
    a first one.

    The form says which it was when it was shown (``intent``): an entry typed offline for a
    table that has meanwhile been accepted is refused as an entry, not taken as a correction.
    Without it, the table's state decides.
    """
    intent = data.get("intent") if data is not None else None
    if intent in ("entry", "correct"):
        return intent == "correct"
    return has_standing_result


def autofocus_first_field(form) -> None:
    """Put the cursor in the first input with an error, or else the first input."""
    names = [name for name in form.fields if name in form.errors] or list(form.fields)
    if names:
        form.fields[names[0]].widget.attrs["autofocus"] = True


def initial_from(version: ResultVersion | None, seats) -> dict:
    """Prefill a correction with the accepted report, so the referee changes only what's wrong."""
    if version is None or "sides" not in version.report:
        return {}
    position = {str(seat.entrant_id): seat.position for seat in seats}
    initial = {f"g-{k}": v for k, v in version.report.items() if k != "sides"}
    for side in version.report["sides"]:
        for key, value in side.items():
            if key != "side" and side["side"] in position:
                if isinstance(value, list):
                    value = value if key == "characters" else ", ".join(map(str, value))
                initial[f"s{position[side['side']]}-{key}"] = value
    return initial
