"""Writing the audit trail: one entry per change, with before and after as plain JSON."""

from matches.models import AuditEntry, Channel


def record_change(
    tournament,
    action: str,
    target,
    *,
    before=None,
    after=None,
    user=None,
    entrant=None,
    channel: str = Channel.SYSTEM,
    reason: str = "",
    ip_address: str | None = None,
) -> AuditEntry:
    """Append one entry to the tournament's audit trail (``target`` is any model instance)."""
    return AuditEntry.objects.create(
        tournament=tournament,
        action=action,
        target_type=target._meta.label_lower,
        target_id=str(target.pk),
        before=before,
        after=after,
        user=user if getattr(user, "is_authenticated", False) else None,
        entrant=entrant,
        channel=channel,
        reason=reason,
        ip_address=ip_address,
    )
