"""A side's games as its private page shows them: each one's versions, what is pending, who
still has to answer, and what the side may do now.

The page (``tournament.views.players.my_table``) reads them; the actions on them (report,
confirm, dispute) are ``matches.views.player_results``, which reads only the game it acts on.
"""

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Prefetch
from django.utils.translation import gettext as _

from matches.logic.report_lines import game_entries, report_changes, side_lines
from matches.models import (
    MatchStatus,
    ResponseDecision,
    ResultVersion,
    Seat,
    VersionKind,
    VersionState,
)
from matches.services.confirmations import can_dispute_late, dispute_deadline
from matches.services.result_marks import mark_of_drawn
from matches.services.tables import PLAYABLE_ROUND_STATES
from tournament.models import PUBLIC_ROUND_STATES


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
    if version.state == VersionState.PENDING and was_disputed(version):
        return _("Disputed, a referee will settle it")
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
        "pending_report": reported(pending, entrant.tournament.game_mode, names),
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
        "dispute_cut_short": dispute_cut_short(versions, entrant, seat.round),
        "settlement": settlement_of(versions, entrant.tournament.game_mode, names),
    }


def reported(version, mode: dict, names: dict) -> dict | None:
    """What ``version`` reports in the game's own terms: how the game ended, then per side
    (with its place) the fields given - what a side confirms or disputes."""
    if version is None:
        return None
    places = {row["side"]: row.get("place") for row in version.placings}
    sides = side_lines(version.report, mode["side_fields"], names)
    return {
        "game": game_entries(version.report, mode["game_fields"]),
        "sides": [(places.get(line.side), line) for line in sides],
    }


def was_disputed(version) -> bool:
    return any(r.decision == ResponseDecision.DISPUTE for r in version.responses.all())


def settlement_of(versions, mode: dict, names: dict) -> dict | None:
    """A referee's settlement of a dispute (the accepted correction of a disputed version):
    its reason and, field by field, what it changed; None when the game had none."""
    by_pk = {version.pk: version for version in versions}
    accepted = next((v for v in versions if v.state == VersionState.ACCEPTED), None)
    if accepted is None or accepted.kind != VersionKind.CORRECTION:
        return None
    disputed = by_pk.get(accepted.supersedes_id)
    if disputed is None or not was_disputed(disputed):
        return None
    return {
        "version": accepted,
        "disputed": disputed,
        "changes": report_changes(disputed.report, accepted.report, mode, names),
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


def dispute_cut_short(versions, entrant, round_) -> dict | None:
    """When the round closed before this side's time to dispute a report accepted on one
    confirmation ended (the side neither reported nor answered it): when it closed, and when
    the window would have ended; else None."""
    accepted = next((v for v in versions if v.state == VersionState.ACCEPTED), None)
    if accepted is None or round_.completed_at is None or accepted.entrant_id == entrant.pk:
        return None
    deadline = dispute_deadline(accepted, entrant.tournament)
    if deadline is None or round_.completed_at >= deadline:
        return None
    if any(r.entrant_id == entrant.pk for r in accepted.responses.all()):
        return None
    return {"closed_at": round_.completed_at, "deadline": deadline}
