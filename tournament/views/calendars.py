"""The calendar feed of one public event (``.ics``), and the answer every feed shares.

A calendar app asks without signing in, so only public events with a date have a feed; any
other address answers 404, the same for a missing, private or undated event.
"""

from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from common.locale import use_event_locale
from tournament.models import Tournament
from tournament.services.calendar_feed import calendar_of, feed_events

CALENDAR_TYPE = "text/calendar; charset=utf-8"


def calendar_response(
    request, name: str, events, filename: str, time_zone: str = ""
) -> HttpResponse:
    """``events`` as an iCalendar feed named ``name``, each linked to its public page."""

    def url_of(tournament: Tournament) -> str:
        return request.build_absolute_uri(reverse("tournament:detail", args=[tournament.slug]))

    body = calendar_of(name, events, url_of, request.get_host().split(":")[0], time_zone)
    response = HttpResponse(body, content_type=CALENDAR_TYPE)
    response["Content-Disposition"] = f'inline; filename="{filename}.ics"'
    return response


def event_calendar(request, slug):
    """One public event's calendar entry: "Add to calendar" on its page."""
    events = list(feed_events(Tournament.objects.filter(slug=slug)))
    if not events:
        raise Http404(_("No public event with a date has this address."))
    use_event_locale(request, events[0])
    return calendar_response(request, events[0].name, events, slug, events[0].time_zone)
