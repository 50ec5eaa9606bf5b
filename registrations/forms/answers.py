"""The player's answers to the organiser's questions, as form fields (the registration page
includes them); the rules are the answers service's, so the page and the API agree."""

from django import forms
from django.utils.translation import gettext_lazy

from registrations.logic.questions import MAX_ANSWER, YES, QuestionKind
from registrations.services.answers import AnswersRefused, checked_answers

PREFIX = "question_"


def _field(question) -> forms.Field:
    """The form field asking ``question``."""
    common = {"label": question.label, "required": question.required}
    if question.kind == QuestionKind.CHECKBOX:
        return forms.BooleanField(**common)
    if question.kind == QuestionKind.CHOICE:
        offered = [("", gettext_lazy("Choose…")), *((c, c) for c in question.choices)]
        return forms.ChoiceField(choices=offered, **common)
    return forms.CharField(max_length=MAX_ANSWER, strip=True, **common)


class AnswersForm(forms.Form):
    """One field per question of the event, in the organiser's order; ``answers()`` gives
    what the answers service takes (question id -> value)."""

    def __init__(self, questions, *args, answers=None, **kwargs):
        self.questions = list(questions)
        given = answers or {}
        initial = {
            f"{PREFIX}{q.pk}": (given.get(q.pk) == YES)
            if q.kind == QuestionKind.CHECKBOX
            else given.get(q.pk, "")
            for q in self.questions
        }
        super().__init__(*args, initial=initial, **kwargs)
        for question in self.questions:
            self.fields[f"{PREFIX}{question.pk}"] = _field(question)

    def clean(self):
        cleaned = super().clean()
        try:
            checked_answers(self.questions, self.answers())
        except AnswersRefused as refused:
            for pk, message in refused.errors.items():
                name = f"{PREFIX}{pk}"
                if name not in self.errors:
                    self.add_error(name, message)
        return cleaned

    def answers(self) -> dict[int, object]:
        """The answers as typed or ticked, by question id."""
        data = getattr(self, "cleaned_data", {})
        return {q.pk: data.get(f"{PREFIX}{q.pk}", "") for q in self.questions}
