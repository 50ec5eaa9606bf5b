"""The polling fallback of the live layer: ``{"messages": [...]}`` in the websocket formats.

``static/js/live.js`` polls these when its socket keeps failing (docs/realtime.md). Each answer
uses exactly the messages the sockets send, with the same rights as the sockets: a public event
for everyone, a private one for its staff and its entrants (``?token=``), draft rounds for staff
only. A refused visitor gets a 404, the same for a missing and a hidden object.

* round:      ``[clock, result.accepted per accepted match]`` (the round socket's messages);
* tournament: at most one ``round.published`` (the latest published round) and one
  ``standings.changed`` (the latest accepted result), each only if newer than ``?after=<ms>``:
  pages that reload on these types pass the time they were drawn, so they reload once per change;
* match:      ``[live.state]`` and, once accepted, ``result.accepted`` (the match socket's).
"""

from django.http import Http404, JsonResponse
from django.views.decorators.cache import never_cache

from matches.models import Match, MatchStatus, ResultVersion, VersionState
from matches.services import live_games
from tournament import messages
from tournament.services.clock import clock_payload
from tournament.views.pages import (
    PUBLIC_ROUND_STATES,
    round_matches,
    visible_round,
    visible_tournament,
)


def _answer(messages: list[dict]) -> JsonResponse:
    return JsonResponse({"messages": messages})


@never_cache
def round_live(request, slug, number):
    """The round socket's state: its clock, then every accepted result (four queries)."""
    tournament = visible_tournament(request, slug)
    round_ = visible_round(request, tournament, number)
    out = [clock_payload(round_)]
    for match in round_matches(round_):
        if match.status == MatchStatus.ACCEPTED:
            out.append(messages.result_accepted(match, match.seats.all()))
    return _answer(out)


def _after(request) -> int:
    try:
        return max(0, int(request.GET.get("after", "0")))
    except ValueError:
        return 0


def _ms(moment) -> int:
    return int(moment.timestamp() * 1000) if moment else 0


@never_cache
def tournament_live(request, slug):
    """The tournament socket's news since ``?after=<ms>``: the last round published, the last
    accepted result (as ``standings.changed``)."""
    tournament = visible_tournament(request, slug)
    after = _after(request)
    out = []
    latest_round = (
        tournament.rounds.filter(status__in=PUBLIC_ROUND_STATES, published_at__isnull=False)
        .order_by("-published_at")
        .first()
    )
    if latest_round is not None and _ms(latest_round.published_at) > after:
        out.append(messages.round_published(latest_round))
    latest_result = (
        ResultVersion.objects.filter(
            match__round__tournament=tournament,
            match__round__status__in=PUBLIC_ROUND_STATES,
            state=VersionState.ACCEPTED,
            decided_at__isnull=False,
        )
        .select_related("match")
        .order_by("-decided_at")
        .first()
    )
    if latest_result is not None and _ms(latest_result.decided_at) > after:
        out.append(
            messages.standings_changed(
                tournament.pk, latest_result.match.round_id, latest_result.match_id
            )
        )
    return _answer(out)


@never_cache
def match_live(request, slug, match_id):
    """The match socket's state: the hosted live game, and the accepted result once there is one."""
    tournament = visible_tournament(request, slug)
    match = (
        Match.objects.select_related("round")
        .filter(pk=match_id, round__tournament=tournament)
        .first()
    )
    if match is None:
        raise Http404("No such match.")
    round_ = visible_round(request, tournament, match.round.number)
    out = [live_games.current_state_message(match.pk)]
    if match.status == MatchStatus.ACCEPTED:
        match = round_matches(round_).get(pk=match.pk)
        out.append(messages.result_accepted(match, match.seats.all()))
    return _answer(out)
