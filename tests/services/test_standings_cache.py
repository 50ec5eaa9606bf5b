"""Cached standings follow every change of what they read, and only then recompute."""

import random

import pytest

from common.audit.actor import Actor
from matches.services.results import correct_result, enter_result
from tests.factories import EntrantFactory, TournamentFactory
from tournament.logic.simulated_games import random_battle
from tournament.models import EntrantStatus, Tournament
from tournament.services import standings as service
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


def fresh(tournament):
    return Tournament.objects.get(pk=tournament.pk)


def play(match, seed):
    sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
    return random_battle("every_eye", sides, random.Random(seed))


def test_cache_is_reused_until_a_result_or_an_entrant_changes(
    monkeypatch, django_capture_on_commit_callbacks
):
    tournament = TournamentFactory()
    entrants = EntrantFactory.create_batch(8, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=2))
    calls = []
    real = service.compute_standings
    monkeypatch.setattr(service, "compute_standings", lambda t: calls.append(1) or real(t))

    first = service.cached_standings(fresh(tournament))
    service.cached_standings(fresh(tournament))
    assert len(calls) == 1  # the second read came from the cache
    assert all(row.points == 0 for row in first)

    match = round_.matches.first()
    with django_capture_on_commit_callbacks(execute=True):  # the revision moves on commit
        enter_result(match, play(match, 1), Actor())
    after_result = service.cached_standings(fresh(tournament))
    assert len(calls) == 2
    assert after_result == real(fresh(tournament))
    assert sum(row.points for row in after_result) > 0

    with django_capture_on_commit_callbacks(execute=True):
        correct_result(match, play(match, 2), Actor(), "Recount")
    assert service.cached_standings(fresh(tournament)) == real(fresh(tournament))
    assert len(calls) == 3

    entrants[0].status = EntrantStatus.DROPPED
    with django_capture_on_commit_callbacks(execute=True):
        entrants[0].save()
    rows = service.cached_standings(fresh(tournament))
    assert len(calls) == 4
    assert {r.status for r in rows if r.entrant_id == str(entrants[0].pk)} == {"dropped"}


def test_changing_the_tiebreakers_changes_the_cached_columns():
    tournament = TournamentFactory()
    EntrantFactory.create_batch(4, tournament=tournament)
    before = service.cached_standings(fresh(tournament))
    assert [k for k, _ in before[0].tiebreaks] == [
        "victory_cup_tokens",
        "strength_of_schedule",
        "first_places",
    ]
    tournament = fresh(tournament)
    tournament.tiebreakers = ["first_places"]
    tournament.save()
    after = service.cached_standings(fresh(tournament))
    assert [k for k, _ in after[0].tiebreaks] == ["first_places"]
