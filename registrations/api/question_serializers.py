"""The bodies of the registration questions' API: a question as read and as written, a move,
the answers' deadline, and a registration's answers."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from common.api.serializers import StrictModelSerializer, StrictSerializer
from registrations.logic.questions import (
    MAX_ANSWER,
    MAX_CHOICE,
    MAX_CHOICES,
    MAX_LABEL,
    MAX_QUESTIONS,
)
from registrations.models import RegistrationQuestion
from registrations.models.questions import QuestionKindChoices


class QuestionSerializer(StrictModelSerializer):
    """A question of the event's registration form, in its place."""

    class Meta:
        model = RegistrationQuestion
        fields = ["id", "label", "kind", "choices", "required", "public", "position"]
        read_only_fields = fields


class QuestionWriteSerializer(StrictSerializer):
    """A question as the organiser writes it (the service checks it whole)."""

    label = serializers.CharField(max_length=MAX_LABEL)
    kind = serializers.ChoiceField(choices=QuestionKindChoices.choices)
    choices = serializers.ListField(
        child=serializers.CharField(max_length=MAX_CHOICE),
        max_length=MAX_CHOICES,
        required=False,
        default=list,
        help_text=gettext_lazy("A choice question's answers (2 to 20); empty for the other kinds."),
    )
    required = serializers.BooleanField(required=False, default=False)
    public = serializers.BooleanField(
        required=False,
        default=False,
        help_text=gettext_lazy(
            "Shown to the field once round 1 is paired (players who agreed to be listed)."
        ),
    )


class QuestionMoveSerializer(StrictSerializer):
    position = serializers.IntegerField(min_value=1, max_value=MAX_QUESTIONS)


class DeadlineSerializer(StrictSerializer):
    answers_close_at = serializers.DateTimeField(
        allow_null=True,
        help_text=gettext_lazy("After this, answers cannot change; null: until round 1."),
    )


def answers_field(**options) -> serializers.DictField:
    """A registration's answers in a body: question id -> answer."""
    return serializers.DictField(
        child=serializers.JSONField(),
        help_text=f"Question id -> answer (text of at most {MAX_ANSWER} characters, one of a "
        "choice's answers, or true/false for a box). Every question of the event is answered "
        "at once; one left out has no answer.",
        **options,
    )


def answers_by_question(value: dict) -> dict[int, object]:
    """The answers keyed by question id, each text or true/false and bounded (400 otherwise;
    the answers service then checks them against the questions)."""
    if len(value) > MAX_QUESTIONS:
        raise serializers.ValidationError(_("At most %(max)d answers.") % {"max": MAX_QUESTIONS})
    answers: dict[int, object] = {}
    for key, answer in value.items():
        if not str(key).isdigit() or len(str(key)) > 12:
            raise serializers.ValidationError(_("Each key is a question's id."))
        if not isinstance(answer, str | bool) or len(str(answer)) > MAX_ANSWER:
            raise serializers.ValidationError(
                _("Each answer is text of at most %(max)d characters, or true/false.")
                % {"max": MAX_ANSWER}
            )
        answers[int(key)] = answer
    return answers


class AnswersSerializer(StrictSerializer):
    """A registration's answers: question id -> answer (a box: true or false)."""

    answers = answers_field()

    def validate_answers(self, value):
        return answers_by_question(value)
