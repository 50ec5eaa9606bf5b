"""A round's tables (live status per match and the clock), and a hosted live game's scoreboard."""

from django.http import Http404
from django.shortcuts import render

from common.live.realtime import server_time_ms
from matches.models import LiveGame, Match
from matches.services import live_games
from tournament.views.pages import clock_view, with_win_chances
from tournament.views.round_cards import card_matches
from tournament.views.table_cards import table_cards
from tournament.views.visibility import token_query, visible_round, visible_tournament


def round_pairings(request, slug, number):
    """The tables of one round with each side's starting colour and result, live.

    Each seat's chance to win its table by the rating model is shown when any player of the
    round is rated. A page of tables at a time (``table_page``), read as plain rows
    (``round_cards``). Seven queries at most whatever the field size (the count of tables for
    the pages): the event, the round, its matches (with any live game), their seats with the
    entrants, the teams' members (team events) and the players' ratings.
    """
    rendered_at = server_time_ms()
    tournament = visible_tournament(request, slug)
    round_ = visible_round(request, tournament, number)
    page, matches = card_matches(round_, request.GET.get("page"))
    win_chances = with_win_chances(tournament, matches)
    token = token_query(request)
    return render(
        request,
        "tournament/pairings.html",
        {
            "rendered_at": rendered_at,
            "tournament": tournament,
            "round": round_,
            "matches": matches,
            "cards": table_cards(tournament, matches, token),
            "page": page,
            "win_chances": win_chances,
            "clock": clock_view(round_),
            "token": token,
        },
    )


def scoreboard(game: LiveGame | None, names: dict) -> dict | None:
    """A hosted live game's state as rows for the page: sides, their characters and cups."""
    if game is None:
        return None
    state = live_games.current_state(game) or {}
    characters = state.get("characters") or {}
    sides = []
    for side_id, side in (state.get("sides") or {}).items():
        sides.append(
            {
                "id": side_id,
                "name": names.get(side_id, side_id),
                "cup": side.get("cup"),
                "counters": [] if "characters" in side else sorted(side.items()),
                "characters": [
                    {
                        "name": name,
                        "health": characters.get(name, {}).get("health"),
                        "knocked_out": characters.get(name, {}).get("knocked_out", False),
                    }
                    for name in side.get("characters", [])
                ],
            }
        )
    return {
        "status": state.get("status") or "setup",
        "sequence": game.last_sequence,
        "sides": sides,
    }


def live_game(request, slug, match_id):
    """A hosted live game's read-only scoreboard for watchers, live over ``/ws/matches/<id>/``."""
    rendered_at = server_time_ms()
    tournament = visible_tournament(request, slug)
    match = (
        Match.objects.select_related("round__stage")
        .filter(pk=match_id, round__tournament=tournament)
        .first()
    )
    if match is None:
        raise Http404("No such match.")
    round_ = visible_round(request, tournament, match.round.number)
    seats = list(match.seats.select_related("entrant").order_by("position"))
    names = {str(seat.entrant_id): seat.entrant.display_name for seat in seats}
    game = LiveGame.objects.filter(match=match).first()
    return render(
        request,
        "tournament/live_game.html",
        {
            "tournament": tournament,
            "round": round_,
            "match": match,
            "seats": seats,
            "game": game,
            "board": scoreboard(game, names),
            "names": names,
            "clock": clock_view(round_),
            "token": token_query(request),
            "rendered_at": rendered_at,
        },
    )
