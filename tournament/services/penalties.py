"""Warnings and point penalties: a referee or organiser gives one to a side, with a reason.

One service for every door (the desk page and the API): it checks who acts, what is asked and
the side's state under the side's row lock, writes the penalty and its audit entry, and (for a
point penalty) moves the standings. A form or API call may send a key (a UUID): the same key
again gives back the penalty it made instead of a second one.
"""

from __future__ import annotations

import uuid

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from common.audit.reasons import reason_problem
from common.audit.services import record_change
from common.errors import ServiceError
from tournament.models import Entrant, Penalty, PenaltyKind, Round
from tournament.services.permissions import is_referee
from tournament.services.standings_revision import bump_standings_revision

#: the most points one penalty may take (a win is worth 4)
MAX_PENALTY_POINTS = 10


class PenaltyError(ServiceError):
    """A penalty that cannot be given as asked; the message says why."""


def _points_asked(kind: str, points) -> int:
    if kind == PenaltyKind.WARNING:
        if points not in (None, "", 0, "0"):
            raise PenaltyError(_("A warning takes no points: choose a point penalty for that."))
        return 0
    try:
        value = int(str(points).strip()) if not isinstance(points, bool) else None
    except (TypeError, ValueError):
        value = None
    if value is None or not 1 <= value <= MAX_PENALTY_POINTS:
        raise PenaltyError(
            _("A point penalty takes a whole number of points from 1 to %(most)d.")
            % {"most": MAX_PENALTY_POINTS}
        )
    return value


def _checked_reason(reason) -> str:
    reason = reason.strip() if isinstance(reason, str) else ""
    if not reason:
        raise PenaltyError(_("Say why: the player sees the reason."))
    problem = reason_problem(reason)
    if problem:
        raise PenaltyError(problem)
    return reason


def _key_of(value) -> uuid.UUID | None:
    """The key a form or call sent (a UUID), None when none was."""
    if value is None or isinstance(value, uuid.UUID):
        return value
    text = str(value).strip()
    if not text:
        return None
    try:
        return uuid.UUID(text[:45])
    except ValueError:
        raise PenaltyError(_("The request key must be a UUID.")) from None


def give_penalty(
    entrant: Entrant,
    kind: str,
    actor: Actor,
    *,
    reason: str,
    points=None,
    round_: Round | None = None,
    request_key=None,
) -> Penalty:
    """Give ``entrant`` a warning or a point penalty of ``points``, with ``reason``.

    Referees and organisers of the event only; ``round_`` (optional) must be of the same event.
    With a ``request_key`` already used for this very penalty, that penalty comes back and
    nothing new is written; the key used for another one is refused."""
    if kind not in PenaltyKind.values:
        raise PenaltyError(_("Choose a warning or a point penalty."))
    points = _points_asked(kind, points)
    reason = _checked_reason(reason)
    key = _key_of(request_key)
    with transaction.atomic():
        entrant = (
            Entrant.objects.select_for_update(of=("self",))
            .select_related("tournament")
            .get(pk=entrant.pk)
        )
        tournament = entrant.tournament
        if not is_referee(actor.user, tournament):
            raise PenaltyError(_("Only a referee or organiser of this event may give penalties."))
        if round_ is not None and round_.tournament_id != tournament.pk:
            raise PenaltyError(_("That round is not one of this event's."))
        if key is not None:
            seen = Penalty.objects.filter(tournament=tournament, request_key=key).first()
            if seen is not None:
                asked = (entrant.pk, kind, points, reason)
                if (seen.entrant_id, seen.kind, seen.points, seen.reason) != asked:
                    raise PenaltyError(_("This form was already sent for another penalty."))
                return seen
        penalty = Penalty.objects.create(
            tournament=tournament,
            entrant=entrant,
            round=round_,
            kind=kind,
            points=points,
            reason=reason,
            issued_by=actor.provenance()["user"],
            request_key=key,
        )
        record_change(
            tournament,
            f"penalty.{kind}",
            entrant,
            after={
                "penalty": penalty.pk,
                "kind": kind,
                "points": points,
                "round": round_.number if round_ else None,
            },
            reason=reason,
            actor=actor,
        )
        if points:
            bump_standings_revision(tournament.pk)
    return penalty


def withdraw_penalty(penalty: Penalty, actor: Actor, *, reason: str) -> Penalty:
    """Withdraw ``penalty`` (given by mistake, or overturned), with ``reason``.

    Referees and organisers of the event only. The penalty is kept and shown as withdrawn; a
    point penalty's points no longer count. Checked under the side's row lock, as giving one is;
    withdrawing one already withdrawn (a retried tap) gives it back and writes nothing."""
    reason = _checked_reason(reason)
    with transaction.atomic():
        Entrant.objects.select_for_update(of=("self",)).filter(pk=penalty.entrant_id).first()
        penalty = Penalty.objects.select_related("tournament", "entrant").get(pk=penalty.pk)
        tournament = penalty.tournament
        if not is_referee(actor.user, tournament):
            raise PenaltyError(
                _("Only a referee or organiser of this event may withdraw penalties.")
            )
        if penalty.withdrawn_at is not None:
            return penalty
        penalty.withdrawn_at = timezone.now()
        penalty.withdrawn_by = actor.provenance()["user"]
        penalty.withdrawal_reason = reason
        penalty.save(update_fields=["withdrawn_at", "withdrawn_by", "withdrawal_reason"])
        record_change(
            tournament,
            "penalty.withdrawn",
            penalty.entrant,
            before={"penalty": penalty.pk, "kind": penalty.kind, "points": penalty.points},
            after={"penalty": penalty.pk, "withdrawn": True},
            reason=reason,
            actor=actor,
        )
        if penalty.points:
            bump_standings_revision(tournament.pk)
    return penalty


def penalty_points(tournament) -> dict[str, int]:
    """Each side's penalty points in all (entrant id as text -> points), sides with any only;
    withdrawn penalties do not count."""
    rows = (
        Penalty.objects.filter(
            tournament=tournament, kind=PenaltyKind.POINTS, withdrawn_at__isnull=True
        )
        .values("entrant")
        .annotate(total=Sum("points"))
        .order_by()
    )
    return {str(row["entrant"]): int(row["total"]) for row in rows}
