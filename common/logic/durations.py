"""Durations as a clock shows them: 5:00, 50:30, 1:30:00. Pure; the pages add the words."""

from __future__ import annotations


def clock_text(seconds: int) -> str:
    """``seconds`` as m:ss, or h:mm:ss from an hour on (rounded up to a whole second)."""
    total = max(0, int(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


def clock_text_ms(ms: int) -> str:
    """Milliseconds as :func:`clock_text` shows them (a part second counts as a whole one)."""
    return clock_text(-(-int(ms) // 1000))
