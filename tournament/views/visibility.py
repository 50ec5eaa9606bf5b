"""Who may see an event and its rounds, for the player pages.

Rights are the live layer's (docs/realtime.md): a public event is seen by everyone; a private one
by its staff and by its own entrants through their private link (``?token=``). Draft rounds are
seen by staff only. A visitor who may not see something gets a 404, whether it exists or not.
"""

from urllib.parse import urlencode

from django.http import Http404

from common.locale import use_event_locale
from tournament.models import PUBLIC_ROUND_STATES, Round, Tournament
from tournament.services.permissions import (
    can_view_round,
    can_view_tournament,
    entrant_of_request,
    token_from_request,
)


def visible_tournament(request, slug) -> Tournament:
    """The event, if this visitor may see it (404 otherwise, the same for missing and private)."""
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None:
        raise Http404("No such event.")
    entrant = None if tournament.is_public else entrant_of_request(request, tournament)
    if not can_view_tournament(request.user, tournament, entrant):
        raise Http404("No such event.")
    use_event_locale(request, tournament)
    return tournament


def visible_round(request, tournament: Tournament, number: int) -> Round:
    """A round of the event by number, if this visitor may see it (drafts: staff only)."""
    round_ = tournament.rounds.select_related("stage").filter(number=number).first()
    if round_ is None:
        raise Http404("No such round.")
    round_.tournament = tournament
    entrant = entrant_of_request(request, tournament)
    if not can_view_round(request.user, round_, entrant):
        raise Http404("No such round.")
    return round_


def public_rounds(tournament: Tournament):
    """The event's rounds that everyone who sees the event may see (published or later)."""
    return tournament.rounds.filter(status__in=PUBLIC_ROUND_STATES)


def token_query(request) -> str:
    """``?token=...`` to pass a private link on to the live layer and other pages, or ``""``."""
    token = token_from_request(request)
    return "?" + urlencode({"token": token}) if token else ""
