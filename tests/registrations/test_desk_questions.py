"""The organiser's questions page: add, edit, move, remove, the answers' deadline; a wrong
question is refused and changes nothing; once the answers lock the questions stay."""

from datetime import timedelta

import pytest
from django.utils import timezone

from common.audit.actor import Actor
from common.audit.models import AuditEntry
from common.errors import ServiceError
from registrations.models import RegistrationAnswer, RegistrationPolicy, RegistrationQuestion
from registrations.services.answers import save_answers
from registrations.services.mail import email_registered
from registrations.services.questions import add_question, remove_question
from tests.registrations.desk_setup import desk_event
from tournament.services.rounds import generate_swiss_round

pytestmark = pytest.mark.django_db

PAGE = "/events/cup/manage/registrations/questions/"


@pytest.fixture
def desk(client):
    desk = desk_event()
    client.force_login(desk.organiser)
    return desk


def labels(desk):
    return list(desk.tournament.registration_questions.values_list("label", flat=True))


def add(desk, label, kind="text", **options):
    return add_question(
        desk.tournament, label=label, kind=kind, actor=Actor(user=desk.organiser), **options
    )


def test_the_organiser_adds_a_choice_question(client, desk):
    response = client.post(
        PAGE,
        {"label": "Your chief", "kind": "choice", "choices": "Yarra\nBunji\n", "required": "on"},
    )
    assert response.status_code == 302
    question = RegistrationQuestion.objects.get(tournament=desk.tournament)
    assert (question.label, question.choices, question.required) == (
        "Your chief",
        ["Yarra", "Bunji"],
        True,
    )
    assert AuditEntry.objects.filter(action="question.added", user=desk.organiser).exists()
    assert "Yarra · Bunji" in client.get(PAGE).content.decode()


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"label": "Your chief", "kind": "choice", "choices": "Yarra"}, "at least two choices"),
        ({"label": "", "kind": "text"}, "This field is required."),
        ({"label": "x" * 201, "kind": "text"}, "at most 200 characters"),
        ({"label": "Club", "kind": "essay"}, "Select a valid choice"),
    ],
)
def test_a_wrong_question_is_refused_and_nothing_is_added(client, desk, data, problem):
    response = client.post(PAGE, data)
    assert response.status_code == 400
    assert problem in response.content.decode()
    assert labels(desk) == []


def test_questions_move_and_are_edited(client, desk):
    club, team, chief = add(desk, "Club"), add(desk, "Team"), add(desk, "Chief")
    client.post(f"{PAGE}{chief.pk}/move/", {"position": "1"})
    assert labels(desk) == ["Chief", "Club", "Team"]
    client.post(f"{PAGE}{club.pk}/", {"label": "Your club", "kind": "text", "public": "on"})
    club.refresh_from_db()
    assert (club.label, club.public) == ("Your club", True)
    assert team.pk


def test_an_answered_question_keeps_its_kind(client, desk):
    chief = add(desk, "Chief", "choice", choices=["Yarra", "Bunji"])
    ann = desk.player("Ann")
    save_answers(ann, {chief.pk: "Yarra"}, Actor(user=ann.user))
    response = client.post(f"{PAGE}{chief.pk}/", {"label": "Chief", "kind": "text"})
    assert response.status_code == 400
    assert "its kind stays" in response.content.decode()
    response = client.post(
        f"{PAGE}{chief.pk}/", {"label": "Chief", "kind": "choice", "choices": "Bunji\nOther"}
    )
    assert "Players chose “Yarra”" in response.content.decode()
    chief.refresh_from_db()
    assert chief.kind == "choice" and chief.choices == ["Yarra", "Bunji"]


def test_removing_a_question_removes_its_answers(client, desk):
    club, team = add(desk, "Club"), add(desk, "Team")
    ann = desk.player("Ann")
    save_answers(ann, {club.pk: "Eyes", team.pk: "Reds"}, Actor(user=ann.user))
    page = client.post(f"{PAGE}{club.pk}/remove/", follow=True).content.decode()
    assert "The question is removed, with its 1 answer." in page
    assert labels(desk) == ["Team"]
    assert list(RegistrationAnswer.objects.values_list("value", flat=True)) == ["Reds"]
    team.refresh_from_db()
    assert team.position == 1


def test_the_answers_deadline_is_saved_and_locks_the_questions(client, desk):
    club = add(desk, "Club")
    when = timezone.localtime() + timedelta(days=2)
    response = client.post(
        PAGE + "deadline/", {"answers_close_at": when.strftime("%Y-%m-%dT%H:%M")}
    )
    assert response.status_code == 302
    policy = RegistrationPolicy.objects.get(tournament=desk.tournament)
    assert policy.answers_close_at.replace(second=0, microsecond=0) == when.replace(
        second=0, microsecond=0
    )
    RegistrationPolicy.objects.filter(pk=policy.pk).update(
        answers_close_at=timezone.now() - timedelta(minutes=1)
    )
    page = client.post(f"{PAGE}{club.pk}/move/", {"position": "1"}, follow=True)
    assert "The answers are locked" in page.content.decode()
    response = client.post(PAGE, {"label": "Team", "kind": "text"})
    assert response.status_code == 400
    assert labels(desk) == ["Club"]


def test_once_round_1_is_paired_the_questions_stay(client, desk):
    club = add(desk, "Club")
    for name in ("Ann", "Bob", "Cy", "Di"):
        desk.player(name)
    generate_swiss_round(desk.tournament, seed=1)
    page = client.post(f"{PAGE}{club.pk}/remove/", follow=True).content.decode()
    assert "The answers are locked" in page
    assert labels(desk) == ["Club"]
    response = client.post(PAGE + "deadline/", {"answers_close_at": ""})
    assert response.status_code == 400
    assert "Round 1 is paired" in response.content.decode()


def test_the_services_refuse_anyone_but_an_organiser(desk):
    club = add(desk, "Club")
    referee = Actor(user=desk.referee)
    with pytest.raises(ServiceError):
        add_question(desk.tournament, label="Team", kind="text", actor=referee)
    with pytest.raises(ServiceError):
        remove_question(club, referee)
    with pytest.raises(ServiceError):
        email_registered(desk.tournament, "Hi", "Hello", site="http://x", actor=referee)
    assert labels(desk) == ["Club"]
