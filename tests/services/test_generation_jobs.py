"""Round generation as a job: requested once, run by the Celery task, idempotent."""

import pytest
from django.core.management import call_command

from tests.factories import EntrantFactory, TournamentFactory
from tournament.jobs import request_swiss_round
from tournament.models import GenerationJob, JobStatus
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


def test_elimination_steps_run_as_jobs_once_each(django_capture_on_commit_callbacks):
    import random

    from common.audit.actor import Actor
    from matches.services.results import enter_result
    from tournament.jobs import request_elimination_step
    from tournament.logic.simulated_games import random_battle
    from tournament.models import StageKind
    from tournament.services.rounds import complete_round, publish_round

    tournament = TournamentFactory(swiss_rounds=1)
    EntrantFactory.create_batch(6, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=3))
    rng = random.Random(3)
    for match in round_.matches.all():
        sides = [(str(s.entrant_id), 1) for s in match.seats.all()]
        enter_result(match, random_battle("every_eye", sides, rng), Actor())
    complete_round(round_)
    with django_capture_on_commit_callbacks(execute=True):
        job, created = request_elimination_step(tournament)
        again, created_again = request_elimination_step(tournament)  # a double click
    job.refresh_from_db()
    assert created and not created_again and again.pk == job.pk
    assert job.kind == "elimination_start" and job.status == JobStatus.DONE
    # Once the cut is made, the next step waits for the final's games.
    with pytest.raises(RoundError, match="not complete"):
        request_elimination_step(tournament)
    assert GenerationJob.objects.count() == 1
    assert tournament.rounds.filter(stage__kind=StageKind.FINAL).count() == 3  # 6 players: top 4


def test_eliminate_command_cuts_then_reports_what_is_missing(capsys):
    from django.core.management import CommandError

    tournament = TournamentFactory(slug="elim-cmd", swiss_rounds=1)
    EntrantFactory.create_batch(5, tournament=tournament)
    generate_swiss_round(tournament, seed=1)
    with pytest.raises(CommandError, match="every Swiss round"):
        call_command("eliminate", "elim-cmd")
