"""A player's answers: the form the registration page includes, and the service that keeps
them (refused whole when one is wrong, locked at the deadline, audited)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from common.audit.actor import Actor
from common.audit.models import AuditEntry
from common.errors import ServiceError
from registrations.forms.answers import AnswersForm
from registrations.models import RegistrationAnswer, RegistrationPolicy
from registrations.services.answers import AnswersRefused, save_answers
from registrations.services.question_rules import QuestionError
from registrations.services.questions import add_question
from tests.registrations.desk_setup import desk_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk():
    desk = desk_event()
    organiser = Actor(user=desk.organiser)
    desk.club = add_question(desk.tournament, label="Club", kind="text", actor=organiser)
    desk.chief = add_question(
        desk.tournament, label="Chief", kind="choice", choices=["Yarra", "Bunji"],
        required=True, actor=organiser,
    )  # fmt: skip
    desk.rules = add_question(
        desk.tournament, label="I follow the code of conduct", kind="checkbox", required=True,
        actor=organiser,
    )  # fmt: skip
    desk.ann = desk.player("Ann")
    return desk


def form(desk, **data):
    questions = desk.tournament.registration_questions.order_by("position")
    fields = {f"question_{getattr(desk, key).pk}": value for key, value in data.items()}
    return AnswersForm(questions, fields)


def test_the_form_asks_every_question_in_order(desk):
    empty = AnswersForm(desk.tournament.registration_questions.order_by("position"))
    assert [f.label for f in empty] == ["Club", "Chief", "I follow the code of conduct"]


def test_a_complete_form_gives_the_answers(desk):
    answers = form(desk, club="Eyes", chief="Bunji", rules="on")
    assert answers.is_valid(), answers.errors
    assert answers.answers() == {desk.club.pk: "Eyes", desk.chief.pk: "Bunji", desk.rules.pk: True}


@pytest.mark.parametrize(
    ("data", "field", "problem"),
    [
        ({"club": "x", "rules": "on"}, "chief", "This field is required."),
        ({"chief": "Zorro", "rules": "on"}, "chief", "Select a valid choice"),
        ({"chief": "Yarra"}, "rules", "This field is required."),
        ({"club": "x" * 501, "chief": "Yarra", "rules": "on"}, "club", "at most 500"),
    ],
)
def test_a_wrong_form_names_the_question(desk, data, field, problem):
    answers = form(desk, **data)
    assert not answers.is_valid()
    assert problem in " ".join(answers.errors[f"question_{getattr(desk, field).pk}"])


def test_the_service_keeps_the_answers_and_audits_them(desk):
    actor = Actor(user=desk.ann.user)
    save_answers(
        desk.ann, {desk.club.pk: " Eyes ", desk.chief.pk: "Yarra", desk.rules.pk: True}, actor
    )
    stored = dict(RegistrationAnswer.objects.values_list("question__label", "value"))
    assert stored == {"Club": "Eyes", "Chief": "Yarra", "I follow the code of conduct": "yes"}
    save_answers(desk.ann, {desk.chief.pk: "Bunji", desk.rules.pk: True}, actor)
    stored = dict(RegistrationAnswer.objects.values_list("question__label", "value"))
    assert stored == {"Chief": "Bunji", "I follow the code of conduct": "yes"}
    assert AuditEntry.objects.filter(action="registration.answered").count() == 2


def test_a_wrong_answer_refuses_them_all(desk):
    with pytest.raises(AnswersRefused) as refused:
        save_answers(
            desk.ann, {desk.club.pk: "x" * 501, desk.chief.pk: "Yarra"}, Actor(user=desk.ann.user)
        )
    assert set(refused.value.errors) == {desk.club.pk, desk.rules.pk}
    assert "Club: An answer is at most 500 characters" in str(refused.value)
    assert not RegistrationAnswer.objects.exists()


def test_after_the_deadline_the_answers_stay(desk):
    RegistrationPolicy.objects.filter(tournament=desk.tournament).update(
        answers_close_at=timezone.now() - timedelta(seconds=1)
    )
    with pytest.raises(QuestionError, match="The answers are locked"):
        save_answers(
            desk.ann, {desk.chief.pk: "Yarra", desk.rules.pk: True}, Actor(user=desk.ann.user)
        )
    assert not RegistrationAnswer.objects.exists()


def test_only_the_player_or_an_organiser_saves_answers(desk):
    bob = desk.player("Bob")
    for someone in (bob.user, desk.referee):
        with pytest.raises(ServiceError):
            save_answers(
                desk.ann, {desk.chief.pk: "Yarra", desk.rules.pk: True}, Actor(user=someone)
            )
    save_answers(
        desk.ann, {desk.chief.pk: "Yarra", desk.rules.pk: True}, Actor(user=desk.organiser)
    )
    assert RegistrationAnswer.objects.filter(registration=desk.ann).count() == 2
