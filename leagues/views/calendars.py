"""Calendar feeds of an organisation's and a season's public events (``.ics``, subscribable).

The feed itself is ``tournament.services.calendar_feed``; here, which events: the
organisation's, or the season's if the season is public (404 otherwise).
"""

from django.shortcuts import get_object_or_404

from leagues.models import Organisation, Season
from tournament.services.calendar_feed import feed_events
from tournament.views.calendars import calendar_response


def organisation_calendar(request, slug: str):
    """Every public event of the organisation with a date."""
    organisation = get_object_or_404(Organisation, slug=slug)
    events = feed_events(organisation.events.all())
    return calendar_response(request, organisation.name, events, organisation.slug)


def season_calendar(request, slug: str):
    """Every public event of a public season with a date."""
    season = get_object_or_404(Season, slug=slug, is_public=True)
    events = feed_events(season.events.all())
    return calendar_response(request, season.name, events, season.slug)
