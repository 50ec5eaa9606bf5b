"""The standings of a VP-mode event break ties on VP, as the engine's mode says (issue 13.1)."""

import importlib

import pytest
from django.apps import apps

from common.audit.actor import Actor
from matches.services.results import enter_result
from tests.factories import EntrantFactory, TournamentFactory
from tournament.services.rounds import generate_swiss_round, publish_round
from tournament.services.standings import compute_standings

pytestmark = pytest.mark.django_db


def domination_report(match, vps):
    seats = list(match.seats.order_by("position"))
    return {
        "sides": [
            {"side": str(s.entrant_id), "vp_scored": vp, "survivors": 1, "health_left": 3}
            for s, vp in zip(seats, vps, strict=True)
        ]
    }


def test_equal_points_in_a_domination_event_are_ordered_by_vp_not_by_entrant_id():
    tournament = TournamentFactory(mode="domination", swiss_rounds=1, series_points="by_place")
    EntrantFactory.create_batch(8, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    first, second = sorted(round_.matches.all(), key=lambda m: min(
        m.seats.values_list("entrant_id", flat=True)))  # fmt: skip
    # The table holding the lowest entrant id scores less VP at every place.
    enter_result(first, domination_report(first, [5, 3, 2, 0]), Actor())
    enter_result(second, domination_report(second, [9, 7, 4, 1]), Actor())

    rows = compute_standings(tournament)
    assert [row.points for row in rows] == [4, 4, 3, 3, 2, 2, 1, 1]
    assert [row.tiebreak("stat:vp") for row in rows] == [9, 5, 7, 3, 4, 2, 1, 0]
    assert [key for key, _ in rows[0].tiebreaks] == [
        "stat:vp",
        "stat:health_left",
        "strength_of_schedule",
        "first_places",
    ]


def test_the_migration_hands_the_old_fixed_order_back_to_the_game_and_keeps_any_other():
    migration = importlib.import_module("tournament.migrations.0005_tiebreakers_follow_the_game")
    fixed = TournamentFactory(mode="domination", tiebreakers=migration.OLD_DEFAULT)
    chosen = TournamentFactory(tiebreakers=["first_places", "victory_cup_tokens"])
    migration.follow_the_game(apps, None)
    fixed.refresh_from_db()
    chosen.refresh_from_db()
    assert fixed.tiebreakers == [] and fixed.standings_tiebreakers()[0] == "vp"
    assert chosen.tiebreakers == ["first_places", "victory_cup_tokens"]


# --- VP series (issue 13.7) -------------------------------------------------------------


def test_a_vp_mode_event_sums_vp_by_default_as_the_rulebook_totals_a_series():
    tournament = TournamentFactory(mode="domination", swiss_rounds=1)
    assert tournament.series_points == "sum_vp" and tournament.sums_vp
    EntrantFactory.create_batch(4, tournament=tournament)
    match = publish_round(generate_swiss_round(tournament, seed=3)).matches.get()
    enter_result(match, domination_report(match, [9, 4, 4, 1]), Actor())
    points = sorted(float(s.points) for s in match.seats.all())
    assert points == [1, 4, 4, 9]
    assert [row.points for row in compute_standings(tournament)] == [9, 4, 4, 1]


def test_points_by_place_stays_an_organiser_choice():
    tournament = TournamentFactory(mode="domination", swiss_rounds=1, series_points="by_place")
    EntrantFactory.create_batch(4, tournament=tournament)
    match = publish_round(generate_swiss_round(tournament, seed=3)).matches.get()
    enter_result(match, domination_report(match, [9, 5, 4, 1]), Actor())
    assert [row.points for row in compute_standings(tournament)] == [4, 3, 2, 1]


def test_battle_modes_always_score_by_place():
    tournament = TournamentFactory(mode="every_eye", series_points="sum_vp")
    assert not tournament.sums_vp
