"""How the API announces that something of v1 will go (docs/api-versioning.md): the
``Deprecation`` header (RFC 9745, the date it was deprecated) and ``Sunset`` (RFC 8594, the
earliest day it may stop answering)."""

from datetime import UTC, datetime

from django.utils.http import http_date


def _epoch(day: str) -> int:
    return int(datetime.fromisoformat(day).replace(tzinfo=UTC).timestamp())


def mark_deprecated(response, *, since: str, sunset: str):
    """Tell the client on ``response`` that what it used is deprecated since the ISO day
    ``since`` and may stop answering from the ISO day ``sunset``."""
    response["Deprecation"] = f"@{_epoch(since)}"
    response["Sunset"] = http_date(_epoch(sunset))
    return response
