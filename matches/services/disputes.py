"""The dispute action, one path for the page, the API and any other door.

A side disputes a report still waiting for confirmations (``results.dispute_report``), or, in an
event that accepts a report on one opponent's confirmation, a report accepted that way while
its dispute window lasts (``matches.services.confirmations``): the table goes to the referees
and the accepted result stands in the standings until a referee corrects or confirms it.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.audit.services import record_change
from common.metrics import count_result_on_commit
from matches.models import (
    MatchStatus,
    ResponseDecision,
    ResultResponse,
    ResultVersion,
    VersionState,
)
from matches.services.confirmations import dispute_deadline
from matches.services.idempotency import parse_key, remember, replay
from matches.services.result_pushes import notify_result_waiting
from matches.services.results import dispute_report
from matches.services.tables import LockedTable, ResultFlowError, require_playable_round


def dispute(
    version: ResultVersion, actor, reason: str = "", *, idempotency_key=None
) -> ResultResponse:
    """Dispute ``version``: a waiting report, or an accepted one inside its dispute window.

    Both paths take the same ``idempotency_key`` (a retry answered with the first dispute)."""
    if ResultVersion.objects.filter(pk=version.pk, state=VersionState.ACCEPTED).exists():
        return dispute_accepted_report(version, actor, reason, idempotency_key=idempotency_key)
    return dispute_report(version, actor, reason, idempotency_key=idempotency_key)


@transaction.atomic
def dispute_accepted_report(
    version: ResultVersion, actor, reason: str, *, idempotency_key=None
) -> ResultResponse:
    """A side that did not confirm disputes a report one opponent accepted, in the window."""
    key = parse_key(idempotency_key)
    table = LockedTable.lock(version.match)
    earlier = replay(key, actor, "dispute", table.match, version.pk, reason)
    if earlier is not None:
        return earlier
    require_playable_round(table.match)
    tournament = table.match.round.tournament
    accepted = table.accepted
    if accepted is None or accepted.pk != version.pk:
        raise ResultFlowError(
            _("version %(number)s is not this table's accepted result") % {"number": version.number}
        )
    seat = table.seat_of(actor.entrant)
    if accepted.entrant_id == seat.entrant_id:
        raise ResultFlowError(_("a side cannot dispute its own report"))
    deadline = dispute_deadline(accepted, tournament)
    if deadline is None:
        raise ResultFlowError(_("this result is settled: ask a referee to correct it"))
    if timezone.now() > deadline:
        raise ResultFlowError(
            _("the time to dispute this result ended at %(time)s: ask a referee")
            % {"time": f"{timezone.localtime(deadline):%H:%M}"}
        )
    if accepted.responses.filter(entrant=actor.entrant).exists():
        raise ResultFlowError(_("this side has already answered this report"))
    response = ResultResponse.objects.create(
        version=accepted, decision=ResponseDecision.DISPUTE, reason=reason, **actor.provenance()
    )
    table.set_status(MatchStatus.DISPUTED)
    notify_result_waiting(table.match, accepted, "disputed")
    record_change(
        tournament,
        "result.disputed_after_acceptance",
        table.match,
        after={"version": accepted.number},
        reason=reason,
        actor=actor,
    )
    remember(key, actor, "dispute", table.match, version.pk, reason, response)
    count_result_on_commit("dispute", actor.channel)
    return response
