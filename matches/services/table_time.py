"""Extra time for one table: a referee's extension of that table's clock, with a reason.

The round clock is the same for every table; a table held up (a late player, a rules question)
gets ``Match.extra_seconds`` on top of it, and its players' clock ends that much later. The
extension is a total, not an increment: "this table has 3 extra minutes". Sending the same
total again changes nothing (a phone may retry), and 0 takes the extension back.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from common.audit.reasons import reason_problem
from common.audit.services import record_change
from common.errors import ServiceError
from common.live import realtime
from common.live.push_messages import table_time
from matches.models import Match
from tournament.models import RoundStatus
from tournament.services.permissions import is_referee

#: the most extra time one table may have (a quarter of an hour is already a long delay)
MAX_EXTRA_MINUTES = 15


class TableTimeError(ServiceError):
    """An extension that cannot be given; the message says why."""


def minutes_given(value) -> int:
    """The whole number of minutes asked for, within 0..MAX_EXTRA_MINUTES (else refused)."""
    if isinstance(value, bool):
        value = None
    try:
        minutes = int(str(value).strip())
    except (TypeError, ValueError):
        raise TableTimeError(
            _("The extra time must be a whole number of minutes, not “%(value)s”.")
            % {"value": value}
        ) from None
    if not 0 <= minutes <= MAX_EXTRA_MINUTES:
        raise TableTimeError(
            _("The extra time must be between 0 and %(most)d minutes.")
            % {"most": MAX_EXTRA_MINUTES}
        )
    return minutes


def set_table_time(match: Match, minutes, actor: Actor, *, reason: str) -> Match:
    """Give ``match``'s table ``minutes`` of extra time in all (0 takes it back), with a reason.

    Referees and organisers of the event only; not for a bye, a draft or a finished round.
    The same total again is no change and writes nothing."""
    minutes = minutes_given(minutes)
    reason = (reason or "").strip() if isinstance(reason, str) else None
    if not reason:
        raise TableTimeError(_("Say why this table gets extra time."))
    problem = reason_problem(reason)
    if problem:
        raise TableTimeError(problem)
    with transaction.atomic():
        match = (
            Match.objects.select_for_update(of=("self",))
            .select_related("round__tournament")
            .get(pk=match.pk)
        )
        tournament = match.round.tournament
        if not is_referee(actor.user, tournament):
            raise TableTimeError(
                _("Only a referee or organiser of this event may give extra time.")
            )
        if match.is_bye:
            raise TableTimeError(_("A bye has no game to give extra time to."))
        if match.round.status not in (RoundStatus.PUBLISHED, RoundStatus.RUNNING):
            raise TableTimeError(
                _("Round %(number)d is not being played: its tables get no extra time.")
                % {"number": match.round.number}
            )
        seconds = minutes * 60
        if match.extra_seconds == seconds:
            return match
        before = {"extra_seconds": match.extra_seconds}
        match.extra_seconds = seconds
        match.save(update_fields=["extra_seconds"])
        record_change(
            tournament,
            "table.extra_time",
            match,
            before=before,
            after={"extra_seconds": seconds, "table": match.table_number},
            reason=reason,
            actor=actor,
        )
        realtime.push_on_commit(realtime.round_group(match.round_id), table_time(match))
    return match
