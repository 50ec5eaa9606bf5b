"""The polling fallback of the live layer: ``{"messages": [...]}`` in the websocket formats.

``static/js/live.js`` polls these when its socket keeps failing (docs/realtime.md). Each answer
uses exactly the messages the sockets send, with the same rights as the sockets: a public event
for everyone, a private one for its staff and its entrants (``?token=``), draft rounds for staff
only. A refused visitor gets a 404, the same for a missing and a hidden object.

* round:      ``[clock, result.accepted per accepted match, result.reported or result.disputed
  per match that waits]`` (the round socket's messages, ``live_news.table_messages``);
* tournament: at most one ``round.published`` (the latest published round) and one
  ``standings.changed`` (the latest accepted result), each only if the event's news of its kind
  was stamped at or after ``?after=<ms>``: pages that reload on these types pass the time they
  were drawn, so they reload once per change (``tournament.services.live_news``; the event's
  socket sends the same right after it joins);
* match:      ``[live.state, result.state]`` and, once accepted, ``result.accepted`` (the match
  socket's).
"""

from django.http import Http404, JsonResponse
from django.views.decorators.cache import never_cache

from common.live import push_messages as messages
from matches.models import Match, MatchStatus
from matches.services import live_games, result_marks
from tournament.services import live_news
from tournament.services.clock import clock_payload
from tournament.views.pages import round_matches
from tournament.views.visibility import visible_round, visible_tournament


def _answer(messages: list[dict]) -> JsonResponse:
    return JsonResponse({"messages": messages})


@never_cache
def round_live(request, slug, number):
    """The round socket's state: its clock, then each table's result as it stands (accepted, or
    waiting for its sides or a referee; the waiting tables' version numbers in one more query)."""
    tournament = visible_tournament(request, slug)
    round_ = visible_round(request, tournament, number)
    return _answer([clock_payload(round_), *live_news.table_messages(list(round_matches(round_)))])


@never_cache
def tournament_live(request, slug):
    """The tournament socket's news since ``?after=<ms>``: the last round published, the last
    accepted result (as ``standings.changed``)."""
    tournament = visible_tournament(request, slug)
    after = live_news.after_from(request.GET.get("after")) or 0
    return _answer(live_news.news_since(tournament, after))


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
    out = [
        live_games.current_state_message(match.pk),
        messages.result_state(match.pk, result_marks.stored_mark(match.pk) or ""),
    ]
    if match.status == MatchStatus.ACCEPTED:
        match = round_matches(round_).get(pk=match.pk)
        out.append(messages.result_accepted(match, match.seats.all()))
    return _answer(out)
