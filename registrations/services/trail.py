"""A registration's audit entries: what it was before and after, in the event's trail."""

from __future__ import annotations

from common.audit.actor import Actor
from common.audit.services import record_change
from registrations.models import Registration


def snapshot(registration: Registration) -> dict:
    """The fields of a registration the audit trail keeps."""
    return {
        "name": registration.name,
        "status": registration.status,
        "queue_number": registration.queue_number,
        "paid": registration.paid,
        "entrant": registration.entrant_id,
    }


def record(
    registration: Registration, action: str, before: dict | None, actor: Actor, **extra
) -> None:
    """Append ``registration.<action>`` to its event's trail, with before and after."""
    record_change(
        registration.tournament,
        f"registration.{action}",
        registration,
        before=before,
        after=snapshot(registration) | extra,
        actor=actor,
    )
