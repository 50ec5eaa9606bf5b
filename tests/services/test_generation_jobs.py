"""Round generation as a job: requested once, run by the Celery task, idempotent."""

import pytest
from django.core.management import call_command

from tests.factories import EntrantFactory, TournamentFactory
from tournament.models import GenerationJob, JobStatus
from tournament.services.jobs import request_swiss_round
from tournament.services.rounds import RoundError, generate_swiss_round
from tournament.tasks import generate_swiss_round_task

pytestmark = pytest.mark.django_db


def test_request_runs_the_task_after_commit_and_links_the_round(
    django_capture_on_commit_callbacks,
):
    tournament = TournamentFactory()
    EntrantFactory.create_batch(9, tournament=tournament)
    with django_capture_on_commit_callbacks(execute=True):
        job, created = request_swiss_round(tournament)
    assert created
    job.refresh_from_db()
    assert job.status == JobStatus.DONE and job.progress == 100
    assert job.round.number == 1
    assert job.round.matches.count() == 3


def test_second_request_finds_the_same_job_and_makes_no_second_round(
    django_capture_on_commit_callbacks,
):
    tournament = TournamentFactory()
    EntrantFactory.create_batch(8, tournament=tournament)
    with django_capture_on_commit_callbacks(execute=True):
        first, _ = request_swiss_round(tournament)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        second, created = request_swiss_round(tournament)
    assert not created and second.pk == first.pk and callbacks == []
    assert tournament.rounds.count() == 1


def test_rerunning_the_task_after_it_finished_changes_nothing(
    django_capture_on_commit_callbacks,
):
    tournament = TournamentFactory()
    EntrantFactory.create_batch(8, tournament=tournament)
    with django_capture_on_commit_callbacks(execute=True):
        job, _ = request_swiss_round(tournament)
    job.refresh_from_db()
    assert generate_swiss_round_task.apply(args=[job.pk]).get() == job.round_id
    assert tournament.rounds.count() == 1


def test_a_request_that_cannot_be_met_is_refused_at_once():
    tournament = TournamentFactory()
    EntrantFactory(tournament=tournament)  # one player cannot make a game
    with pytest.raises(RoundError, match="at least two sides"):
        request_swiss_round(tournament)
    assert not GenerationJob.objects.exists()


def test_a_task_whose_round_became_impossible_fails_the_job_with_the_reason():
    tournament = TournamentFactory()
    EntrantFactory.create_batch(4, tournament=tournament)
    job = GenerationJob.objects.create(
        tournament=tournament, kind="swiss_round", idempotency_key="k"
    )
    generate_swiss_round(tournament, seed=1)  # someone paired round 1 meanwhile
    assert generate_swiss_round_task.apply(args=[job.pk]).get() is None
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert "not complete" in job.error
    assert tournament.rounds.count() == 1


def test_management_command_prints_the_tables(capsys):
    tournament = TournamentFactory(slug="cmd-cup")
    EntrantFactory.create_batch(6, tournament=tournament)
    call_command("generate_round", "cmd-cup", "--seed", "5")
    out = capsys.readouterr().out
    assert "Round 1 (seed 5)" in out
    assert out.count("table ") == 2
    assert GenerationJob.objects.count() == 0
