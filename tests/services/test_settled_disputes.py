"""Issue 38.8: a dispute is settled with a reason (a correction); its players are told."""

from unittest import mock

import pytest

from common.audit.actor import Actor
from matches.logic.report_lines import report_changes
from matches.models import MatchStatus
from matches.services.results import correct_result, enter_result
from matches.services.tables import ResultFlowError
from tests.factories import EntrantFactory, TournamentFactory, UserFactory, report_then_dispute
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def disputed():
    tournament = TournamentFactory()
    EntrantFactory.create_batch(4, tournament=tournament)
    match = publish_round(generate_swiss_round(tournament, seed=3)).matches.get()
    seats = report_then_dispute(match, [7, 5, 3, 1], "I had six")
    return match, seats


def settled_report(seats, tokens):
    sides = [
        {"side": str(s.entrant_id), "victory_cup_tokens": t, "survivors": 1}
        for s, t in zip(seats, tokens, strict=True)
    ]
    return {"ended_by": "time", "sides": sides}


def test_a_dispute_is_not_settled_without_a_reason(disputed):
    match, seats = disputed
    with pytest.raises(ResultFlowError, match="needs a reason"):
        enter_result(match, settled_report(seats, [7, 6, 3, 1]), Actor(user=UserFactory()))
    match.refresh_from_db()
    assert match.status == MatchStatus.DISPUTED
    assert match.result_versions.count() == 1


def test_the_settlement_tells_the_table_with_its_own_words(disputed):
    match, seats = disputed
    with mock.patch("notifications.services.pushes.result_corrected") as told:
        correct_result(
            match, settled_report(seats, [7, 6, 3, 1]), Actor(user=UserFactory()), "Recount"
        )
    told.assert_called_once_with(match, settled_dispute=True)


def test_report_changes_name_each_changed_field():
    description = {
        "game_fields": [{"name": "ended_by", "label": "Game ended by"}],
        "side_fields": [
            {"name": "side", "label": "Side"},
            {"name": "victory_cup_tokens", "label": "Victory Cup tokens", "required": True},
            {"name": "guard_tokens", "label": "Guard tokens", "default": 0},
        ],
    }
    before = {"ended_by": "time", "sides": [{"side": "1", "victory_cup_tokens": 5}]}
    after = {
        "ended_by": "one_side_left",
        "sides": [{"side": "1", "victory_cup_tokens": 6, "guard_tokens": 0}],
    }
    changes = report_changes(before, after, description, {"1": "Ada"})
    assert [(c.name, c.label, c.before, c.after) for c in changes] == [
        ("", "Game ended by", "time", "one side left"),
        ("Ada", "Victory Cup tokens", "5", "6"),
    ]


def test_closing_a_round_tells_the_sides_whose_time_to_dispute_it_cut_short():
    """Issue 38.10: with one confirmation, the sides that had not answered are told."""
    from matches.services.results import confirm_report, submit_report
    from tournament.services.rounds import complete_round

    tournament = TournamentFactory(confirmations="one", dispute_window_minutes=30)
    EntrantFactory.create_batch(4, tournament=tournament)
    match = publish_round(generate_swiss_round(tournament, seed=3)).matches.get()
    seats = list(match.seats.order_by("position"))
    version = submit_report(
        match, settled_report(seats, [6, 4, 2, 1]), Actor(entrant=seats[0].entrant)
    )
    confirm_report(version, Actor(entrant=seats[1].entrant))
    with mock.patch("notifications.services.pushes.dispute_window_closed") as told:
        complete_round(match.round)
    told.assert_called_once_with(match, [seats[2].entrant_id, seats[3].entrant_id])
