"""Whether an event takes registrations now: the window, the places, the waitlist.

Pure: the times and counts in, a state code out (the services say it in a sentence).
"""

from __future__ import annotations

import datetime
from enum import StrEnum


class State(StrEnum):
    """Where an event's registration stands."""

    OPEN = "open"
    NOT_YET = "not_yet"
    CLOSED = "closed"
    FULL = "full"


def window_state(
    now: datetime.datetime,
    *,
    self_service: bool,
    opens_at: datetime.datetime | None,
    closes_at: datetime.datetime | None,
    places_left: int | None,
    waitlist: bool,
) -> State:
    """The state of registration at ``now``: closed when players do not register themselves or
    the window has passed, not yet before it opens, full when no place is left and there is no
    waitlist to join, open otherwise (full with a waitlist is open: newcomers wait)."""
    if not self_service or (closes_at is not None and now >= closes_at):
        return State.CLOSED
    if opens_at is not None and now < opens_at:
        return State.NOT_YET
    if places_left == 0 and not waitlist:
        return State.FULL
    return State.OPEN
