"""Who acts, and the audit trail they leave: one entry per change, with before and after as
plain JSON.

Every service takes an ``Actor`` (a staff user, or a side through its private link, and the
door they came through) and writes its own entry with ``record_change``.
"""

from dataclasses import dataclass

from common.db import sql
from matches.models import AuditEntry, Channel


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
    entry = AuditEntry(
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
    sql.insert(entry)  # every result writes one: a prepared statement (common.db.sql)
    return entry
