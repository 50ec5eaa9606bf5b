"""What the questions' and answers' services share: the refusal, the lock, the model as the
pure rules see it."""

from django.utils import timezone
from django.utils.translation import gettext as _

from common.errors import ServiceError
from registrations.logic.questions import Problem, Question, QuestionKind
from registrations.models import RegistrationPolicy, RegistrationQuestion
from tournament.models import Tournament


class QuestionError(ServiceError):
    """A change to the questions or the answers that cannot be made; the message says why."""


def refusal(problems: list[Problem]) -> QuestionError:
    """One refusal naming every problem, each translated."""
    return QuestionError(" ".join(_(p.text) % p.values for p in problems))


def as_rules(question: RegistrationQuestion) -> Question:
    """The stored question as the pure rules take it."""
    return Question(
        label=question.label,
        kind=QuestionKind(question.kind),
        choices=tuple(question.choices or ()),
        required=question.required,
    )


def answers_deadline(tournament: Tournament):
    """When the answers lock (the organiser's deadline), or None."""
    policy = RegistrationPolicy.objects.filter(tournament=tournament).first()
    return policy.answers_close_at if policy else None


def answers_locked(tournament: Tournament) -> bool:
    """Whether the answers (and so the questions) are locked: the organiser's deadline has
    passed, or round 1 is paired (what the field may see no longer changes)."""
    deadline = answers_deadline(tournament)
    if deadline is not None and timezone.now() >= deadline:
        return True
    return tournament.rounds.exists()


def published(tournament: Tournament) -> bool:
    """Whether the public answers are shown: once round 1 is paired."""
    return tournament.rounds.exists()
