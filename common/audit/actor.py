"""Who acts: a staff user, or a side through its private link, and the door they came through.

Every service takes an ``Actor``; the doors build it (``common.api.views.actor_for``, the pages'
``page_actor``, the consumers' ``actor()``), and ``common.audit.services.record_change`` writes
its fields into the audit entry.
"""

from dataclasses import dataclass

from common.audit.channels import Channel


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
