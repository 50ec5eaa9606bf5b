"""Generating Swiss rounds and entering results through the service layer, on the database."""

import random

import pytest
from django.db import IntegrityError

from common.audit.actor import Actor
from matches.models import MatchStatus, ResultVersion, Seat, VersionState
from matches.services.results import correct_result, enter_result
from matches.services.tables import ResultFlowError
from tests.factories import EntrantFactory, PlayerFactory, TeamFactory, TournamentFactory
from tournament.logic.simulated_games import random_battle
from tournament.models import RoundStatus, TeamMember
from tournament.services.field_history import swiss_history
from tournament.services.rounds import (
    RoundError,
    complete_round,
    generate_swiss_round,
    publish_round,
)

pytestmark = pytest.mark.django_db


def play_all(round_, rng):
    for match in round_.matches.filter(is_bye=False):
        sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
        enter_result(match, random_battle("every_eye", sides, rng))


def test_three_swiss_rounds_seat_everyone_once_without_repeats():
    tournament = TournamentFactory(pairing_method="swiss")
    EntrantFactory.create_batch(24, tournament=tournament)
    rng = random.Random(7)
    for expected_number in (1, 2, 3):
        round_ = publish_round(generate_swiss_round(tournament, seed=expected_number))
        assert round_.number == expected_number
        seats = Seat.objects.filter(round=round_)
        assert seats.count() == 24
        assert sorted(m.seats.count() for m in round_.matches.all()) == [4] * 6
        play_all(round_, rng)
        complete_round(round_)
    history = swiss_history(tournament)
    assert len(history) == 24
    # 3 rounds of 4-player pods: each entrant met 9 different opponents (no repeats).
    assert all(len(record.opponents) == 9 for record in history.values())
    assert all(record.games == 3 for record in history.values())
    # A 4-player game hands out 4+3+2+1 = 10 points; shared places (ties) only add to that,
    # and at most 4 x 4 = 16 when all four tie: 18 games give 180..288.
    total = sum(record.points for record in history.values())
    assert 180 <= total <= 288


def test_stored_seed_reproduces_the_round():
    tournament = TournamentFactory()
    EntrantFactory.create_batch(13, tournament=tournament)

    def shape(round_):
        return [
            [s.entrant_id for s in m.seats.order_by("position")]
            for m in round_.matches.order_by("table_number")
        ]

    first = generate_swiss_round(tournament, seed=99)
    stored_shape, stored_seed, stored_report = shape(first), first.seed, first.pairing_report
    assert sorted(len(pod) for pod in stored_shape) == [3, 3, 3, 4]
    first.delete()
    again = generate_swiss_round(tournament, seed=stored_seed)
    assert shape(again) == stored_shape
    assert again.pairing_report == stored_report


def test_next_round_waits_for_the_current_one():
    tournament = TournamentFactory()
    EntrantFactory.create_batch(8, tournament=tournament)
    round_ = generate_swiss_round(tournament, seed=1)
    with pytest.raises(RoundError, match="not complete"):
        generate_swiss_round(tournament, seed=2)
    with pytest.raises(RoundError, match="give a reason"):
        complete_round(round_)
    closed = complete_round(round_, reason="Venue closing early")
    assert closed.status == RoundStatus.COMPLETE
    assert closed.closed_reason == "Venue closing early"


def test_correction_keeps_every_version_and_one_accepted():
    tournament = TournamentFactory()
    EntrantFactory.create_batch(4, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    match = round_.matches.get()
    rng = random.Random(1)
    sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
    enter_result(match, random_battle("every_eye", sides, rng))
    with pytest.raises(ResultFlowError, match="needs a correction"):
        enter_result(match, random_battle("every_eye", sides, rng))
    correct_result(match, random_battle("every_eye", sides, rng), Actor(), "Cups recounted")
    versions = list(ResultVersion.objects.filter(match=match).order_by("number"))
    assert [v.state for v in versions] == [VersionState.SUPERSEDED, VersionState.ACCEPTED]
    assert versions[1].supersedes == versions[0]
    match.refresh_from_db()
    assert match.status == MatchStatus.ACCEPTED
    accepted = {p["side"]: p["points"] for p in versions[1].placings}
    for seat in match.seats.all():
        assert float(seat.points) == accepted[str(seat.entrant_id)]


def test_alliance_round_with_odd_teams_gives_one_bye_scored_as_a_win():
    # 2v2v2 is the organiser's opt-in (issue 13.9): a new event gives the bye.
    tournament = TournamentFactory(mode="alliances")
    assert tournament.allow_three_team_games is False
    for _ in range(5):
        entrant = EntrantFactory(tournament=tournament, player=None, team=TeamFactory())
        for _ in range(2):
            TeamMember.objects.create(team=entrant.team, player=PlayerFactory())
    round_ = generate_swiss_round(tournament, seed=4)
    bye = round_.matches.get(is_bye=True)
    assert bye.status == MatchStatus.ACCEPTED
    assert float(bye.seats.get().points) == 4
    assert sorted(m.seats.count() for m in round_.matches.filter(is_bye=False)) == [2, 2]


def test_result_for_a_side_not_at_the_table_is_refused_and_nothing_saved():
    from engine.errors import ResultInvalid

    tournament = TournamentFactory()
    EntrantFactory.create_batch(4, tournament=tournament)
    match = publish_round(generate_swiss_round(tournament, seed=5)).matches.get()
    sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
    report = random_battle("every_eye", sides, random.Random(2))
    report["sides"][0]["side"] = "999999"
    with pytest.raises(ResultInvalid):
        enter_result(match, report)
    assert not ResultVersion.objects.filter(match=match).exists()


def test_database_refuses_two_accepted_versions_even_if_service_is_bypassed():
    tournament = TournamentFactory()
    EntrantFactory.create_batch(4, tournament=tournament)
    match = publish_round(generate_swiss_round(tournament, seed=6)).matches.get()
    sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
    version = enter_result(match, random_battle("every_eye", sides, random.Random(3)))
    with pytest.raises(IntegrityError):
        ResultVersion.objects.create(
            match=match, number=2, kind="entry", report=version.report, state="accepted"
        )


@pytest.mark.parametrize(
    ("sizes", "expected"), [((2, 2, 2, 2, 2), "three"), ((2, 2, 3, 2, 2), "bye")]
)
def test_three_team_game_only_when_six_chiefs_suffice(sizes, expected):
    tournament = TournamentFactory(mode="alliances", allow_three_team_games=True)
    for size in sizes:
        entrant = EntrantFactory(tournament=tournament, player=None, team=TeamFactory())
        for _ in range(size):
            TeamMember.objects.create(team=entrant.team, player=PlayerFactory())
    round_ = generate_swiss_round(tournament, seed=4)
    pods = sorted(m.seats.count() for m in round_.matches.all())
    if expected == "three":
        assert pods == [2, 3] and not round_.matches.filter(is_bye=True).exists()
    else:
        assert pods == [1, 2, 2] and round_.matches.filter(is_bye=True).count() == 1


def test_equal_team_sizes_pair_2v2_and_3v3_only_and_give_each_odd_size_its_bye():
    """Issue 13.10: with the setting, a 2v3 game is never made; three teams of two and three
    of three give two byes, each scored as a win."""
    tournament = TournamentFactory(mode="alliances", equal_team_sizes=True, swiss_rounds=3)
    for size in (2, 2, 2, 3, 3, 3):
        entrant = EntrantFactory(tournament=tournament, player=None, team=TeamFactory())
        for _ in range(size):
            TeamMember.objects.create(team=entrant.team, player=PlayerFactory())
    round_ = publish_round(generate_swiss_round(tournament, seed=4))
    byes = list(round_.matches.filter(is_bye=True))
    assert len(byes) == 2 and all(float(b.seats.get().points) == 4 for b in byes)
    for match in round_.matches.filter(is_bye=False):
        sizes = {s.entrant.team.memberships.count() for s in match.seats.all()}
        assert len(sizes) == 1
    # the next round gives the byes to teams that have had none
    for match in round_.matches.filter(is_bye=False):
        sides = [(str(s.entrant_id), s.entrant.team.memberships.count()) for s in match.seats.all()]
        enter_result(match, random_battle("alliances", sides, random.Random(match.pk)))
    complete_round(round_)
    first = {b.seats.get().entrant_id for b in byes}
    second = generate_swiss_round(tournament, seed=5)
    again = {b.seats.get().entrant_id for b in second.matches.filter(is_bye=True)}
    assert len(again) == 2 and not (first & again)
