"""The player answers the organiser's questions on the registration page (a wrong or missing
answer registers nothing) and changes them on their own answers page until they lock."""

from datetime import timedelta

import pytest
from django.utils import timezone

from common.audit.actor import Actor
from registrations.models import Registration, RegistrationAnswer, RegistrationPolicy
from registrations.services.questions import add_question
from tests.factories import verified_user
from tests.registrations.desk_setup import desk_event

pytestmark = pytest.mark.django_db

REGISTER = "/events/cup/register/"
MINE = "/events/cup/registration/answers/"


@pytest.fixture
def desk():
    desk = desk_event()
    organiser = Actor(user=desk.organiser)
    desk.club = add_question(desk.tournament, label="Your club", kind="text", actor=organiser)
    desk.chief = add_question(
        desk.tournament, label="Your chief", kind="choice", choices=["Yarra", "Bunji"],
        required=True, actor=organiser,
    )  # fmt: skip
    return desk


def values():
    return dict(RegistrationAnswer.objects.values_list("question__label", "value"))


def test_the_registration_page_asks_the_questions_and_keeps_the_answers(client, desk):
    client.force_login(verified_user("ann"))
    page = client.get(REGISTER).content.decode()
    assert "Your club" in page and "Yarra" in page
    data = {"name": "Ann", f"question_{desk.club.pk}": "Eyes", f"question_{desk.chief.pk}": "Bunji"}
    assert client.post(REGISTER, data).status_code == 302
    assert values() == {"Your club": "Eyes", "Your chief": "Bunji"}


@pytest.mark.parametrize(
    ("answers", "problem"),
    [
        ({}, "This field is required."),
        ({"chief": "Zorro"}, "Select a valid choice"),
        ({"chief": "Yarra", "club": "x" * 501}, "at most 500 characters"),
    ],
)
def test_a_wrong_answer_registers_nothing(client, desk, answers, problem):
    client.force_login(verified_user("ann"))
    data = {"name": "Ann", **{f"question_{getattr(desk, k).pk}": v for k, v in answers.items()}}
    response = client.post(REGISTER, data)
    assert response.status_code == 400
    assert problem in response.content.decode()
    assert not Registration.objects.exists() and not RegistrationAnswer.objects.exists()


def test_the_player_changes_their_answers_until_they_lock(client, desk):
    ann = desk.player("Ann")
    client.force_login(ann.user)
    assert (
        "Your answers to the organiser" in client.get("/events/cup/registration/").content.decode()
    )
    response = client.post(MINE, {f"question_{desk.chief.pk}": "Yarra"})
    assert response.status_code == 302
    assert values() == {"Your chief": "Yarra"}
    RegistrationPolicy.objects.filter(tournament=desk.tournament).update(
        answers_close_at=timezone.now() - timedelta(minutes=1)
    )
    page = client.post(MINE, {f"question_{desk.chief.pk}": "Bunji"})
    assert "The answers are locked" in page.content.decode()
    assert values() == {"Your chief": "Yarra"}


def test_someone_not_registered_has_no_answers_page(client, desk):
    client.force_login(verified_user("stranger"))
    assert client.get(MINE).status_code == 404
