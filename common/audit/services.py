"""The audit trail written: one entry per change, with before and after as plain JSON.

Every service takes an ``Actor`` (``common.audit.actor``) and writes its own entry with
``record_change``, which keeps who acted, through which door and from where.
"""

from common.audit.actor import Actor
from common.audit.models import AuditEntry
from common.audit.reasons import check_reason
from common.db import sql


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
    check_reason(reason)
    entry = AuditEntry(
        tournament=tournament,
        action=action,
        target_type=target._meta.label_lower,
        target_id=str(target.pk),
        before=before,
        after=after,
        reason=reason,
        **actor.audit_fields(),
    )
    sql.insert(entry)  # every result writes one: a prepared statement (common.db.sql)
    return entry
