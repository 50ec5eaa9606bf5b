"""The result flow: entry, player reports, confirmations, disputes and corrections.

Every submission is a new ``ResultVersion``; nothing is overwritten. Each operation locks the
match row first (``lock_match``), so concurrent submissions on one match queue up; the
database's partial unique index guarantees at most one accepted version whatever happens.
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

import json
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from engine import api as engine_api
from engine.errors import Problem, ResultInvalid
from matches.models import (
    Channel,
    Match,
    MatchStatus,
    ResponseDecision,
    ResultResponse,
    ResultVersion,
    Seat,
    VersionKind,
    VersionState,
)
from matches.services.audit import record_change
from matches.signals import result_accepted, result_waiting


class ResultFlowError(ValueError):
    """A result action that is not allowed now; the message tells the person why."""


@dataclass(frozen=True)
class Actor:
    """Who acts and through which door: a staff user, or a side through its private link."""

    user: object = None
    entrant: object = None
    channel: str = Channel.PAGE
    ip_address: str | None = None
    user_agent: str = ""

    @classmethod
    def from_request(cls, request, channel: str, entrant=None) -> "Actor":
        """Who acts on a web request: its user (if signed in) and/or a side, and from where."""
        return cls(
            user=getattr(request, "user", None),
            entrant=entrant,
            channel=channel,
            ip_address=request.META.get("REMOTE_ADDR") or None,
            user_agent=request.META.get("HTTP_USER_AGENT", ""),
        )

    def audit_fields(self) -> dict:
        """The provenance fields an audit entry keeps (no user agent)."""
        fields = self.provenance()
        fields.pop("user_agent")
        return fields

    def provenance(self) -> dict:
        """The provenance fields shared by versions, responses and audit entries."""
        user = self.user if getattr(self.user, "is_authenticated", False) else None
        return {
            "user": user,
            "entrant": self.entrant,
            "channel": self.channel,
            "ip_address": self.ip_address,
            "user_agent": self.user_agent[:300],
        }


SYSTEM = Actor(channel=Channel.SYSTEM)
#: Round states in which the players themselves may report (the values of ``RoundStatus``).
PLAYABLE_ROUND_STATES = ("published", "running")


def side_id(entrant_id: int) -> str:
    """The side id the engine sees for an entrant: its primary key as text."""
    return str(entrant_id)


def engine_options(match: Match, seats: list[Seat]) -> dict:
    """The scoring options of the match's tournament, with the sides expected at this table."""
    tournament = match.round.tournament
    options = {
        "expected_sides": [side_id(seat.entrant_id) for seat in seats],
        "tie_policy": tournament.tie_policy,
    }
    if tournament.points_table:
        options["points_table"] = {int(k): v for k, v in tournament.points_table.items()}
    if tournament.team_play:
        options["side_sizes"] = {
            side_id(seat.entrant_id): seat.entrant.team.memberships.count() for seat in seats
        }
    options.update(tournament.system_options or {})
    return options


def score_report(match: Match, report: dict) -> list[dict]:
    """Validate and rank a report for this match; raises the engine's ``ResultInvalid``."""
    if "\\u0000" in json.dumps(report):
        # PostgreSQL cannot store a NUL character in JSON; no result needs one.
        raise ResultInvalid([Problem(None, "report", "the report contains a NUL character")])
    seats = list(match.seats.select_related("entrant__team").order_by("position"))
    tournament = match.round.tournament
    return engine_api.score(
        tournament.game_system, tournament.mode, report, engine_options(match, seats)
    )


KEY_SHARE_ROUND_AND_TOURNAMENT = """
    SELECT 1 FROM tournament_round r JOIN tournament_tournament t ON t.id = r.tournament_id
    WHERE r.id = %s FOR KEY SHARE
"""


def lock_match(match: Match) -> Match:
    """The match re-read with its row locked for this transaction, its round and tournament
    loaded and held steady.

    Only the match row is locked for update: a lock on the joined tournament row would queue
    every result of the event behind one another. The round and tournament rows get a key-share
    lock instead (PostgreSQL), which many results hold at once but which still makes them wait
    for, and be waited for by, a service that locks the round or the tournament for update
    (completing a round, generating the next one). SQLite takes the whole database for a
    writing transaction anyway.
    """
    connection = transaction.get_connection()
    if connection.vendor == "postgresql":
        # First, so that the round and tournament read below are the ones this lock holds.
        with connection.cursor() as cursor:
            cursor.execute(KEY_SHARE_ROUND_AND_TOURNAMENT, [match.round_id])
    locked = (
        Match.objects.select_for_update(of=("self",))
        .select_related("round__tournament")
        .get(pk=match.pk)
    )
    return locked


def _accepted(match: Match) -> ResultVersion | None:
    return match.result_versions.filter(state=VersionState.ACCEPTED).first()


def _pending(match: Match) -> ResultVersion | None:
    return match.result_versions.filter(state=VersionState.PENDING).order_by("-number").first()


def _summary(version: ResultVersion | None) -> dict | None:
    if version is None:
        return None
    return {"version": version.number, "state": version.state, "placings": version.placings}


def _new_version(match, report, kind, actor: Actor, *, reason="", supersedes=None):
    placings = score_report(match, report)
    last = match.result_versions.order_by("-number").first()
    return ResultVersion.objects.create(
        match=match,
        number=(last.number + 1) if last else 1,
        kind=kind,
        report=report,
        placings=placings,
        reason=reason,
        supersedes=supersedes,
        **actor.provenance(),
    )


def _seat_of(match: Match, entrant) -> Seat:
    if entrant is None:
        raise ResultFlowError("only a side of this match can do this")
    seat = match.seats.filter(entrant=entrant).first()
    if seat is None:
        raise ResultFlowError(f"{entrant} does not play at table {match.table_number}")
    return seat


def accept(version: ResultVersion, actor: Actor = SYSTEM, *, action="result.accepted", reason=""):
    """Make ``version`` the accepted result and copy its placings to the seats.

    Runs inside the transaction that holds the match's row lock. Any earlier accepted or
    pending version becomes superseded (kept, never deleted).
    """
    now = timezone.now()
    match = version.match
    previous = _accepted(match)
    match.result_versions.filter(state__in=[VersionState.ACCEPTED, VersionState.PENDING]).exclude(
        pk=version.pk
    ).update(state=VersionState.SUPERSEDED, decided_at=now)
    version.state = VersionState.ACCEPTED
    version.decided_at = now
    version.save(update_fields=["state", "decided_at"])
    by_side = {row["side"]: row for row in version.placings}
    seats = list(match.seats.all())
    for seat in seats:
        row = by_side[side_id(seat.entrant_id)]
        seat.place = row["place"]
        seat.points = Decimal(str(row["points"]))
        seat.stats = row["stats"]
    Seat.objects.bulk_update(seats, ["place", "points", "stats"])
    match.status = MatchStatus.ACCEPTED
    match.save(update_fields=["status"])
    round_ = match.round
    if previous is not None and round_.completed_at is not None:
        round_.tournament.rounds.filter(number__gt=round_.number).update(
            paired_on_earlier_standings=True
        )
    record_change(
        round_.tournament,
        action,
        match,
        before=_summary(previous),
        after=_summary(version),
        reason=reason,
        **actor.audit_fields(),
    )
    result_accepted.send(sender=ResultVersion, match=match, version=version)


@transaction.atomic
def enter_result(
    match: Match, report: dict, actor: Actor = SYSTEM, *, kind: str = VersionKind.ENTRY
) -> ResultVersion:
    """A referee's entry (or a hosted live game's result, ``kind=LIVE``): validated, stored and
    accepted at once (first result only)."""
    match = lock_match(match)
    if _accepted(match):
        raise ResultFlowError(
            f"table {match.table_number} already has an accepted result; "
            "a change needs a correction with a reason"
        )
    version = _new_version(match, report, kind, actor, supersedes=_pending(match))
    accept(version, actor, action="result.entered")
    return version


@transaction.atomic
def correct_result(match: Match, report: dict, actor: Actor, reason: str) -> ResultVersion:
    """A referee's correction: a new accepted version that keeps the old one, with a reason."""
    reason = (reason or "").strip()
    if not reason:
        raise ResultFlowError("a correction needs a reason")
    match = lock_match(match)
    current = _accepted(match) or _pending(match)
    version = _new_version(
        match, report, VersionKind.CORRECTION, actor, reason=reason, supersedes=current
    )
    accept(version, actor, action="result.corrected", reason=reason)
    return version


@transaction.atomic
def submit_report(
    match: Match, report: dict, actor: Actor, *, kind: str = VersionKind.REPORT
) -> ResultVersion:
    """A side reports its game's result (or a live game proposes it, ``kind=LIVE``); it waits
    for every other side's confirmation."""
    match = lock_match(match)
    _seat_of(match, actor.entrant)
    if match.is_bye:
        raise ResultFlowError("a bye has no result to report")
    if match.round.status not in PLAYABLE_ROUND_STATES:
        raise ResultFlowError(
            f"round {match.round.number} is {match.round.get_status_display().lower()}: "
            "results are reported while it is published or running; ask a referee"
        )
    if _accepted(match):
        raise ResultFlowError(
            f"table {match.table_number} already has an accepted result; ask a referee"
        )
    if match.status == MatchStatus.DISPUTED:
        raise ResultFlowError("this result is disputed; a referee will settle it")
    if _pending(match):
        raise ResultFlowError("a result is already reported for this table: confirm or dispute it")
    version = _new_version(match, report, kind, actor)
    match.status = MatchStatus.REPORTED
    match.save(update_fields=["status"])
    result_waiting.send(sender=ResultVersion, match=match, version=version, event="reported")
    record_change(
        match.round.tournament,
        "result.reported",
        match,
        after=_summary(version),
        **actor.audit_fields(),
    )
    if match.seats.count() == 1:
        accept(version, actor)
    return version


def _pending_version_for_response(version: ResultVersion, actor: Actor):
    match = lock_match(version.match)
    version = ResultVersion.objects.select_for_update().get(pk=version.pk)
    if version.state != VersionState.PENDING:
        raise ResultFlowError(
            f"version {version.number} is {version.get_state_display().lower()}, not waiting"
        )
    seat = _seat_of(match, actor.entrant)
    if version.entrant_id == seat.entrant_id:
        raise ResultFlowError("a side cannot confirm or dispute its own report")
    if version.responses.filter(entrant=actor.entrant).exists():
        raise ResultFlowError("this side has already answered this report")
    version.match = match
    return version


@transaction.atomic
def confirm_report(version: ResultVersion, actor: Actor) -> ResultResponse:
    """Another side confirms a reported result; the last confirmation accepts it."""
    version = _pending_version_for_response(version, actor)
    response = ResultResponse.objects.create(
        version=version, decision=ResponseDecision.CONFIRM, **actor.provenance()
    )
    confirmed = set(
        version.responses.filter(decision=ResponseDecision.CONFIRM).values_list(
            "entrant_id", flat=True
        )
    )
    others = set(
        version.match.seats.exclude(entrant_id=version.entrant_id).values_list(
            "entrant_id", flat=True
        )
    )
    if others <= confirmed and version.match.status != MatchStatus.DISPUTED:
        accept(version, actor, action="result.confirmed")
    return response


@transaction.atomic
def dispute_report(version: ResultVersion, actor: Actor, reason: str = "") -> ResultResponse:
    """Another side disputes a reported result: the match goes to the referees' queue."""
    version = _pending_version_for_response(version, actor)
    response = ResultResponse.objects.create(
        version=version, decision=ResponseDecision.DISPUTE, reason=reason, **actor.provenance()
    )
    match = version.match
    match.status = MatchStatus.DISPUTED
    match.save(update_fields=["status"])
    result_waiting.send(sender=ResultVersion, match=match, version=version, event="disputed")
    record_change(
        match.round.tournament,
        "result.disputed",
        match,
        after=_summary(version),
        reason=reason,
        **actor.audit_fields(),
    )
    return response


def bye_points(match: Match) -> int:
    """Points for a bye: a two-side win unless the organiser scores byes as nothing."""
    tournament = match.round.tournament
    if not tournament.bye_scores_as_win:
        return 0
    options = {}
    if tournament.points_table:
        options["points_table"] = {int(k): v for k, v in tournament.points_table.items()}
    return engine_api.points_table(2, options)[0]


@transaction.atomic
def record_bye(match: Match) -> ResultVersion:
    """Accept the result of a bye match: the lone side takes first place and the bye points."""
    match = lock_match(match)
    seat = match.seats.get()
    side = side_id(seat.entrant_id)
    version = ResultVersion.objects.create(
        match=match,
        number=match.result_versions.count() + 1,
        kind=VersionKind.BYE,
        report={"bye": side},
        placings=[
            {
                "side": side,
                "place": 1,
                "points": bye_points(match),
                "score": 0,
                "stats": {},
                "tie_break_needed": False,
            }
        ],
        channel=Channel.SYSTEM,
    )
    accept(version, action="result.bye")
    return version
