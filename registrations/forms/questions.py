"""The organiser's forms for the questions: a question, and the answers' deadline."""

from django import forms
from django.utils.translation import gettext_lazy

from registrations.logic.questions import MAX_CHOICE, MAX_CHOICES, MAX_LABEL, choices_from_lines
from registrations.models.questions import QuestionKindChoices


class QuestionForm(forms.Form):
    """One question as the organiser writes it (the service checks it whole)."""

    label = forms.CharField(label=gettext_lazy("Question"), max_length=MAX_LABEL)
    kind = forms.ChoiceField(label=gettext_lazy("Kind"), choices=QuestionKindChoices.choices)
    choices = forms.CharField(
        label=gettext_lazy("Choices"),
        required=False,
        max_length=MAX_CHOICES * (MAX_CHOICE + 2),
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=gettext_lazy("For a choice: one answer a line (2 to 20 answers)."),
    )
    required = forms.BooleanField(label=gettext_lazy("Required"), required=False)
    public = forms.BooleanField(
        label=gettext_lazy("Show the answers to the field once round 1 is paired"),
        required=False,
        help_text=gettext_lazy("Only the answers of players who agreed to be listed."),
    )

    def values(self) -> dict:
        """What the questions service takes."""
        data = self.cleaned_data
        return {
            "label": data["label"],
            "kind": data["kind"],
            "choices": choices_from_lines(data["choices"]) if data["kind"] == "choice" else (),
            "required": data["required"],
            "public": data["public"],
        }

    @staticmethod
    def initial_of(question) -> dict:
        return {
            "label": question.label,
            "kind": question.kind,
            "choices": "\n".join(question.choices or []),
            "required": question.required,
            "public": question.public,
        }


class DeadlineForm(forms.Form):
    """When the answers lock (empty: when round 1 is paired)."""

    answers_close_at = forms.DateTimeField(
        label=gettext_lazy("Answers can be changed until"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=gettext_lazy("In the event's time. Empty: until round 1 is paired."),
    )
