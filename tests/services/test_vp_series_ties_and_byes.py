"""Issue 35.7 through the services: a tied sum-of-VP final is decided by the Health Tokens left
at the end of its last game, and a bye in a sum-of-VP event is worth 0 VP."""

import pytest

from common.audit.actor import Actor
from matches.services.results import enter_result
from tests.factories import EntrantFactory, PlayerFactory, TeamFactory, TournamentFactory
from tournament.models import RoundStatus, StageKind, TeamMember
from tournament.services.elimination import advance_elimination, start_elimination
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round
from tournament.services.standings import compute_standings

pytestmark = pytest.mark.django_db
REF = Actor()


def vp_report(match, rows, survivors=1):
    """``rows``: {entrant id: (VP, Health Tokens left)}; every character still standing."""
    return {
        "sides": [
            {"side": str(s.entrant_id), "vp_scored": rows[s.entrant_id][0], "survivors": survivors,
             "health_left": rows[s.entrant_id][1]}
            for s in match.seats.all()
        ]
    }  # fmt: skip


def play(round_, rows):
    if round_.status == RoundStatus.DRAFT:
        round_ = publish_round(round_)
    for match in round_.matches.filter(is_bye=False):
        enter_result(match, vp_report(match, rows), REF)
    complete_round(round_)


def test_a_tied_sum_of_vp_final_goes_to_the_health_tokens_left_in_its_last_game():
    tournament = TournamentFactory(mode="domination", swiss_rounds=1)
    entrants = EntrantFactory.create_batch(4, tournament=tournament)
    a, b, c, d = (e.pk for e in entrants)
    play(generate_swiss_round(tournament, seed=3), {a: (9, 3), b: (4, 3), c: (2, 3), d: (1, 3)})
    start_elimination(tournament)
    finals = list(tournament.rounds.filter(stage__kind=StageKind.FINAL).order_by("number"))
    assert len(finals) == 3
    # a and b end on 18 VP each; a kept more Health Tokens over the three games (32 to 8),
    # b more at the end of the last one (6 to 2): the last game decides
    games = [
        {a: (9, 15), b: (4, 1), c: (1, 3), d: (0, 3)},
        {a: (4, 15), b: (9, 1), c: (1, 3), d: (0, 3)},
        {a: (5, 2), b: (5, 6), c: (1, 3), d: (0, 3)},
    ]
    for round_, rows in zip(finals, games, strict=True):
        play(round_, rows)
    state = advance_elimination(tournament)
    assert state.champion and int(state.champion) == b
    assert not tournament.rounds.filter(stage__kind=StageKind.TIE_BREAK).exists()


def test_a_bye_in_a_sum_of_vp_event_is_worth_no_vp():
    tournament = TournamentFactory(mode="domination_alliance", swiss_rounds=2)
    assert tournament.sums_vp and tournament.bye_scores_as_win
    for _ in range(3):
        entrant = EntrantFactory(tournament=tournament, player=None, team=TeamFactory())
        for _ in range(2):
            TeamMember.objects.create(team=entrant.team, player=PlayerFactory())
    round_ = publish_round(generate_swiss_round(tournament, seed=4))
    bye = round_.matches.get(is_bye=True)
    resting = bye.seats.get().entrant_id
    assert float(bye.seats.get().points) == 0
    assert round_.pairing_report["bye"]["points"] == 0
    game = round_.matches.get(is_bye=False)
    teams = {s.entrant_id: (6, 4) for s in game.seats.all()}
    enter_result(game, vp_report(game, teams, survivors=2), REF)
    rows = {int(row.entrant_id): row for row in compute_standings(tournament)}
    assert (rows[resting].points, rows[resting].byes, rows[resting].games_played) == (0, 1, 0)
    assert {rows[pk].points for pk in rows if pk != resting} == {6}


def test_a_bye_in_an_event_that_scores_places_is_still_a_win():
    tournament = TournamentFactory(
        mode="domination_alliance", swiss_rounds=2, series_points="by_place"
    )
    for _ in range(3):
        entrant = EntrantFactory(tournament=tournament, player=None, team=TeamFactory())
        for _ in range(2):
            TeamMember.objects.create(team=entrant.team, player=PlayerFactory())
    round_ = generate_swiss_round(tournament, seed=4)
    assert float(round_.matches.get(is_bye=True).seats.get().points) == 4
    assert round_.pairing_report["bye"]["points"] == 4
