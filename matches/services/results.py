"""The result flow: entry, player reports, confirmations, disputes and corrections.

Every submission is a new ``ResultVersion``; nothing is overwritten. Each operation locks the
match row first (``tables.LockedTable.lock``), so concurrent submissions on one match queue up;
the database's partial unique index guarantees at most one accepted version whatever happens.
Every change is written to the audit trail in the same transaction.

Rules enforced here, on the server, whatever page or API call asks:
- a referee's entry is accepted at once, but never replaces an accepted result: that takes a
  correction, which needs a reason;
- a player may report a result for a match they sit in; every other side must confirm it;
- a side cannot confirm its own report; any side may dispute, which sends the match to the
  referees' queue;
- a correction of a closed round updates the seats (hence the standings) and marks every round
  paired after it as "paired on earlier standings".
"""

from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.audit.actor import SYSTEM, Actor
from common.audit.channels import Channel
from common.audit.services import record_change
from common.db import sql
from common.metrics import count_result_on_commit
from engine import api as engine_api
from leagues.services.ratings import ratings_change
from matches.models import (
    Match,
    MatchStatus,
    ResponseDecision,
    ResultResponse,
    ResultVersion,
    Seat,
    VersionKind,
    VersionState,
)
from matches.services.confirmations import accepts
from matches.services.idempotency import parse_key, remember, replay
from matches.services.result_pushes import (
    notify_result_accepted,
    notify_result_corrected,
    notify_result_waiting,
)
from matches.services.tables import (
    LockedTable,
    ResultFlowError,
    require_playable_round,
    side_id,
)
from notifications.services import webhook_events
from tournament.services.standing_totals import refresh_entrant_totals
from tournament.services.standings_revision import bump_standings_revision


def _summary(version: ResultVersion | None) -> dict | None:
    if version is None:
        return None
    return {"version": version.number, "state": version.state, "placings": version.placings}


SEAT_PLACING_FIELDS = ("place", "points", "stats")


def _store_placings(seats: list[Seat]) -> None:
    """Write the seats' place, points and stats in one statement."""
    sql.update_each(
        Seat,
        SEAT_PLACING_FIELDS,
        {seat.pk: [getattr(seat, name) for name in SEAT_PLACING_FIELDS] for seat in seats},
    )


def accept(
    table: LockedTable,
    version: ResultVersion,
    actor: Actor = SYSTEM,
    *,
    action="result.accepted",
    reason="",
):
    """Make ``version`` the accepted result and copy its placings to the seats.

    Runs inside the transaction that holds the match's row lock. Any earlier accepted or
    pending version becomes superseded (kept, never deleted). The sides' standings totals are
    rewritten from their seats (``tournament.services.standing_totals``).
    """
    now = timezone.now()
    match = table.match
    live = [
        v
        for v in table.versions
        if v.state in (VersionState.ACCEPTED, VersionState.PENDING) and v is not version
    ]
    # what the audit shows as "before": the accepted result, or else the players' latest report
    # (pending or disputed) that this version replaces
    previous = table.accepted or (live[-1] if live else None)
    if live:
        sql.update(
            ResultVersion, [v.pk for v in live], state=VersionState.SUPERSEDED, decided_at=now
        )
    for earlier in live:
        earlier.state, earlier.decided_at = VersionState.SUPERSEDED, now
    version.state = VersionState.ACCEPTED
    version.decided_at = now
    if version.pk is None:  # new: stored accepted, after the old one stepped aside
        sql.insert(version)
    else:
        version.save(update_fields=["state", "decided_at"])
    by_side = {row["side"]: row for row in version.placings}
    for seat in table.seats:
        row = by_side[side_id(seat.entrant_id)]
        seat.place = row["place"]
        seat.points = Decimal(str(row["points"]))
        seat.stats = row["stats"]
    _store_placings(table.seats)
    # the sides' running totals follow their seats in this transaction (the standings read them)
    refresh_entrant_totals(seat.entrant_id for seat in table.seats)
    table.set_status(MatchStatus.ACCEPTED)
    round_ = match.round
    # On a closed round any accepted change (a correction of a result, or a first result given
    # after the round closed without one) moves the standings the later rounds were paired on.
    if round_.completed_at is not None:
        round_.tournament.rounds.filter(number__gt=round_.number).update(
            paired_on_earlier_standings=True
        )
        # a finished game changed: replay the ratings from it on
        ratings_change(round_.tournament.game_system, match.pk, full=False)
    record_change(
        round_.tournament,
        action,
        match,
        before=_summary(previous),
        after=_summary(version),
        reason=reason,
        actor=actor,
    )
    # what follows an accepted result, once it commits: new standings, and the match's,
    # round's and tournament's watchers hear of it
    bump_standings_revision(round_.tournament_id)
    notify_result_accepted(match, table.seats)
    webhook_events.result_accepted(match, version.number, corrected=action == "result.corrected")


@transaction.atomic
def enter_result(
    match: Match,
    report: dict,
    actor: Actor = SYSTEM,
    *,
    kind: str = VersionKind.ENTRY,
    idempotency_key=None,
) -> ResultVersion:
    """A referee's entry (or a hosted live game's result, ``kind=LIVE``): validated, stored and
    accepted at once (first result only). ``idempotency_key``: see ``services.idempotency``."""
    key = parse_key(idempotency_key)
    table = LockedTable.lock(match)
    earlier = replay(key, actor, "entry", table.match, table.match.pk, report)
    if earlier is not None:
        return earlier
    if table.accepted:
        raise ResultFlowError(
            _(
                "table %(table)s already has an accepted result; a change needs a correction "
                "with a reason"
            )
            % {"table": table.match.table_number}
        )
    if table.match.status == MatchStatus.DISPUTED:
        # the players are told how their dispute was settled, and why (a correction's reason)
        raise ResultFlowError(
            _("table %(table)s's result is disputed; settling it needs a reason for the players")
            % {"table": table.match.table_number}
        )
    require_playable_round(table.match)
    version = table.new_version(report, kind, actor, supersedes=table.pending, to_accept=True)
    accept(table, version, actor, action="result.entered")
    remember(key, actor, "entry", table.match, table.match.pk, report, version)
    count_result_on_commit("entry", actor.channel)
    return version


@transaction.atomic
def correct_result(
    match: Match, report: dict, actor: Actor, reason: str, *, idempotency_key=None
) -> ResultVersion:
    """A referee's correction: a new accepted version that keeps the old one, with a reason."""
    reason = (reason or "").strip()
    if not reason:
        raise ResultFlowError(_("a correction needs a reason"))
    key = parse_key(idempotency_key)
    body = {"report": report, "reason": reason}
    table = LockedTable.lock(match)
    earlier = replay(key, actor, "correct", table.match, table.match.pk, body)
    if earlier is not None:
        return earlier
    if table.match.round.status == "draft":
        require_playable_round(table.match)  # a draft takes no result, not even a correction
    current = table.accepted or table.pending
    settled_dispute = table.match.status == MatchStatus.DISPUTED
    version = table.new_version(
        report, VersionKind.CORRECTION, actor, reason=reason, supersedes=current, to_accept=True
    )
    accept(table, version, actor, action="result.corrected", reason=reason)
    remember(key, actor, "correct", table.match, table.match.pk, body, version)
    count_result_on_commit("correct", actor.channel)
    notify_result_corrected(table.match, settled_dispute=settled_dispute)
    return version


@transaction.atomic
def submit_report(
    match: Match,
    report: dict,
    actor: Actor,
    *,
    kind: str = VersionKind.REPORT,
    idempotency_key=None,
) -> ResultVersion:
    """A side reports its game's result (or a live game proposes it, ``kind=LIVE``); it waits
    for every other side's confirmation. A retried report (same ``idempotency_key``) returns
    the version it made, whatever happened to it since."""
    key = parse_key(idempotency_key)
    table = LockedTable.lock(match)
    match = table.match
    earlier = replay(key, actor, "report", match, match.pk, report)
    if earlier is not None:
        return earlier
    table.seat_of(actor.entrant)
    if match.is_bye:
        raise ResultFlowError(_("a bye has no result to report"))
    require_playable_round(match)
    if table.accepted:
        raise ResultFlowError(
            _("table %(table)s already has an accepted result; ask a referee")
            % {"table": match.table_number}
        )
    if match.status == MatchStatus.DISPUTED:
        raise ResultFlowError(_("this result is disputed; a referee will settle it"))
    if table.pending:
        raise ResultFlowError(
            _("a result is already reported for this table: confirm or dispute it")
        )
    version = table.new_version(report, kind, actor)
    table.set_status(MatchStatus.REPORTED)
    notify_result_waiting(match, version, "reported")
    record_change(
        match.round.tournament,
        "result.reported",
        match,
        after=_summary(version),
        actor=actor,
    )
    if len(table.seats) == 1:
        accept(table, version, actor)
    remember(key, actor, "report", match, match.pk, report, version)
    count_result_on_commit("report", actor.channel)
    return version


def _pending_version_for_response(table: LockedTable, version: ResultVersion, actor: Actor):
    """The table's version ``version`` if ``actor`` (another side) may answer it."""
    require_playable_round(table.match)
    live = next((v for v in table.versions if v.pk == version.pk), None)
    # Superseded versions are not among the table's live ones.
    state = VersionState(live.state) if live else VersionState.SUPERSEDED
    if state != VersionState.PENDING:
        raise ResultFlowError(
            _("version %(number)s is %(state)s, not waiting")
            % {"number": version.number, "state": state.label.lower()}
        )
    version = live
    seat = table.seat_of(actor.entrant)
    if version.entrant_id == seat.entrant_id:
        raise ResultFlowError(_("a side cannot confirm or dispute its own report"))
    if version.responses.filter(entrant=actor.entrant).exists():
        raise ResultFlowError(_("this side has already answered this report"))
    return version


@transaction.atomic
def confirm_report(version: ResultVersion, actor: Actor, *, idempotency_key=None) -> ResultResponse:
    """Another side confirms a reported result; the last one needed accepts it (every other
    side, or any one, as the event says: ``matches.services.confirmations``)."""
    key = parse_key(idempotency_key)
    table = LockedTable.lock(version.match)
    earlier = replay(key, actor, "confirm", table.match, version.pk, None)
    if earlier is not None:
        return earlier
    version = _pending_version_for_response(table, version, actor)
    response = ResultResponse.objects.create(
        version=version, decision=ResponseDecision.CONFIRM, **actor.provenance()
    )
    confirmed = set(
        version.responses.filter(decision=ResponseDecision.CONFIRM).values_list(
            "entrant_id", flat=True
        )
    )
    others = {seat.entrant_id for seat in table.seats if seat.entrant_id != version.entrant_id}
    policy = table.match.round.tournament.confirmations
    if accepts(policy, others, confirmed) and table.match.status != MatchStatus.DISPUTED:
        accept(table, version, actor, action="result.confirmed")
    else:
        # the reporter's page shows who has confirmed so far, live
        notify_result_waiting(table.match, version, "confirmed")
    remember(key, actor, "confirm", table.match, version.pk, None, response)
    count_result_on_commit("confirm", actor.channel)
    return response


@transaction.atomic
def dispute_report(
    version: ResultVersion, actor: Actor, reason: str = "", *, idempotency_key=None
) -> ResultResponse:
    """Another side disputes a reported result: the match goes to the referees' queue."""
    key = parse_key(idempotency_key)
    table = LockedTable.lock(version.match)
    earlier = replay(key, actor, "dispute", table.match, version.pk, reason)
    if earlier is not None:
        return earlier
    version = _pending_version_for_response(table, version, actor)
    response = ResultResponse.objects.create(
        version=version, decision=ResponseDecision.DISPUTE, reason=reason, **actor.provenance()
    )
    match = table.match
    table.set_status(MatchStatus.DISPUTED)
    notify_result_waiting(match, version, "disputed")
    record_change(
        match.round.tournament,
        "result.disputed",
        match,
        after=_summary(version),
        reason=reason,
        actor=actor,
    )
    remember(key, actor, "dispute", match, version.pk, reason, response)
    count_result_on_commit("dispute", actor.channel)
    return response


def bye_points(match: Match) -> int:
    """Points for the bye of ``match`` (``bye_value`` of its event)."""
    return bye_value(match.round.tournament)


def bye_value(tournament) -> int:
    """What a bye adds to a side's total: a two-side win unless the organiser scores byes as
    nothing; in an event that sums VP, 0 (no game is played, so no VP is scored: the places'
    points are not VP; project decision)."""
    if tournament.sums_vp or not tournament.bye_scores_as_win:
        return 0
    options = {}
    if tournament.points_table:
        options["points_table"] = {int(k): v for k, v in tournament.points_table.items()}
    return engine_api.points_table(2, options)[0]


@transaction.atomic
def record_bye(match: Match) -> ResultVersion:
    """Accept the result of a bye match: the lone side takes first place and the bye points."""
    table = LockedTable.lock(match)
    (seat,) = table.seats
    side = side_id(seat.entrant_id)
    version = ResultVersion.objects.create(
        match=table.match,
        number=table.next_number(),
        kind=VersionKind.BYE,
        report={"bye": side},
        placings=[
            {
                "side": side,
                "place": 1,
                "points": bye_points(table.match),
                "score": 0,
                "stats": {},
                "tie_break_needed": False,
            }
        ],
        channel=Channel.SYSTEM,
    )
    table.versions.append(version)
    accept(table, version, action="result.bye")
    return version
