"""A registration's answers to the organiser's questions: checked, saved and audited; and the
answers the field may read once round 1 is paired."""

from collections.abc import Mapping
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from common.audit.services import record_change
from registrations.logic.questions import AnswerRefused, answer_value
from registrations.models import (
    Registration,
    RegistrationAnswer,
    RegistrationQuestion,
    RegistrationStatus,
)
from registrations.services.eligibility import require_owner_or_organiser
from registrations.services.question_rules import (
    QuestionError,
    answers_locked,
    as_rules,
    published,
)
from tournament.models import Tournament


class AnswersRefused(QuestionError):
    """Answers that cannot be kept: ``errors`` names the question (id) and what is wrong."""

    def __init__(self, errors: dict[int, str]) -> None:
        super().__init__(
            _("Some answers need your attention: %(what)s") % {"what": " ".join(errors.values())}
        )
        self.errors = errors


def checked_answers(questions, raw: Mapping[int, object]) -> dict[int, str]:
    """The value to keep for each question (``""``: none), or ``AnswersRefused`` naming every
    answer that is wrong."""
    values, errors = {}, {}
    for question in questions:
        try:
            values[question.pk] = answer_value(as_rules(question), raw.get(question.pk, ""))
        except AnswerRefused as refused:
            errors[question.pk] = (
                f"{question.label}: {_(refused.problem.text) % refused.problem.values}"
            )
    if errors:
        raise AnswersRefused(errors)
    return values


@transaction.atomic
def save_answers(
    registration: Registration, raw: Mapping[int, object], actor: Actor
) -> dict[int, str]:
    """Keep the player's answers (every question of the event; an empty one removes its
    answer); refused whole when one is wrong or the answers are locked."""
    registration = (
        Registration.objects.select_for_update()
        .select_related("tournament")
        .get(pk=registration.pk)
    )
    tournament = registration.tournament
    require_owner_or_organiser(registration, actor)
    if answers_locked(tournament):
        raise QuestionError(
            _("The answers are locked: the organiser's deadline has passed or round 1 is paired.")
        )
    questions = list(tournament.registration_questions.order_by("position", "id"))
    values = checked_answers(questions, raw)
    before = dict(registration.answers.values_list("question_id", "value"))
    registration.answers.exclude(question_id__in=[pk for pk, v in values.items() if v]).delete()
    for pk, value in values.items():
        if value:
            RegistrationAnswer.objects.update_or_create(
                registration=registration, question_id=pk, defaults={"value": value}
            )
    after = {pk: value for pk, value in values.items() if value}
    if before != after:
        record_change(
            tournament,
            "registration.answered",
            registration,
            before={str(k): v for k, v in before.items()},
            after={str(k): v for k, v in after.items()},
            actor=actor,
        )
    return after


@dataclass(frozen=True)
class PublicAnswers:
    """The public questions, and each listed player's name with (question, answer) pairs."""

    questions: list[RegistrationQuestion]
    rows: list[tuple[str, list[tuple[str, str]]]]


def public_answers(tournament: Tournament) -> PublicAnswers | None:
    """What the field may read: once round 1 is paired, the public questions' answers of the
    registered players who agreed to be listed (None before then, or with no public question)."""
    questions = list(
        RegistrationQuestion.objects.filter(tournament=tournament, public=True).order_by(
            "position", "id"
        )
    )
    if not questions or not published(tournament):
        return None
    registrations = (
        tournament.registrations.filter(status=RegistrationStatus.REGISTERED, name_listed=True)
        .select_related("entrant", "player")
        .prefetch_related("answers")
        .order_by("queue_number")
    )
    rows = []
    for registration in registrations:
        given = {a.question_id: a.value for a in registration.answers.all()}
        pairs = [(q.label, given.get(q.pk, "")) for q in questions]
        rows.append((shown_name(registration), pairs))
    return PublicAnswers(questions, sorted(rows, key=lambda row: row[0].casefold()))


def shown_name(registration: Registration) -> str:
    """The name a registration goes by: its entrant's in the field, else the one it gave."""
    return registration.entrant.display_name if registration.entrant_id else registration.name
