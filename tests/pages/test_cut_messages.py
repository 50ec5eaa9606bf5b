"""The organiser cuts to the elimination through the console and the API: a tie one game cannot
seat is cut by the draw and said so; a cut that cannot be made is a message, never a 500, and
changes nothing (issue 35 items 5 and 6)."""

import pytest

from tests.api.conftest import user_client
from tests.factories import UserFactory
from tests.services.test_cut_rules import one_team_of_each_size, seven_level_players
from tournament.models import GenerationJob, JobStatus, StaffRole, StaffRoleKind, StageKind

pytestmark = pytest.mark.django_db


def organiser_of(tournament):
    user = UserFactory()
    tournament.organiser = user
    tournament.save(update_fields=["organiser"])
    StaffRole.objects.create(tournament=tournament, user=user, role=StaffRoleKind.ORGANISER)
    return user


def cut_on_the_console(client, tournament):
    client.force_login(organiser_of(tournament))
    response = client.post(f"/events/{tournament.slug}/manage/elimination/cut/")
    assert response.status_code == 302
    return response, client.get(response["Location"]).content.decode()


def test_the_console_cuts_seven_tied_players_by_the_draw_and_says_why(client):
    tournament = seven_level_players()
    _, page = cut_on_the_console(client, tournament)
    assert "7 sides tied on the cut line for 4 places" in page and "seeded draw" in page
    assert tournament.rounds.filter(stage__kind=StageKind.FINAL).count() == 3


def test_the_console_shows_why_the_cut_cannot_be_made(client):
    tournament = one_team_of_each_size()
    response, page = cut_on_the_console(client, tournament)
    assert response["Location"] == f"/events/{tournament.slug}/manage/rounds/"
    assert "The cut cannot be made" in page and "no size has two teams" in page
    assert not tournament.stages.exclude(kind=StageKind.SWISS).exists()


def cut_over_the_api(tournament, capture):
    api = user_client(organiser_of(tournament))
    with capture(execute=True):
        response = api.post(f"/api/v1/tournaments/{tournament.slug}/elimination/step/")
    assert response.status_code == 202, response.content
    return api.get(response.json()["status_url"]).json()


def test_the_api_job_cuts_seven_tied_players(django_capture_on_commit_callbacks):
    tournament = seven_level_players()
    job = cut_over_the_api(tournament, django_capture_on_commit_callbacks)
    assert job["status"] == "done" and "seeded draw" in job["message"]


def test_the_api_job_fails_with_the_reason_and_changes_nothing(django_capture_on_commit_callbacks):
    tournament = one_team_of_each_size()
    job = cut_over_the_api(tournament, django_capture_on_commit_callbacks)
    assert job["status"] == "failed"
    stored = GenerationJob.objects.get()
    assert stored.status == JobStatus.FAILED and "no size has two teams" in stored.error
    assert not tournament.stages.exclude(kind=StageKind.SWISS).exists()
