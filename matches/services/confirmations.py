"""How many confirmations accept a player's report, and a dispute after such an acceptance.

An event chooses (``Tournament.confirmations``): every other side at the table confirms (the
default), or any one other side does, as other platforms allow. With one confirmation the
remaining sides keep a dispute window (``dispute_window_minutes`` from the accepting
confirmation): a dispute in it sends the table to the referees while the accepted result stands
in the standings until a referee corrects or confirms it. A referee's own entry is final.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from matches.models import ResponseDecision, ResultVersion, VersionKind, VersionState

ALL_OTHERS, ONE_OPPONENT = "all", "one"


def accepts(policy: str, others: set[int], confirmed: set[int]) -> bool:
    """Whether the sides that ``confirmed`` accept a report the ``others`` must answer."""
    if policy == ONE_OPPONENT:
        return bool(others & confirmed)
    return others <= confirmed


def accepted_at(version: ResultVersion) -> datetime | None:
    """When a report was accepted by a confirmation (the latest one), or None."""
    last = (
        version.responses.filter(decision=ResponseDecision.CONFIRM)
        .order_by("-created_at")
        .values_list("created_at", flat=True)
        .first()
    )
    return last


def dispute_deadline(version: ResultVersion, tournament) -> datetime | None:
    """Until when the other sides may dispute an accepted report, or None if they may not."""
    if tournament.confirmations != ONE_OPPONENT or version.kind != VersionKind.REPORT:
        return None
    at = accepted_at(version)
    if at is None:
        return None
    return at + timedelta(minutes=tournament.dispute_window_minutes)


def can_dispute_late(version: ResultVersion, entrant, tournament, now=None) -> bool:
    """Whether ``entrant`` may still dispute ``version``, accepted by one confirmation (for a
    page to offer the form; the service checks again under the lock)."""
    deadline = dispute_deadline(version, tournament)
    if deadline is None or (now or timezone.now()) > deadline:
        return False
    if entrant is None or version.entrant_id == entrant.pk:
        return False
    return not version.responses.filter(entrant=entrant).exists()


def sides_cut_short(round_, closed_at: datetime) -> dict:
    """The sides whose time to dispute a report accepted on one confirmation was still running
    when ``round_`` closed at ``closed_at`` (they neither reported nor answered it): their
    entrant ids by match."""
    tournament = round_.tournament
    if tournament.confirmations != ONE_OPPONENT:
        return {}
    accepted = (
        ResultVersion.objects.filter(
            match__round=round_, state=VersionState.ACCEPTED, kind=VersionKind.REPORT
        )
        .select_related("match")
        .prefetch_related("responses", "match__seats")
    )
    cut = {}
    for version in accepted:
        deadline = dispute_deadline(version, tournament)
        if deadline is None or deadline <= closed_at:
            continue
        answered = {r.entrant_id for r in version.responses.all()} | {version.entrant_id}
        seats = sorted(version.match.seats.all(), key=lambda s: s.position)
        sides = [s.entrant_id for s in seats if s.entrant_id not in answered]
        if sides:
            cut[version.match] = sides
    return cut
