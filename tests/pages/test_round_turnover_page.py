"""Issue 18.6 in the console: "Close round N and pair round N+1" on the round page, the draft
opened for review when its job is done, and the clock-on-publish setting of the create form."""

import random

import pytest

from common.audit.actor import Actor
from matches.services.results import enter_result
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tests.pages.test_organiser_console import create_data
from tournament.logic.simulated_games import random_battle
from tournament.models import GenerationJob, RoundStatus, Tournament
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db

ROUND_1 = "/events/cup/manage/rounds/1/"
TURNOVER = f"{ROUND_1}close-and-pair/"


@pytest.fixture
def cup(client):
    organiser = UserFactory(username="boss")
    tournament = TournamentFactory(slug="cup", organiser=organiser, swiss_rounds=2)
    EntrantFactory.create_batch(8, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=4))
    client.force_login(organiser)
    return round_


def accept(round_, leave=0):
    matches = list(round_.matches.order_by("table_number"))
    for match in matches[: len(matches) - leave]:
        sides = [(str(s.entrant_id), 1) for s in match.seats.order_by("position")]
        enter_result(match, random_battle("every_eye", sides, random.Random(2)), Actor())


def test_the_round_page_offers_the_turnover_and_it_opens_the_draft(
    client, cup, django_capture_on_commit_callbacks
):
    accept(cup)
    page = client.get(ROUND_1).content.decode()
    assert "Close round 1 and pair round 2" in page and f'formaction="{TURNOVER}"' in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(TURNOVER, {"reason": ""})
    job = GenerationJob.objects.get()
    # in the tests the job runs as the request's transaction ends, after the answer: the
    # rounds page follows it and, once done, opens the draft by itself (open=1)
    assert response["Location"] == f"/events/cup/manage/rounds/?job={job.pk}&open=1"
    opened = client.get(response["Location"])
    assert opened.status_code == 302 and opened["Location"] == "/events/cup/manage/rounds/2/"
    draft = client.get(opened["Location"]).content.decode()
    assert "Publish round 2" in draft and "Swap seats" in draft
    cup.refresh_from_db()
    assert cup.status == RoundStatus.COMPLETE
    # round 2 is the last Swiss round: its page offers closing it alone
    client.post("/events/cup/manage/rounds/2/publish/")
    last = client.get("/events/cup/manage/rounds/2/").content.decode()
    assert "and pair round" not in last and "Close round 2" in last


def test_open_tables_need_the_reason_on_the_page_and_nothing_changes(client, cup):
    accept(cup, leave=1)
    response = client.post(TURNOVER, {"reason": ""})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Table 2 has no accepted result; give a reason to close anyway." in page
    cup.refresh_from_db()
    assert cup.status == RoundStatus.PUBLISHED and not GenerationJob.objects.exists()
    too_long = client.post(TURNOVER, {"reason": "x" * 5000})
    assert too_long.status_code == 400
    cup.refresh_from_db()
    assert cup.status == RoundStatus.PUBLISHED


def test_the_rounds_page_without_open_stays_put(client, cup, django_capture_on_commit_callbacks):
    accept(cup)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(TURNOVER)
    job = GenerationJob.objects.get()
    assert client.get(f"/events/cup/manage/rounds/?job={job.pk}").status_code == 200


def test_the_create_form_takes_the_clock_on_publish_setting(client):
    client.force_login(UserFactory(username="newbie"))
    form = client.get("/manage/new/").context["form"]
    assert form["start_clock_on_publish"].value() is False
    response = client.post("/manage/new/", create_data(start_clock_on_publish="on"))
    assert response.status_code == 302
    assert Tournament.objects.get(slug="autumn-open").start_clock_on_publish is True
