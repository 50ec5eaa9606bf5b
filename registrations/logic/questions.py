"""The organiser's registration questions and the players' answers, as plain values.

Each check returns or raises a ``Problem``: an English sentence marked for translation, with
its values apart, which the doors translate (``gettext(problem.text) % problem.values``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from tournament.logic.translation import gettext_noop

MAX_LABEL = 200
MAX_CHOICES = 20
MAX_CHOICE = 100
MAX_ANSWER = 500
MAX_QUESTIONS = 30
#: a ticked box's stored answer (an unticked one stores none)
YES = "yes"


class QuestionKind(StrEnum):
    """What a question asks for."""

    TEXT = "text"
    CHOICE = "choice"
    CHECKBOX = "checkbox"


@dataclass(frozen=True)
class Question:
    """A question as the rules see it."""

    label: str
    kind: QuestionKind
    choices: tuple[str, ...] = ()
    required: bool = False


@dataclass(frozen=True)
class Problem:
    """What is wrong, in a sentence with its values apart (for translation)."""

    text: str
    values: dict[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text % self.values if self.values else self.text


class AnswerRefused(ValueError):
    """An answer that cannot be kept; ``problem`` says why."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


def choices_from_lines(text: str) -> tuple[str, ...]:
    """The choices typed one per line: trimmed, empty lines skipped (duplicates kept, so that
    ``question_problems`` can name them)."""
    return tuple(line.strip() for line in text.splitlines() if line.strip())


def question_problems(question: Question) -> list[Problem]:
    """Everything wrong with a question as the organiser wrote it (empty: it may be kept)."""
    problems = []
    if not question.label.strip():
        problems.append(Problem(gettext_noop("Write the question.")))
    if len(question.label) > MAX_LABEL:
        problems.append(
            Problem(gettext_noop("A question is at most %(max)d characters."), {"max": MAX_LABEL})
        )
    if question.kind is QuestionKind.CHOICE:
        problems += _choice_problems(question.choices)
    elif question.choices:
        problems.append(Problem(gettext_noop("Only a choice question offers choices.")))
    return problems


def _choice_problems(choices: Sequence[str]) -> list[Problem]:
    problems = []
    if len(choices) < 2:
        problems.append(Problem(gettext_noop("A choice question needs at least two choices.")))
    if len(choices) > MAX_CHOICES:
        problems.append(
            Problem(
                gettext_noop("A question offers at most %(max)d choices."), {"max": MAX_CHOICES}
            )
        )
    if any(len(choice) > MAX_CHOICE for choice in choices):
        problems.append(
            Problem(gettext_noop("A choice is at most %(max)d characters."), {"max": MAX_CHOICE})
        )
    if any(not choice.strip() for choice in choices):
        problems.append(Problem(gettext_noop("A choice cannot be empty.")))
    if len(set(choices)) < len(choices):
        problems.append(Problem(gettext_noop("Each choice may appear only once.")))
    return problems


def change_problems(
    before: Question, after: Question, answered: Collection[str], answers: int
) -> list[Problem]:
    """What stops changing ``before`` into ``after`` once ``answers`` players have answered it
    (``answered``: the values they gave): its kind, and a choice someone picked, stay."""
    if not answers:
        return []
    if before.kind is not after.kind:
        return [
            Problem(
                gettext_noop(
                    "%(count)d players have answered this question, so its kind stays; add a "
                    "new question instead."
                ),
                {"count": answers},
            )
        ]
    if before.kind is QuestionKind.CHOICE:
        gone = sorted(set(answered) - set(after.choices))
        if gone:
            return [
                Problem(
                    gettext_noop("Players chose “%(choice)s”: keep that choice."),
                    {"choice": gone[0]},
                )
            ]
    return []


def answer_value(question: Question, raw: object) -> str:
    """The answer to keep for what a player sent (``""``: no answer); ``AnswerRefused`` says
    what is wrong (a required answer missing, a choice not offered, a text too long)."""
    if question.kind is QuestionKind.CHECKBOX:
        value = YES if raw is True or raw in ("on", "true", "yes", "1", 1) else ""
    else:
        value = " ".join(str(raw).split()) if isinstance(raw, str | int) else ""
    if question.kind is QuestionKind.TEXT and len(value) > MAX_ANSWER:
        raise AnswerRefused(
            Problem(
                gettext_noop("An answer is at most %(max)d characters (this one has %(n)d)."),
                {"max": MAX_ANSWER, "n": len(value)},
            )
        )
    if question.kind is QuestionKind.CHOICE and value and value not in question.choices:
        raise AnswerRefused(Problem(gettext_noop("Choose one of the answers offered.")))
    if question.required and not value:
        text = (
            gettext_noop("Tick this box to register.")
            if question.kind is QuestionKind.CHECKBOX
            else gettext_noop("This question needs an answer.")
        )
        raise AnswerRefused(Problem(text))
    return value


def moved(order: Sequence[int], item: int, position: int) -> list[int]:
    """``order`` with ``item`` moved to ``position`` (1 = first; beyond the end: last)."""
    rest = [each for each in order if each != item]
    index = min(max(position, 1), len(rest) + 1) - 1
    return [*rest[:index], item, *rest[index:]]
