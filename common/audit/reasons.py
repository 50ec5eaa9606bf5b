"""How long a reason may be: one bound for every door (page, API, socket) and the audit trail.

A reason (a dispute, a correction, closing a round with missing results, a drop, extra time)
is kept word for word in the audit trail; longer text is refused, never cut short.
"""

from django.utils.translation import gettext as _

from common.errors import ServiceError

#: the longest reason any action keeps
REASON_MAX_CHARS = 2000


class ReasonTooLong(ServiceError):
    """A reason over ``REASON_MAX_CHARS``: refused, nothing changed."""


def reason_problem(reason: str) -> str:
    """What is wrong with ``reason`` ("" when nothing is)."""
    if len(reason) > REASON_MAX_CHARS:
        return _("The reason is %(length)d characters long; at most %(limit)d are kept.") % {
            "length": len(reason),
            "limit": REASON_MAX_CHARS,
        }
    return ""


def check_reason(reason: str) -> None:
    """Refuse a reason the audit trail would not keep whole."""
    problem = reason_problem(reason)
    if problem:
        raise ReasonTooLong(problem)
