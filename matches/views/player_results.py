"""A player's result actions on their private page: report, confirm, dispute - and the view of
each of their games those actions read (its versions, what is pending, who still has to answer).

The page itself (``tournament.views.players.my_table``) puts the games and the form together;
the actions call the result services with the side as the actor.
"""

from dataclasses import dataclass, field

from django.contrib import messages
from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Prefetch
from django.http import HttpResponse
from django.shortcuts import redirect

from common.audit.actor import Actor
from common.audit.channels import Channel
from engine.errors import ResultInvalid
from matches.forms import ResultForm
from matches.models import MatchStatus, ResponseDecision, ResultVersion, Seat, VersionState
from matches.services.confirmations import can_dispute_late, dispute_deadline
from matches.services.disputes import dispute
from matches.services.idempotency import KEY_FIELD
from matches.services.result_marks import mark_of_drawn
from matches.services.results import confirm_report, submit_report
from matches.services.tables import PLAYABLE_ROUND_STATES, ResultFlowError
from matches.views import offline_sync
from tournament.models import PUBLIC_ROUND_STATES

MAX_REASON = 500


def live_game_of(match):
    """The match's hosted live game, or None (the reverse one-to-one raises when missing)."""
    try:
        return match.live_game
    except ObjectDoesNotExist:
        return None


def my_seats(entrant):
    """The entrant's seats in public rounds, newest first, with everything the page shows."""
    versions = (
        ResultVersion.objects.select_related("entrant", "user")
        .prefetch_related("responses__entrant")
        .order_by("-number")
    )
    return list(
        Seat.objects.filter(entrant=entrant, round__status__in=PUBLIC_ROUND_STATES)
        .select_related("round__stage", "match__live_game")
        .prefetch_related(
            Prefetch("match__seats", Seat.objects.select_related("entrant").order_by("position")),
            Prefetch("match__result_versions", versions),
        )
        .order_by("-round__number")
    )


def shown_state(version) -> str:
    """A version's state for its players: a disputed report says so, never "waiting for
    confirmation" beside the table's "disputed"."""
    if version.state == VersionState.PENDING and any(
        r.decision == ResponseDecision.DISPUTE for r in version.responses.all()
    ):
        return "Disputed, a referee will settle it"
    return version.get_state_display()


def game_view(seat, entrant) -> dict:
    """One of the entrant's games: its sides, its result versions, and what the entrant may do."""
    match = seat.match
    names = {str(s.entrant_id): s.entrant.display_name for s in match.seats.all()}
    versions = list(match.result_versions.all())
    for version in versions:
        version.shown_state = shown_state(version)
    pending = next((v for v in versions if v.state == VersionState.PENDING), None)
    answered = pending is not None and any(
        r.entrant_id == entrant.pk for r in pending.responses.all()
    )
    mine = pending is not None and pending.entrant_id == entrant.pk
    playable = seat.round.status in PLAYABLE_ROUND_STATES
    return {
        "seat": seat,
        "match": match,
        "round": seat.round,
        "versions": [(v, v.named_placings(names)) for v in versions],
        "pending": pending,
        "pending_placings": pending.named_placings(names) if pending else [],
        "pending_mine": mine,
        "answered": answered,
        "can_answer": (
            pending is not None
            and not mine
            and not answered
            and match.status == MatchStatus.REPORTED
        ),
        "can_report": (
            playable and not match.is_bye and match.status == MatchStatus.OPEN and pending is None
        ),
        "waiting_for": [
            names[str(s.entrant_id)]
            for s in match.seats.all()
            if pending is not None
            and match.status == MatchStatus.REPORTED  # disputed: a referee settles it now
            and s.entrant_id != pending.entrant_id
            and not any(r.entrant_id == s.entrant_id for r in pending.responses.all())
        ],
        "live_game": live_game_of(match),
        "result_mark": mark_of_drawn(match, versions),
        "late_dispute": late_dispute_of(versions, entrant, seat.round),
    }


def late_dispute_of(versions, entrant, round_) -> dict | None:
    """The accepted report this side may still dispute (one-confirmation events), or None."""
    accepted = next((v for v in versions if v.state == VersionState.ACCEPTED), None)
    tournament = entrant.tournament
    if accepted is None or round_.status not in PLAYABLE_ROUND_STATES:
        return None
    if not can_dispute_late(accepted, entrant, tournament):
        return None
    return {"version": accepted, "deadline": dispute_deadline(accepted, tournament)}


def actor_of(request, entrant) -> Actor:
    """The side acting through its private link, with where the request came from."""
    return Actor.from_request(request, Channel.PAGE, entrant=entrant)


def as_int(value) -> int | None:
    """A posted number, or None when it is not one."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


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


def answer_result_action(request, entrant, games) -> ActionOutcome:
    """Report, confirm or dispute one of ``entrant``'s games, as the side itself."""
    outcome = ActionOutcome()
    action = request.POST.get("action")
    actor = actor_of(request, entrant)
    key = request.POST.get(KEY_FIELD)
    by_match = {g["match"].pk: g for g in games}
    back = redirect("tournament:my-table", token=entrant.access_token)
    if action == "report":
        game = by_match.get(as_int(request.POST.get("match")))
        if game is None:
            outcome.error = "This is not one of your games."
            return outcome
        outcome.form_match_id = game["match"].pk
        form = outcome.form = ResultForm(
            entrant.tournament.game_mode,
            game["match"].seats.all(),
            data=request.POST,
            shared_help=True,
        )
        if form.is_valid():
            try:
                submit_report(game["match"], form.to_report(), actor, idempotency_key=key)
            except ResultInvalid as exc:
                form.add_engine_errors(exc)
            except ResultFlowError as exc:
                form.add_error(None, str(exc))
            else:
                outcome.message = (
                    f"Result of table {game['match'].table_number} reported: "
                    "the other sides now confirm it."
                )
                messages.success(request, outcome.message)
                outcome.done = back
        return outcome
    if action not in ("confirm", "dispute"):
        outcome.error = "Unknown action."
        return outcome
    version = (
        ResultVersion.objects.filter(
            pk=as_int(request.POST.get("version")), match_id__in=list(by_match)
        )
        .select_related("match")
        .first()
    )
    reason = request.POST.get("reason", "").strip()[:MAX_REASON]
    if version is None:
        outcome.error = "This is not a report of one of your games."
    elif action == "dispute" and not reason:
        outcome.dispute_errors[version.pk] = "Say what is wrong with this result."
    else:
        try:
            if action == "confirm":
                confirm_report(version, actor, idempotency_key=key)
            else:
                dispute(version, actor, reason, idempotency_key=key)
        except ResultFlowError as exc:
            outcome.error = str(exc)
        else:
            table = version.match.table_number
            outcome.message = (
                f"Table {table}: result confirmed."
                if action == "confirm"
                else f"Table {table}: result disputed; a referee will settle it."
            )
            messages.success(request, outcome.message)
            outcome.done = back
    return outcome


def sync_answer(outcome: ActionOutcome):
    """The JSON answer to an action sent by offline.js (``matches.views.offline_sync``)."""
    if outcome.done is not None:
        return offline_sync.sent(outcome.message, outcome.done.url)
    if outcome.form is not None:
        return offline_sync.refused_form(outcome.form, "Your report was not saved.")
    if outcome.dispute_errors:
        return offline_sync.refused(next(iter(outcome.dispute_errors.values())), status=400)
    return offline_sync.refused(outcome.error or "Not done.")
