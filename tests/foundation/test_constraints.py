"""The database itself refuses the states the platform must never reach.

Each test bypasses Python-side checks and writes straight through the ORM, so what refuses the
row is the database (a constraint or a trigger), on SQLite and PostgreSQL alike.
"""

import pytest
from django.db import IntegrityError, transaction

from matches.models import ResultVersion, VersionKind, VersionState
from tests.factories import (
    EntrantFactory,
    MatchFactory,
    PlayerFactory,
    ResultVersionFactory,
    RoundFactory,
    SeatFactory,
    TeamFactory,
    TournamentFactory,
)
from tournament.models import Entrant

pytestmark = pytest.mark.django_db


def refused(callable_, *args, **kwargs):
    """Run a write in a savepoint and report whether the database refused it."""
    try:
        with transaction.atomic():
            callable_(*args, **kwargs)
    except IntegrityError:
        return True
    return False


def test_second_accepted_version_of_a_match_is_refused():
    match = MatchFactory()
    ResultVersionFactory(match=match, number=1, state=VersionState.ACCEPTED)
    assert refused(ResultVersionFactory, match=match, number=2, state=VersionState.ACCEPTED)
    # A pending version beside the accepted one is fine, and so is an accepted one elsewhere.
    ResultVersionFactory(match=match, number=2, state=VersionState.PENDING)
    ResultVersionFactory(number=1, state=VersionState.ACCEPTED)
    assert ResultVersion.objects.filter(match=match, state=VersionState.ACCEPTED).count() == 1


def test_promoting_a_second_version_to_accepted_by_update_is_refused():
    match = MatchFactory()
    ResultVersionFactory(match=match, number=1, state=VersionState.ACCEPTED)
    pending = ResultVersionFactory(match=match, number=2, state=VersionState.PENDING)
    assert refused(ResultVersion.objects.filter(pk=pending.pk).update, state=VersionState.ACCEPTED)


def test_entrant_seated_twice_in_one_round_is_refused():
    round_ = RoundFactory()
    first = MatchFactory(round=round_, table_number=1)
    second = MatchFactory(round=round_, table_number=2)
    seat = SeatFactory(match=first, position=1)
    assert refused(SeatFactory, match=second, entrant=seat.entrant, position=1)


def test_same_entrant_in_two_rounds_is_fine():
    seat = SeatFactory(position=1)
    later = RoundFactory(stage=seat.round.stage, number=2, number_in_stage=2)
    SeatFactory(match=MatchFactory(round=later, table_number=1), entrant=seat.entrant, position=1)


def test_seat_round_must_be_its_match_round():
    seat = SeatFactory(position=1)
    other_round = RoundFactory(stage=seat.round.stage, number=2, number_in_stage=2)
    other_match = MatchFactory(round=other_round, table_number=1)
    assert refused(
        SeatFactory, match=other_match, round=seat.round, entrant=EntrantFactory(), position=1
    )


def test_duplicate_table_number_in_a_round_is_refused():
    match = MatchFactory(table_number=3)
    assert refused(MatchFactory, round=match.round, table_number=3)
    MatchFactory(round=match.round, table_number=4)


def test_table_number_zero_is_refused():
    assert refused(MatchFactory, table_number=0)


def test_saved_result_content_cannot_be_overwritten():
    version = ResultVersionFactory(report={"sides": [{"side": "a", "victory_cup": 3}]})
    assert refused(
        ResultVersion.objects.filter(pk=version.pk).update,
        report={"sides": [{"side": "a", "victory_cup": 9}]},
    )
    version.refresh_from_db()
    assert version.report["sides"][0]["victory_cup"] == 3


def test_state_changes_are_allowed_but_a_superseded_version_stays_superseded():
    version = ResultVersionFactory(state=VersionState.ACCEPTED)
    ResultVersion.objects.filter(pk=version.pk).update(state=VersionState.SUPERSEDED)
    assert refused(ResultVersion.objects.filter(pk=version.pk).update, state=VersionState.ACCEPTED)


def test_correction_without_a_reason_is_refused():
    assert refused(ResultVersionFactory, kind=VersionKind.CORRECTION, reason="")
    ResultVersionFactory(kind=VersionKind.CORRECTION, reason="Table 3 miscounted cups")


def test_entrant_must_be_exactly_one_player_or_one_team():
    tournament = TournamentFactory()
    assert refused(Entrant.objects.create, tournament=tournament, display_name="Nobody")
    assert refused(
        Entrant.objects.create,
        tournament=tournament,
        player=PlayerFactory(),
        team=TeamFactory(),
        display_name="Both",
    )


def test_player_enters_a_tournament_once():
    entrant = EntrantFactory()
    assert refused(EntrantFactory, tournament=entrant.tournament, player=entrant.player)


def test_private_links_are_long_and_distinct():
    entrants = [EntrantFactory() for _ in range(20)]
    tokens = {e.access_token for e in entrants}
    assert len(tokens) == 20
    assert all(len(t) >= 32 for t in tokens)
    old = entrants[0].access_token
    entrants[0].revoke_access_token()
    assert entrants[0].access_token != old


def test_tournament_settings_out_of_range_are_refused():
    assert refused(TournamentFactory, swiss_rounds=0)
    assert refused(TournamentFactory, preferred_pod_size=5)
    assert refused(TournamentFactory, game_length_seconds=5)
