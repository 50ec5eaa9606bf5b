"""Player reports, confirmations, disputes and corrections, enforced by the server."""

import random

import pytest

from common.audit.actor import Actor
from common.audit.channels import Channel
from common.audit.models import AuditEntry
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
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def pod():
    """A published one-table round of four players, and its match and seated entrants."""
    tournament = TournamentFactory()
    EntrantFactory.create_batch(4, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=11))
    match = round_.matches.get()
    entrants = [seat.entrant for seat in match.seats.order_by("position")]
    return match, entrants


def game(match, seed=0):
    sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
    return random_battle("every_eye", sides, random.Random(seed))


def side(entrant):
    return Actor(entrant=entrant, channel=Channel.PAGE, ip_address="127.0.0.1")


def test_report_is_accepted_once_every_other_side_confirms(pod):
    match, (a, b, c, d) = pod
    version = submit_report(match, game(match), side(a))
    match.refresh_from_db()
    assert match.status == MatchStatus.REPORTED
    confirm_report(version, side(b))
    confirm_report(version, side(c))
    version.refresh_from_db()
    assert version.state == VersionState.PENDING  # d has not confirmed yet
    confirm_report(version, side(d))
    version.refresh_from_db()
    match.refresh_from_db()
    assert version.state == VersionState.ACCEPTED
    assert match.status == MatchStatus.ACCEPTED
    assert all(seat.points is not None for seat in match.seats.all())


def test_a_side_cannot_confirm_its_own_report(pod):
    match, (a, *_rest) = pod
    version = submit_report(match, game(match), side(a))
    with pytest.raises(ResultFlowError, match="its own report"):
        confirm_report(version, side(a))
    assert not version.responses.exists()


def test_a_side_answers_once(pod):
    match, (a, b, *_rest) = pod
    version = submit_report(match, game(match), side(a))
    confirm_report(version, side(b))
    with pytest.raises(ResultFlowError, match="already answered"):
        confirm_report(version, side(b))


def test_someone_from_another_table_cannot_report_or_confirm(pod):
    match, (a, *_rest) = pod
    stranger = EntrantFactory(tournament=match.round.tournament)
    with pytest.raises(ResultFlowError, match="does not play at table"):
        submit_report(match, game(match), side(stranger))
    version = submit_report(match, game(match), side(a))
    with pytest.raises(ResultFlowError, match="does not play at table"):
        confirm_report(version, side(stranger))


def test_dispute_sends_the_match_to_the_referees_and_blocks_acceptance(pod):
    match, (a, b, c, d) = pod
    version = submit_report(match, game(match), side(a))
    dispute_report(version, side(b), "We counted 7 tokens in my cup, not 5")
    confirm_report(version, side(c))
    confirm_report(version, side(d))
    version.refresh_from_db()
    match.refresh_from_db()
    assert match.status == MatchStatus.DISPUTED
    assert version.state == VersionState.PENDING
    with pytest.raises(ResultFlowError, match="disputed"):
        submit_report(match, game(match, 1), side(c))
    referee = UserFactory()
    settled = correct_result(match, game(match, 2), Actor(user=referee), "Cups recounted")
    assert settled.state == VersionState.ACCEPTED
    version.refresh_from_db()
    assert version.state == VersionState.SUPERSEDED
    actions = list(
        AuditEntry.objects.filter(tournament=match.round.tournament, action__startswith="result.")
        .order_by("created_at", "id")
        .values_list("action", flat=True)
    )
    assert actions == ["result.reported", "result.disputed", "result.corrected"]


def test_second_report_while_one_waits_is_refused(pod):
    match, (a, b, *_rest) = pod
    submit_report(match, game(match), side(a))
    with pytest.raises(ResultFlowError, match="already reported"):
        submit_report(match, game(match, 1), side(b))
    assert ResultVersion.objects.filter(match=match).count() == 1


def test_correction_needs_a_reason_and_keeps_history(pod):
    match, _ = pod
    referee = UserFactory()
    first = enter_result(match, game(match), Actor(user=referee))
    with pytest.raises(ResultFlowError, match="needs a reason"):
        correct_result(match, game(match, 1), Actor(user=referee), "  ")
    second = correct_result(match, game(match, 1), Actor(user=referee), "Wrong table slip")
    first.refresh_from_db()
    assert first.state == VersionState.SUPERSEDED
    assert second.supersedes == first
    entry = AuditEntry.objects.get(action="result.corrected")
    assert entry.before["version"] == 1 and entry.after["version"] == 2
    assert entry.reason == "Wrong table slip" and entry.user == referee


def test_correcting_a_closed_round_flags_rounds_paired_since():
    tournament = TournamentFactory()
    EntrantFactory.create_batch(8, tournament=tournament)
    referee = Actor(user=UserFactory())
    first = publish_round(generate_swiss_round(tournament, seed=1))
    for match in first.matches.all():
        enter_result(match, game(match), referee)
    complete_round(first)
    second = generate_swiss_round(tournament, seed=2)
    assert not second.paired_on_earlier_standings
    match = first.matches.first()
    correct_result(match, game(match, 9), referee, "Late appeal upheld")
    second.refresh_from_db()
    assert second.paired_on_earlier_standings
    seats = {s.entrant_id: float(s.points) for s in match.seats.all()}
    accepted = match.result_versions.get(state=VersionState.ACCEPTED)
    assert accepted.kind == "correction"
    assert seats == {int(p["side"]): float(p["points"]) for p in accepted.placings}


def test_a_report_with_a_nul_character_is_refused_and_nothing_saved(pod):
    from engine.errors import ResultInvalid

    match, _ = pod
    report = game(match)
    report["sides"][0]["characters"] = ["Grub\x00lic"]
    with pytest.raises(ResultInvalid, match="NUL character"):
        enter_result(match, report, Actor(user=UserFactory()))
    assert not ResultVersion.objects.filter(match=match).exists()


def test_a_report_replaced_by_a_referee_can_no_longer_be_answered(pod):
    match, (a, b, _c, _d) = pod
    report = submit_report(match, game(match), side(a))
    referee = Actor(user=UserFactory(), channel=Channel.PAGE)
    correct_result(match, game(match, 1), referee, "entered from the score sheet")
    too_late = "version 1 is replaced by a later version, not waiting"
    with pytest.raises(ResultFlowError, match=too_late):
        confirm_report(report, side(b))
    with pytest.raises(ResultFlowError, match=too_late):
        dispute_report(report, side(b), "too late")
    assert not report.responses.exists()


def test_version_numbers_follow_on_after_superseded_versions(pod):
    match, (a, b, _c, _d) = pod
    referee = Actor(user=UserFactory(), channel=Channel.PAGE)
    submit_report(match, game(match), side(a))
    enter_result(match, game(match, 1), referee)
    correct_result(match, game(match, 2), referee, "recount")
    numbers = list(match.result_versions.order_by("number").values_list("number", "state"))
    assert numbers == [
        (1, VersionState.SUPERSEDED),
        (2, VersionState.SUPERSEDED),
        (3, VersionState.ACCEPTED),
    ]


def test_the_latest_version_is_always_live_whatever_happens(pod):
    """What numbering the next version relies on (``LockedTable.next_number``), under a long
    random mix of every result action by every kind of actor."""
    match, entrants = pod
    referee = Actor(user=UserFactory(), channel=Channel.PAGE)
    rng = random.Random(8)
    for step in range(120):
        latest = match.result_versions.order_by("-number").first()
        action = rng.choice(["report", "confirm", "dispute", "enter", "correct"])
        actor = side(rng.choice(entrants))
        try:
            if action == "report":
                submit_report(match, game(match, step), actor)
            elif action == "enter":
                enter_result(match, game(match, step), referee)
            elif action == "correct":
                correct_result(match, game(match, step), referee, f"step {step}")
            elif latest is not None and action == "confirm":
                confirm_report(latest, actor)
            elif latest is not None:
                dispute_report(latest, actor, f"step {step}")
        except ResultFlowError:
            pass
        states = list(match.result_versions.order_by("number").values_list("state", flat=True))
        if states:
            assert states[-1] in (VersionState.ACCEPTED, VersionState.PENDING), states
            assert states.count(VersionState.ACCEPTED) <= 1
    assert len(states) > 20
