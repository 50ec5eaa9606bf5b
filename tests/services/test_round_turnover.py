"""Issue 18.6: the round turnover - close round N and pair round N+1 in one call, then publish,
with the clock starting on publish when the event asks for it."""

import random

import pytest

from common.audit.actor import Actor
from matches.models import MatchStatus
from matches.services.results import enter_result
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.jobs import close_round_and_pair_next
from tournament.logic.simulated_games import random_battle
from tournament.models import GenerationJob, JobStatus, RoundStatus
from tournament.services import clock
from tournament.services.rounds import (
    RoundError,
    complete_round,
    generate_swiss_round,
    publish_round,
)
from tournament.services.seat_swaps import swap_seats

pytestmark = pytest.mark.django_db


def played_round(swiss_rounds=3, **settings):
    """An event of 8 with round 1 published; returns (tournament, round 1, organiser)."""
    organiser = UserFactory()
    tournament = TournamentFactory(organiser=organiser, swiss_rounds=swiss_rounds, **settings)
    EntrantFactory.create_batch(8, tournament=tournament)
    return tournament, publish_round(generate_swiss_round(tournament, seed=5)), organiser


def accept_all(round_, user, *, leave=0):
    """Enter a result at every table but the last ``leave`` ones."""
    matches = list(round_.matches.filter(is_bye=False).order_by("table_number"))
    for match in matches[: len(matches) - leave]:
        sides = [(str(s.entrant_id), 1) for s in match.seats.order_by("position")]
        enter_result(match, random_battle("every_eye", sides, random.Random(1)), Actor(user=user))


def test_close_and_pair_closes_the_round_and_drafts_the_next(django_capture_on_commit_callbacks):
    tournament, round_, organiser = played_round()
    accept_all(round_, organiser)
    actor = Actor(user=organiser, channel="page")
    before = tournament.audit_entries.order_by("-id").first().pk
    with django_capture_on_commit_callbacks(execute=True):
        closed, job = close_round_and_pair_next(round_, actor=actor)
    job.refresh_from_db()
    assert closed.status == RoundStatus.COMPLETE and closed.closed_reason == ""
    assert job.status == JobStatus.DONE and job.round.number == 2
    assert job.round.status == RoundStatus.DRAFT
    turnover = tournament.audit_entries.filter(pk__gt=before).order_by("id")
    assert list(turnover.values_list("action", "user")) == [
        ("round.completed", organiser.pk),
        ("round.generation_requested", organiser.pk),
        ("round.generated", organiser.pk),
    ]
    # the draft is still a draft: seats can be swapped before it is published
    first, second = (job.round.matches.get(table_number=t).seats.first().entrant for t in (1, 2))
    swap_seats(job.round, first, second, actor)
    assert job.round.seats.get(entrant=first).match.table_number == 2


def test_open_tables_need_a_reason_and_a_refusal_changes_nothing(
    django_capture_on_commit_callbacks,
):
    tournament, round_, organiser = played_round()
    accept_all(round_, organiser, leave=1)
    with pytest.raises(RoundError, match="table 2 has no accepted result; give a reason"):
        close_round_and_pair_next(round_, actor=Actor(user=organiser))
    round_.refresh_from_db()
    assert round_.status == RoundStatus.PUBLISHED
    assert not GenerationJob.objects.exists()

    with django_capture_on_commit_callbacks(execute=True):
        closed, job = close_round_and_pair_next(
            round_, reason="table 2 left early", actor=Actor(user=organiser)
        )
    assert closed.closed_reason == "table 2 left early"
    job.refresh_from_db()
    assert job.round.number == 2
    assert round_.matches.get(table_number=2).status != MatchStatus.ACCEPTED


def test_no_turnover_after_the_last_swiss_round_and_the_round_stays_open():
    tournament, round_, organiser = played_round(swiss_rounds=1)
    accept_all(round_, organiser)
    with pytest.raises(RoundError, match="the 1 Swiss round has been paired, so close round 1"):
        close_round_and_pair_next(round_, actor=Actor(user=organiser))
    round_.refresh_from_db()
    assert round_.status == RoundStatus.PUBLISHED
    assert not tournament.audit_entries.filter(action="round.completed").exists()
    assert not GenerationJob.objects.exists()


def test_a_closed_round_is_not_turned_over_twice(django_capture_on_commit_callbacks):
    tournament, round_, organiser = played_round()
    accept_all(round_, organiser)
    with django_capture_on_commit_callbacks(execute=True):
        close_round_and_pair_next(round_, actor=Actor(user=organiser))
    with pytest.raises(RoundError, match="round 1 is already complete"):
        close_round_and_pair_next(round_, actor=Actor(user=organiser))
    assert tournament.rounds.count() == 2 and GenerationJob.objects.count() == 1


def test_a_draft_is_not_turned_over():
    tournament = TournamentFactory()
    EntrantFactory.create_batch(8, tournament=tournament)
    draft = generate_swiss_round(tournament, seed=1)
    with pytest.raises(RoundError, match="round 1 is a draft: publish and play it first"):
        close_round_and_pair_next(draft, reason="why not")
    draft.refresh_from_db()
    assert draft.status == RoundStatus.DRAFT


def test_publish_starts_the_clock_when_the_event_says_so(django_capture_on_commit_callbacks):
    tournament, round_, organiser = played_round(start_clock_on_publish=True)
    assert round_.status == RoundStatus.RUNNING  # round 1 was published by the helper
    accept_all(round_, organiser)
    complete_round(round_)
    draft = generate_swiss_round(tournament, seed=2)
    with django_capture_on_commit_callbacks(execute=True) as pushed:
        published = publish_round(draft, Actor(user=organiser))
    assert published.status == RoundStatus.RUNNING
    state = clock.ClockState.of(published)
    assert state.state == "running" and state.remaining_ms > 0
    actions = list(
        tournament.audit_entries.filter(target_id=str(draft.pk))
        .order_by("id")
        .values_list("action", "user")
    )
    assert actions[-2:] == [("round.published", organiser.pk), ("clock.start", organiser.pk)]
    assert len(pushed) >= 3  # round.published to the event and the round, then the clock


def test_publish_leaves_the_clock_alone_by_default():
    tournament, round_, _ = played_round()
    assert round_.status == RoundStatus.PUBLISHED
    assert clock.ClockState.of(round_).state == "idle"
    assert not tournament.audit_entries.filter(action="clock.start").exists()
