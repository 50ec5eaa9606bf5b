"""When a webhook message is tried again, and when an endpoint is given up: pure rules."""

from __future__ import annotations

from datetime import datetime, timedelta


def backoff_seconds(attempt: int, base: float, cap: float) -> float:
    """The wait before attempt ``attempt + 1``: ``base`` doubled for each attempt made after
    the first (base, 2 base, 4 base ...), at most ``cap``."""
    return float(min(cap, base * 2 ** max(0, attempt - 1)))


def retry_after(attempt: int, max_attempts: int, status: int | None) -> bool:
    """Whether a failed attempt is tried again: attempts remain, and the answer was no answer,
    a timeout or throttling (408, 429) or a server error (5xx). Any other 4xx is the
    receiver's final word."""
    if attempt >= max_attempts:
        return False
    return status is None or status in (408, 429) or status >= 500


def should_disable(
    failures: int,
    failing_since: datetime | None,
    now: datetime,
    *,
    max_failures: int,
    max_hours: int,
) -> bool:
    """Whether an endpoint is given up: ``max_failures`` failed attempts in a row, or failing
    with no success for ``max_hours``."""
    if failures >= max_failures:
        return True
    return failing_since is not None and now - failing_since >= timedelta(hours=max_hours)


def unknown_events(events: list[str], known: list[str]) -> list[str]:
    """The entries of ``events`` that are no event type."""
    return [event for event in events if event not in known]
