"""The audit trail written: one entry per change, with before and after as plain JSON.

Every service takes an ``Actor`` (``common.audit.actor``) and writes its own entry with
``record_change``, which keeps who acted, through which door and from where.
"""

from common.audit.actor import Actor
from common.audit.models import AuditEntry
from common.audit.reasons import check_reason
from common.db import sql


def audit_entry(
    tournament,
    action: str,
    target,
    *,
    actor: Actor,
    before=None,
    after=None,
    reason: str = "",
) -> AuditEntry:
    """One entry of the tournament's audit trail (``tournament``: the event or its id;
    ``target``: any model instance), not yet stored (``record_change`` stores one,
    ``record_changes`` several at once).

    A reason too long to keep whole is refused (``ReasonTooLong``)."""
    check_reason(reason)
    event = (
        {"tournament_id": tournament} if isinstance(tournament, int) else {"tournament": tournament}
    )
    return AuditEntry(
        **event,
        action=action,
        target_type=target._meta.label_lower,
        target_id=str(target.pk),
        before=before,
        after=after,
        reason=reason,
        **actor.audit_fields(),
    )


def record_change(
    tournament,
    action: str,
    target,
    *,
    actor: Actor,
    before=None,
    after=None,
    reason: str = "",
) -> AuditEntry:
    """Append one entry to the tournament's audit trail (``target`` is any model instance).

    A reason too long to keep whole is refused (``ReasonTooLong``): the caller's transaction
    rolls back, so the action changes nothing."""
    entry = audit_entry(
        tournament, action, target, actor=actor, before=before, after=after, reason=reason
    )
    sql.insert(entry)  # every result writes one: a prepared statement (common.db.sql)
    return entry


def record_changes(entries: list[AuditEntry]) -> None:
    """Append several entries (``audit_entry``), in their order, in one statement."""
    if entries:
        AuditEntry.objects.bulk_create(entries)
