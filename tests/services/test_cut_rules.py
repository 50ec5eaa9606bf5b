"""Starting the cut with a tie one game cannot seat, and with equal team sizes (issue 35 items
5 and 6): the cut is made, or refused with a message that changes nothing."""

import random

import pytest

from common.audit.models import AuditEntry
from matches.models import Match
from matches.services.results import enter_result
from tests.factories import EntrantFactory, PlayerFactory, TeamFactory, TournamentFactory
from tests.services.test_elimination import REF, report, run_to_champion
from tournament.models import ELIMINATION_STAGES, StageKind, TeamMember, TournamentStatus
from tournament.services.elimination import start_elimination
from tournament.services.rounds import RoundError, complete_round, generate_swiss_round
from tournament.services.rounds import publish_round as publish

pytestmark = pytest.mark.django_db


def add_teams(tournament, sizes):
    for size in sizes:
        entrant = EntrantFactory(tournament=tournament, player=None, team=TeamFactory())
        for _ in range(size):
            TeamMember.objects.create(team=entrant.team, player=PlayerFactory())


def standing(match):
    """Every side's players, all still standing at the end."""
    return [
        s.entrant.team.memberships.count() if s.entrant.team else 1
        for s in match.seats.order_by("position")
    ]


def all_level(tournament, seed=3):
    """One Swiss round in which every game ends level: every side shares first place."""
    round_ = publish(generate_swiss_round(tournament, seed=seed))
    for match in round_.matches.filter(is_bye=False):
        survivors = standing(match)  # a smaller side's cup makes up for its fewer survivors
        cups = [3 + 5 * (max(survivors) - n) for n in survivors]
        enter_result(match, report(match, cups, survivors), REF)
    complete_round(round_)


def seven_level_players(**settings):
    """Seven players all level after one round (4 + 3): seven tied for a final of four."""
    tournament = TournamentFactory(
        swiss_rounds=1, tiebreakers=[], cut_tie_resolution="game", **settings
    )
    EntrantFactory.create_batch(7, tournament=tournament)
    all_level(tournament)
    return tournament


def test_seven_tied_players_are_cut_by_the_seeded_draw_with_the_reason():
    tournament = seven_level_players()
    state = start_elimination(tournament)
    final = tournament.rounds.filter(stage__kind=StageKind.FINAL).order_by("number").first()
    assert state.round == final and final.matches.get().seats.count() == 4
    tie = final.pairing_report["cut_tie"]
    assert tie["resolution"] == "draw" and len(tie["sides"]) == 7 and tie["slots"] == 4
    assert "not 7" in tie["reason"] and tie["draw_seed"] is not None
    assert final.pairing_report["seeds"] == tie["draw_order"][:4]
    assert "seeded draw" in state.message
    entry = AuditEntry.objects.get(action="elimination.started")
    assert entry.after["cut_tie"]["draw_order"] == tie["draw_order"]


def test_three_tied_teams_of_eight_players_are_cut_by_the_draw():
    tournament = TournamentFactory(
        mode="alliances", swiss_rounds=1, tiebreakers=["first_places"], cut_tie_resolution="game"
    )
    # one level game and a bye scored as a win: all three on 4 points and one first place
    add_teams(tournament, [3, 3, 2])
    all_level(tournament)
    state = start_elimination(tournament)
    final = tournament.rounds.filter(stage__kind=StageKind.FINAL).order_by("number").first()
    assert state.round == final and final.matches.get().seats.count() == 2
    tie = final.pairing_report["cut_tie"]
    assert tie["resolution"] == "draw" and "not 8" in tie["reason"]


def team_size(seat):
    return seat.entrant.team.memberships.count()


def test_equal_team_sizes_hold_through_every_elimination_game_to_the_champion():
    tournament = TournamentFactory(mode="alliances", equal_team_sizes=True, swiss_rounds=1)
    add_teams(tournament, [2, 2, 3, 3, 3, 3])
    round_ = publish(generate_swiss_round(tournament, seed=8))
    for match in round_.matches.all():  # the first seat wins every game
        enter_result(match, report(match, [5, 1], standing(match)), REF)
    complete_round(round_)
    state = run_to_champion(tournament, random.Random(2), mode="alliances")
    first = tournament.rounds.filter(stage__kind=StageKind.ELIMINATION_1).get()
    assert first.pairing_report["team_size"] == 3 and first.pairing_report["cut"] == 4
    games = Match.objects.filter(
        round__tournament=tournament,
        round__stage__kind__in=[*ELIMINATION_STAGES, StageKind.TIE_BREAK],
    ).prefetch_related("seats__entrant__team__memberships")
    assert games.count() >= 5
    for game in games:
        assert {team_size(seat) for seat in game.seats.all()} == {3}
    champion = tournament.entrants.get(pk=int(state.champion))
    assert champion.team.memberships.count() == 3


def one_team_of_each_size(**settings):
    """Equal team sizes, one team of two and one of three: each size has its own bye."""
    tournament = TournamentFactory(
        mode="alliances", equal_team_sizes=True, swiss_rounds=1, **settings
    )
    add_teams(tournament, [2, 3])
    all_level(tournament)
    return tournament


def test_equal_team_sizes_with_no_size_of_two_refuse_the_cut_and_change_nothing():
    tournament = one_team_of_each_size()
    with pytest.raises(RoundError, match="no size has two teams.*turn that setting off"):
        start_elimination(tournament)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.SWISS
    assert not tournament.stages.exclude(kind=StageKind.SWISS).exists()
