"""Private-link tokens never reach a log line.

A player's private link carries their token in the address (``/me/<token>/``, ``?token=``); the
servers' access logs (runserver, uvicorn, daphne) and Django's "Not Found" warnings print the
address. ``RedactPrivateLinks`` is a logging filter that rewrites every record's message with
the token replaced by ``<redacted>`` before any handler prints it.
"""

import logging
import re

PATTERNS = (
    (re.compile(r"(/me/)[^/\s?#\"']+"), r"\1<redacted>"),
    (re.compile(r"([?&]token=)[^&\s#\"']+"), r"\1<redacted>"),
)


def redact(text: str) -> str:
    """``text`` with every private-link token replaced by ``<redacted>``."""
    for pattern, replacement in PATTERNS:
        text = pattern.sub(replacement, text)
    return text


class RedactPrivateLinks(logging.Filter):
    """Rewrite a record's message without private-link tokens (the record is kept)."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a record that cannot format is left to its handler
            return True
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, ()
        return True
