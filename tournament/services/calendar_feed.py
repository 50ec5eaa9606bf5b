"""Calendar feeds (iCalendar, RFC 5545) of public events: one event, an organisation's, a season's.

An event is an all-day entry on its day (events store a day, no time of day or zone). Its UID
never changes (the event's id and the site's host), so a calendar app that subscribed keeps one
entry per event and updates it: SEQUENCE and LAST-MODIFIED follow the event's last change (a new
date or venue raises them), as RFC 5545 asks of a revised entry. Only public events with a date
are put in a feed.
"""

import datetime
from collections.abc import Callable, Iterable

from django.db.models import QuerySet
from django.utils.text import Truncator
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from tournament.models import Tournament

PRODID = "-//Eye for an Eye tournaments//Event calendar//EN"
#: the events of one organisation's or season's feed, at most (the latest ones)
MAX_FEED_EVENTS = 500
#: an entry's SEQUENCE counts the seconds from here to the event's last change (a 32-bit
#: integer, as calendar apps store it, until 2088)
SEQUENCE_EPOCH = datetime.datetime(2020, 1, 1, tzinfo=datetime.UTC)
MAX_DESCRIPTION = 1000


def feed_events(events: QuerySet) -> QuerySet:
    """The events of ``events`` a feed may carry: public, dated, the latest first, bounded."""
    return (
        events.filter(is_public=True, starts_on__isnull=False)
        .select_related("organisation")
        .order_by("-starts_on", "id")[:MAX_FEED_EVENTS]
    )


def event_uid(tournament: Tournament, host: str) -> str:
    """The entry's UID: the same for the event's whole life, whatever changes in it."""
    return f"event-{tournament.pk}@{host}"


def revision(tournament: Tournament) -> int:
    """The entry's SEQUENCE: grows with every change of the event (its ``updated_at``)."""
    return max(0, int((tournament.updated_at - SEQUENCE_EPOCH).total_seconds()))


def location(tournament: Tournament) -> str:
    """Venue and address, as one line."""
    return ", ".join(part for part in (tournament.venue, tournament.address) if part)


def description(tournament: Tournament) -> str:
    """What is played and who runs it, then the organiser's own description (shortened)."""
    lines = [tournament.game_mode.get("label", tournament.mode)]
    if tournament.organisation_id:
        lines.append(_("Run by %(name)s") % {"name": tournament.organisation.name})
    if tournament.description:
        lines.append(Truncator(tournament.description).chars(MAX_DESCRIPTION))
    return "\n".join(lines)


def calendar_entry(tournament: Tournament, url: str, host: str) -> Event:
    """One event as a VEVENT: its day, name, place and page."""
    entry = Event()
    entry.add("uid", event_uid(tournament, host))
    entry.add("dtstamp", tournament.updated_at)
    entry.add("last-modified", tournament.updated_at)
    entry.add("sequence", revision(tournament))
    entry.add("dtstart", tournament.starts_on)
    if tournament.starts_on < datetime.date.max:  # an all-day entry ends the next day
        entry.add("dtend", tournament.starts_on + datetime.timedelta(days=1))
    entry.add("summary", tournament.name)
    entry.add("description", description(tournament))
    if location(tournament):
        entry.add("location", location(tournament))
    entry.add("url", url)
    return entry


def calendar_of(
    name: str,
    events: Iterable[Tournament],
    url_of: Callable[[Tournament], str],
    host: str,
    time_zone: str = "",
) -> bytes:
    """A calendar named ``name`` of ``events`` (``url_of`` gives each event's page); a calendar
    of one event names its ``time_zone`` (the entries are whole days, in the venue's zone)."""
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", name)
    if time_zone:
        calendar.add("x-wr-timezone", time_zone)
    for tournament in events:
        calendar.add_component(calendar_entry(tournament, url_of(tournament), host))
    return calendar.to_ical()
