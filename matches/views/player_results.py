"""A side's result actions on its private page (``/me/<token>/``): report, confirm, dispute.

``matches.urls`` routes the page's address here, before the event pages. A POST of a result
action is answered here, reading only what it acts on: the side by its private link, then the
match it names (its seats, in the side's event, in a public round, with the side seated at it)
or the version it answers (of a match where the side sits); the result service then locks
that match and checks the rest. Every other request to the address (the page itself, a claim)
is the side's page (``tournament.views.players.my_table``, handed in by ``matches.urls``), which
also draws a refused action again with what was typed. A post from offline.js gets its JSON answer
(``matches.views.offline_sync``).
"""

from dataclasses import dataclass, field

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from common.audit.channels import Channel
from common.audit.reasons import reason_problem
from common.db.query_numbers import whole_number
from common.db.sql import MAX_ID
from common.rate_limits import rate_limited
from engine.errors import ResultInvalid
from matches.forms import ResultForm
from matches.models import ResultVersion, Seat
from matches.services.disputes import dispute
from matches.services.idempotency import KEY_FIELD
from matches.services.results import confirm_report, submit_report
from matches.services.tables import ResultFlowError
from matches.views import offline_sync
from tournament.models import PUBLIC_ROUND_STATES
from tournament.services.permissions import link_entrant_of

RESULT_ACTIONS = ("report", "confirm", "dispute")


@dataclass
class ActionOutcome:
    """What a posted result action came to: a redirect when it was done, else the form (a
    refused report, as typed) and the messages to show on the page."""

    done: HttpResponse | None = None
    form: ResultForm | None = None
    form_match_id: int | None = None
    error: str | None = None
    dispute_errors: dict = field(default_factory=dict)
    message: str = ""


@rate_limited("results", "private_link")
def my_table(request, token, side_page):
    """``/me/<token>/``: a result action is taken here; anything else is the side's page
    (``side_page``, handed in by the routes: ``matches.urls``)."""
    if request.method != "POST" or request.POST.get("action") not in RESULT_ACTIONS:
        return side_page(request, token)
    entrant = link_entrant_of(request, token)
    if entrant is None:
        return side_page(request, token)  # which answers an unknown link with a 404
    if request.POST["action"] == "report":
        outcome = report(request, entrant)
    else:
        outcome = answer(request, entrant)
    if offline_sync.wants_sync_answer(request):
        return sync_answer(outcome)
    return outcome.done or side_page(request, token, entrant=entrant, refused=outcome)


def actor_of(request, entrant) -> Actor:
    """The side acting through its private link, with where the request came from."""
    return Actor.from_request(request, Channel.PAGE, entrant=entrant)


def posted_id(request, name: str) -> int | None:
    """A posted row id, or None when it is not a whole number (never one a column cannot
    take: a larger one is held to the largest id, which names no row)."""
    return whole_number(request.POST.get(name), low=0, high=MAX_ID)


def seats_at(entrant, match_id: int | None) -> list[Seat]:
    """The seats (in order, with their entrants and the match) of the match ``match_id`` of
    the side's event, in a public round, when the side sits at it; else none."""
    if match_id is None:
        return []
    seats = list(
        Seat.objects.filter(
            match_id=match_id,
            round__tournament_id=entrant.tournament_id,
            round__status__in=PUBLIC_ROUND_STATES,
        )
        .select_related("entrant", "match")
        .order_by("position")
    )
    return seats if any(seat.entrant_id == entrant.pk for seat in seats) else []


def done(request, entrant, message: str) -> ActionOutcome:
    """A taken action: its message shown on the page the side goes back to."""
    messages.success(request, message)
    back = redirect("matches:my-table", token=entrant.access_token)
    return ActionOutcome(done=back, message=message)


def report(request, entrant) -> ActionOutcome:
    """The side reports its game's result; the other sides then confirm it."""
    seats = seats_at(entrant, posted_id(request, "match"))
    if not seats:
        return ActionOutcome(error=_("This is not one of your games."))
    match = seats[0].match
    form = ResultForm(entrant.tournament.game_mode, seats, data=request.POST, shared_help=True)
    refused = ActionOutcome(form=form, form_match_id=match.pk)
    if not form.is_valid():
        return refused
    key = request.POST.get(KEY_FIELD)
    try:
        submit_report(match, form.to_report(), actor_of(request, entrant), idempotency_key=key)
    except ResultInvalid as exc:
        form.add_engine_errors(exc)
    except ResultFlowError as exc:
        form.add_error(None, str(exc))
    else:
        return done(
            request,
            entrant,
            _("Result of table %(table)s reported: the other sides now confirm it.")
            % {"table": match.table_number},
        )
    return refused


def answer(request, entrant) -> ActionOutcome:
    """The side confirms or disputes a report of one of its games."""
    action = request.POST["action"]
    version_id = posted_id(request, "version")
    version = (
        ResultVersion.objects.filter(
            pk=version_id,
            match__seats__entrant=entrant,
            match__round__status__in=PUBLIC_ROUND_STATES,
        )
        .select_related("match")
        .first()
        if version_id is not None
        else None
    )
    reason = request.POST.get("reason", "").strip()
    if version is None:
        return ActionOutcome(error=_("This is not a report of one of your games."))
    if action == "dispute":
        problem = reason_problem(reason) if reason else _("Say what is wrong with this result.")
        if problem:
            return ActionOutcome(dispute_errors={version.pk: problem})
    actor, key = actor_of(request, entrant), request.POST.get(KEY_FIELD)
    try:
        if action == "confirm":
            confirm_report(version, actor, idempotency_key=key)
        else:
            dispute(version, actor, reason, idempotency_key=key)
    except ResultFlowError as exc:
        return ActionOutcome(error=str(exc))
    table = version.match.table_number
    if action == "confirm":
        return done(request, entrant, _("Table %(table)s: result confirmed.") % {"table": table})
    return done(
        request,
        entrant,
        _("Table %(table)s: result disputed; a referee will settle it.") % {"table": table},
    )


def sync_answer(outcome: ActionOutcome):
    """The JSON answer to an action sent by offline.js (``matches.views.offline_sync``)."""
    if outcome.done is not None:
        return offline_sync.sent(outcome.message, outcome.done.url)
    if outcome.form is not None:
        return offline_sync.refused_form(outcome.form, _("Your report was not saved."))
    if outcome.dispute_errors:
        return offline_sync.refused(next(iter(outcome.dispute_errors.values())), status=400)
    return offline_sync.refused(outcome.error or _("Not done."))
