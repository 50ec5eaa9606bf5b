"""What a webhook says: the event types, and the body of each message, from plain values.

A body is ``{"version": 1, "type": ..., "timestamp": ..., "data": {...}}``. ``data`` names
the event (id, slug, name, public URL) and what happened, with ids, names, places and public
URLs only: never a private link or an e-mail address. Within version 1 fields may be added,
never renamed or removed (docs/webhooks.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tournament.logic.translation import gettext_noop

VERSION = 1
TEST = "webhook.test"
#: the types an endpoint may want, with their names on the pages (translated by the doors)
EVENT_TYPES: dict[str, str] = {
    "registration.opened": gettext_noop("Registration opened"),
    "round.published": gettext_noop("Round published"),
    "result.accepted": gettext_noop("Result accepted"),
    "result.corrected": gettext_noop("Result corrected"),
    "standings.changed": gettext_noop("Standings changed"),
    "elimination.seated": gettext_noop("Elimination stage seated"),
    "champion.decided": gettext_noop("Champion decided"),
}
#: lines of the standings a ``standings.changed`` message carries
STANDINGS_TOP = 10


@dataclass(frozen=True)
class EventRef:
    """The event a message is about."""

    id: int
    slug: str
    name: str
    url: str

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "slug": self.slug, "name": self.name, "url": self.url}


@dataclass(frozen=True)
class Line:
    """One side in a result or the standings: its entrant id, name, place and points."""

    entrant: int
    name: str
    place: int | None
    points: float | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "entrant": self.entrant,
            "name": self.name,
            "place": self.place,
            "points": self.points,
        }


def envelope(event_type: str, data: dict[str, Any], timestamp: datetime) -> dict[str, Any]:
    """The whole body of one message."""
    return {
        "version": VERSION,
        "type": event_type,
        "timestamp": timestamp.isoformat(),
        "data": data,
    }


def registration_opened(event: EventRef, register_url: str) -> dict[str, Any]:
    return {"tournament": event.as_dict(), "register_url": register_url}


def round_published(
    event: EventRef, number: int, stage: str, tables: int, url: str
) -> dict[str, Any]:
    return {
        "tournament": event.as_dict(),
        "round": {"number": number, "stage": stage, "tables": tables, "url": url},
    }


def result(
    event: EventRef, round_number: int, table: int, match: int, version: int, lines: list[Line]
) -> dict[str, Any]:
    """``result.accepted`` and ``result.corrected``: a table's places, best first."""
    return {
        "tournament": event.as_dict(),
        "round": round_number,
        "table": table,
        "match": match,
        "version": version,
        "sides": [line.as_dict() for line in lines],
    }


def standings_changed(event: EventRef, lines: list[Line], url: str) -> dict[str, Any]:
    return {
        "tournament": event.as_dict(),
        "standings_url": url,
        "top": [line.as_dict() for line in lines[:STANDINGS_TOP]],
    }


def elimination_seated(
    event: EventRef, stage: str, round_number: int, groups: list[dict[str, Any]], url: str
) -> dict[str, Any]:
    """The groups are ``{"label": ..., "table": ..., "sides": [entrant ids]}``."""
    return {
        "tournament": event.as_dict(),
        "stage": stage,
        "round": round_number,
        "groups": groups,
        "bracket_url": url,
    }


def champion_decided(event: EventRef, champion: Line, url: str) -> dict[str, Any]:
    return {"tournament": event.as_dict(), "champion": champion.as_dict(), "standings_url": url}


def test_event(event: EventRef | None, owner_name: str) -> dict[str, Any]:
    """``webhook.test``: sent on the organiser's "Send a test event"."""
    data: dict[str, Any] = {"owner": owner_name, "test": True}
    if event is not None:
        data["tournament"] = event.as_dict()
    return data
