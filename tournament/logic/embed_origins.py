"""The sites allowed to show an event's widget in a frame: parsed and checked.

An organiser lists origins (``https://club.example``, one per line or separated by spaces or
commas); the widget sends them as the ``frame-ancestors`` of its content security policy. Pure:
text in, origins and the problems found out (each problem a sentence naming the bad entry).
"""

from __future__ import annotations

import re

#: the most sites one event may list
MAX_ORIGINS = 10
#: an origin: http or https, a host name (letters, digits, dots, hyphens; a leading ``*.`` for
#: every subdomain) and an optional port; no path, query, quote or space
ORIGIN = re.compile(
    r"https?://(\*\.)?[A-Za-z0-9]([A-Za-z0-9\-]{0,62}\.)*[A-Za-z0-9\-]{1,63}(:\d{1,5})?"
)


def split_origins(text: str) -> list[str]:
    """The entries of ``text``: separated by new lines, spaces or commas, trailing '/' dropped."""
    return [entry.rstrip("/") for entry in re.split(r"[\s,]+", text or "") if entry.strip()]


def bad_entries(text: str) -> list[str]:
    """The entries of ``text`` that are not an origin (each cut to 80 characters)."""
    return [entry[:80] for entry in split_origins(text) if not ORIGIN.fullmatch(entry)]


def frame_ancestors(text: str) -> str:
    """The ``frame-ancestors`` value for the stored ``text``: its valid origins, or ``'none'``."""
    origins = [entry for entry in split_origins(text) if ORIGIN.fullmatch(entry)][:MAX_ORIGINS]
    return " ".join(dict.fromkeys(origins)) or "'none'"
