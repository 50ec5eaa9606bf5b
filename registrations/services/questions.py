"""The organiser's questions: add, change, move, remove, and the answers' deadline.

Each takes ``actor``, locks the event's row, refuses once the answers are locked (a question
then stays as the players answered it), and writes its audit entry.
"""

from django.db import transaction
from django.utils.translation import gettext as _

from common.audit.actor import Actor
from common.audit.services import record_change
from registrations.logic.questions import (
    MAX_QUESTIONS,
    Question,
    QuestionKind,
    change_problems,
    moved,
    question_problems,
)
from registrations.models import RegistrationPolicy, RegistrationQuestion
from registrations.services.eligibility import require_organiser
from registrations.services.question_rules import (
    QuestionError,
    answers_locked,
    as_rules,
    refusal,
)
from tournament.models import Tournament


def _locked_event(tournament: Tournament, actor: Actor) -> Tournament:
    """The event's row, locked, if the actor runs the event; refused when the answers are
    locked."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_organiser(tournament, actor)
    if answers_locked(tournament):
        raise QuestionError(
            _(
                "The answers are locked (their deadline has passed or round 1 is paired), so "
                "the questions stay as the players answered them."
            )
        )
    return tournament


def _written(
    label: str, kind: str, choices=(), required: bool = False, public: bool = False
) -> tuple[Question, dict]:
    """The question as written (for the rules) and its fields (for the row), or the refusal
    naming what is wrong with it."""
    try:
        known_kind = QuestionKind(kind)
    except ValueError:
        raise QuestionError(_("Choose the kind of question.")) from None
    question = Question(label.strip(), known_kind, tuple(choices), bool(required))
    problems = question_problems(question)
    if problems:
        raise refusal(problems)
    fields = {
        "label": question.label,
        "kind": known_kind.value,
        "choices": list(question.choices),
        "required": question.required,
        "public": bool(public),
    }
    return question, fields


def _snapshot(question: RegistrationQuestion) -> dict:
    return {
        "label": question.label,
        "kind": question.kind,
        "choices": list(question.choices or []),
        "required": question.required,
        "public": question.public,
        "position": question.position,
    }


@transaction.atomic
def add_question(tournament: Tournament, *, actor: Actor, **written) -> RegistrationQuestion:
    """A new question at the end of the form: ``label``, ``kind``, ``choices`` (a choice's
    answers), ``required`` and ``public`` (shown to the field once round 1 is paired)."""
    tournament = _locked_event(tournament, actor)
    _question, fields = _written(**written)
    count = tournament.registration_questions.count()
    if count >= MAX_QUESTIONS:
        raise QuestionError(_("An event asks at most %(max)d questions.") % {"max": MAX_QUESTIONS})
    question = RegistrationQuestion.objects.create(
        tournament=tournament, position=count + 1, **fields
    )
    record_change(tournament, "question.added", question, after=_snapshot(question), actor=actor)
    return question


@transaction.atomic
def change_question(
    question: RegistrationQuestion, *, actor: Actor, **written
) -> RegistrationQuestion:
    """The question rewritten (the fields of ``add_question``); once answered, its kind and
    the choices picked stay."""
    tournament = _locked_event(question.tournament, actor)
    question = RegistrationQuestion.objects.select_for_update().get(pk=question.pk)
    checked, fields = _written(**written)
    answered = list(question.answers.values_list("value", flat=True))
    problems = change_problems(as_rules(question), checked, set(answered), len(answered))
    if problems:
        raise refusal(problems)
    before = _snapshot(question)
    for name, value in fields.items():
        setattr(question, name, value)
    question.save()
    record_change(
        tournament,
        "question.changed",
        question,
        before=before,
        after=_snapshot(question),
        actor=actor,
    )
    return question


@transaction.atomic
def move_question(question: RegistrationQuestion, position: int, actor: Actor) -> None:
    """Put the question at ``position`` on the form (1 = first)."""
    tournament = _locked_event(question.tournament, actor)
    questions = list(tournament.registration_questions.order_by("position", "id"))
    order = moved([q.pk for q in questions], question.pk, position)
    _renumber(order)
    record_change(
        tournament,
        "question.moved",
        question,
        before={"position": question.position},
        after={"position": order.index(question.pk) + 1},
        actor=actor,
    )


@transaction.atomic
def remove_question(question: RegistrationQuestion, actor: Actor) -> int:
    """Remove the question and its answers (before the lock); how many answers went with it."""
    tournament = _locked_event(question.tournament, actor)
    answers = question.answers.count()
    record_change(
        tournament,
        "question.removed",
        question,
        before={**_snapshot(question), "answers": answers},
        actor=actor,
    )
    question.delete()
    _renumber(
        tournament.registration_questions.order_by("position", "id").values_list("pk", flat=True)
    )
    return answers


def _renumber(order) -> None:
    """Number the questions 1, 2, 3... in ``order`` (their ids)."""
    for number, pk in enumerate(order, start=1):
        RegistrationQuestion.objects.filter(pk=pk).update(position=number)


@transaction.atomic
def set_answers_deadline(tournament: Tournament, closes_at, actor: Actor) -> RegistrationPolicy:
    """When players stop changing their answers (None: until round 1 is paired)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_organiser(tournament, actor)
    if tournament.rounds.exists():
        raise QuestionError(_("Round 1 is paired: the answers are locked for good."))
    policy, _created = RegistrationPolicy.objects.get_or_create(tournament=tournament)
    before = {"answers_close_at": _iso(policy.answers_close_at)}
    policy.answers_close_at = closes_at
    policy.save(update_fields=["answers_close_at", "updated_at"])
    record_change(
        tournament,
        "registration.answers_deadline",
        policy,
        before=before,
        after={"answers_close_at": _iso(closes_at)},
        actor=actor,
    )
    return policy


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None
