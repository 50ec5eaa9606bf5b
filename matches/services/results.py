"""Recording results: every submission is a new version; accepting one updates the seats.

The engine validates and ranks the report; the database guarantees at most one accepted version
per match; the row lock on the match serialises writers so concurrent submissions queue rather
than race. The full confirmation and dispute flow builds on ``record_version`` and ``accept``.
"""

from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from engine import api as engine_api
from matches.models import (
    Channel,
    Match,
    MatchStatus,
    ResultVersion,
    Seat,
    VersionKind,
    VersionState,
)


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
    seats = list(match.seats.select_related("entrant__team").order_by("position"))
    tournament = match.round.tournament
    return engine_api.score(
        tournament.game_system, tournament.mode, report, engine_options(match, seats)
    )


@transaction.atomic
def record_version(
    match: Match,
    report: dict,
    *,
    kind: str,
    accept_now: bool,
    user=None,
    entrant=None,
    channel: str = Channel.PAGE,
    reason: str = "",
    ip_address: str | None = None,
) -> ResultVersion:
    """Store a new version of the match's result; accept it at once when ``accept_now``."""
    match = Match.objects.select_for_update().select_related("round__tournament").get(pk=match.pk)
    placings = score_report(match, report)
    last = match.result_versions.order_by("-number").first()
    current = match.result_versions.filter(state=VersionState.ACCEPTED).first()
    version = ResultVersion.objects.create(
        match=match,
        number=(last.number + 1) if last else 1,
        kind=kind,
        report=report,
        placings=placings,
        user=user,
        entrant=entrant,
        channel=channel,
        reason=reason,
        ip_address=ip_address,
        supersedes=current,
    )
    if accept_now:
        accept(version)
    else:
        match.status = MatchStatus.REPORTED
        match.save(update_fields=["status"])
    return version


def accept(version: ResultVersion) -> None:
    """Make ``version`` the match's accepted result and copy its placings to the seats.

    Must run inside the transaction that holds the match's row lock.
    """
    now = timezone.now()
    match = version.match
    match.result_versions.filter(state=VersionState.ACCEPTED).exclude(pk=version.pk).update(
        state=VersionState.SUPERSEDED, decided_at=now
    )
    match.result_versions.filter(state=VersionState.PENDING).exclude(pk=version.pk).update(
        state=VersionState.SUPERSEDED, decided_at=now
    )
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


def enter_result(match: Match, report: dict, *, user=None, channel=Channel.PAGE) -> ResultVersion:
    """A referee's entry: validated, stored and accepted at once."""
    return record_version(
        match, report, kind=VersionKind.ENTRY, accept_now=True, user=user, channel=channel
    )


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
    match = Match.objects.select_for_update().select_related("round__tournament").get(pk=match.pk)
    seat = match.seats.get()
    version = ResultVersion.objects.create(
        match=match,
        number=match.result_versions.count() + 1,
        kind=VersionKind.BYE,
        report={"bye": side_id(seat.entrant_id)},
        placings=[
            {
                "side": side_id(seat.entrant_id),
                "place": 1,
                "points": bye_points(match),
                "score": 0,
                "stats": {},
                "tie_break_needed": False,
            }
        ],
        channel=Channel.SYSTEM,
    )
    accept(version)
    return version
