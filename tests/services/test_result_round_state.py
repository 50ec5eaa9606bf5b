"""Every result action checks the round's state under the match lock (issues 12.7 and 12.8).

Before: with a report waiting on round 1, the organiser closed round 1 and paired round 2; the
other sides then confirmed, the report became accepted and the standings moved without round 2
being flagged. A referee's entry on an unpublished round was accepted, and a seat swap then
left placings naming a player no longer at the table.
"""

import random

import pytest

from common.audit.actor import Actor
from matches.models import MatchStatus, ResultVersion, VersionState
from matches.services.results import (
    confirm_report,
    correct_result,
    dispute_report,
    enter_result,
    submit_report,
)
from matches.services.tables import ResultFlowError
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.logic.simulated_games import random_battle
from tournament.models import RoundStatus
from tournament.services.registration import RegistrationError
from tournament.services.rounds import (
    RoundError,
    complete_round,
    generate_swiss_round,
    publish_round,
)
from tournament.services.seat_swaps import swap_seats

pytestmark = pytest.mark.django_db


def game(match, seed=0):
    sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
    return random_battle("every_eye", sides, random.Random(seed))


def side(entrant):
    return Actor(entrant=entrant)


def players(match):
    return [seat.entrant for seat in match.seats.order_by("position")]


@pytest.fixture
def referee():
    return Actor(user=UserFactory())


def test_a_report_waiting_when_the_round_closes_can_no_longer_be_answered(referee):
    tournament = TournamentFactory()
    EntrantFactory.create_batch(8, tournament=tournament)
    first = publish_round(generate_swiss_round(tournament, seed=1))
    waiting, other = first.matches.order_by("table_number")
    enter_result(other, game(other), referee)
    a, b, c, d = players(waiting)
    version = submit_report(waiting, game(waiting), side(a))
    complete_round(first, reason="Table 1 left without confirming")
    second = generate_swiss_round(tournament, seed=2)

    for answer in (
        lambda: confirm_report(version, side(b)),
        lambda: dispute_report(version, side(c)),
    ):
        with pytest.raises(ResultFlowError, match="round 1 is complete"):
            answer()
    version.refresh_from_db()
    assert version.state == VersionState.PENDING and not version.responses.exists()
    with pytest.raises(ResultFlowError, match="round 1 is complete"):
        submit_report(waiting, game(waiting, 2), side(b))
    with pytest.raises(ResultFlowError, match="round 1 is complete"):
        enter_result(waiting, game(waiting, 3), referee)
    second.refresh_from_db()
    assert not second.paired_on_earlier_standings

    # What a closed round still takes: a referee's correction with a reason, which flags the
    # round paired since.
    correct_result(waiting, version.report, referee, "The players confirmed at the desk")
    second.refresh_from_db()
    assert second.paired_on_earlier_standings
    assert waiting.result_versions.get(state=VersionState.ACCEPTED).kind == "correction"


def test_a_draft_round_takes_no_result_of_any_kind(referee):
    tournament = TournamentFactory()
    EntrantFactory.create_batch(4, tournament=tournament)
    draft = generate_swiss_round(tournament, seed=4)
    match = draft.matches.get()
    a = players(match)[0]
    for act in (
        lambda: enter_result(match, game(match), referee),
        lambda: correct_result(match, game(match), referee, "early"),
        lambda: submit_report(match, game(match), side(a)),
    ):
        with pytest.raises(ResultFlowError, match="not published yet"):
            act()
    assert not ResultVersion.objects.filter(match=match).exists()
    match.refresh_from_db()
    assert match.status == MatchStatus.OPEN


def test_a_swap_refuses_tables_that_hold_a_result(referee):
    tournament = TournamentFactory()
    EntrantFactory.create_batch(8, tournament=tournament)
    draft = generate_swiss_round(tournament, seed=5)
    one, two = draft.matches.order_by("table_number")
    # Only a bypass of the result service can put a result on a draft; the swap still refuses.
    ResultVersion.objects.create(match=one, number=1, kind="entry", report={}, placings=[])
    with pytest.raises(RegistrationError, match="with a result"):
        swap_seats(draft, players(one)[0], players(two)[0])


def placings_match_seats(tournament) -> None:
    """Every accepted result names exactly the players seated at its table."""
    for version in ResultVersion.objects.filter(
        match__round__tournament=tournament, state=VersionState.ACCEPTED
    ).select_related("match"):
        if version.match.is_bye:
            continue
        named = {int(p["side"]) for p in version.placings}
        seated = set(version.match.seats.values_list("entrant_id", flat=True))
        assert named == seated, f"table {version.match.table_number}: {named} != {seated}"


@pytest.mark.parametrize("seed", range(8))
def test_placings_and_seats_agree_under_a_random_mix_of_actions(seed, referee):
    rng = random.Random(seed)
    tournament = TournamentFactory(swiss_rounds=3)
    EntrantFactory.create_batch(9, tournament=tournament)
    round_ = generate_swiss_round(tournament, seed=seed)
    for step in range(40):
        round_.refresh_from_db()
        matches = [m for m in round_.matches.all() if not m.is_bye]
        match = rng.choice(matches)
        seated = players(match)
        action = rng.choice(["enter", "report", "confirm", "correct", "swap", "publish", "close"])
        try:
            if action == "enter":
                enter_result(match, game(match, step), referee)
            elif action == "report":
                submit_report(match, game(match, step), side(rng.choice(seated)))
            elif action == "confirm":
                pending = match.result_versions.filter(state=VersionState.PENDING).first()
                if pending:
                    confirm_report(pending, side(rng.choice(seated)))
            elif action == "correct":
                correct_result(match, game(match, step), referee, "random correction")
            elif action == "swap":
                other = rng.choice([m for m in matches if m.pk != match.pk] or [match])
                swap_seats(round_, rng.choice(seated), rng.choice(players(other)))
            elif action == "publish" and round_.status == RoundStatus.DRAFT:
                publish_round(round_)
            elif action == "close" and round_.status != RoundStatus.DRAFT:
                complete_round(round_, reason="random close")
                if tournament.rounds.count() < 3:
                    round_ = generate_swiss_round(tournament, seed=seed + step)
        except (ResultFlowError, RegistrationError, RoundError):
            pass
        placings_match_seats(tournament)
