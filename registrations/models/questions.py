"""The organiser's questions to the players who register, and each registration's answers."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from registrations.logic.questions import MAX_ANSWER, MAX_LABEL, QuestionKind


class QuestionKindChoices(models.TextChoices):
    """The kinds of question, as the model stores them (``QuestionKind`` is the pure one)."""

    TEXT = QuestionKind.TEXT.value, _("Short text")
    CHOICE = QuestionKind.CHOICE.value, _("One of a list")
    CHECKBOX = QuestionKind.CHECKBOX.value, _("A box to tick")


class RegistrationQuestion(models.Model):
    """One question of an event's registration form (the club, the team name, the chief)."""

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="registration_questions"
    )
    label = models.CharField(_("question"), max_length=MAX_LABEL)
    kind = models.CharField(
        _("kind"), max_length=8, choices=QuestionKindChoices.choices, default=QuestionKind.TEXT
    )
    choices = models.JSONField(
        _("choices"), default=list, blank=True, help_text=_("The answers a choice offers.")
    )
    required = models.BooleanField(_("required"), default=False)
    public = models.BooleanField(
        _("shown to the field"),
        default=False,
        help_text=_(
            "Once round 1 is paired, the answers of players who agreed to be listed are public."
        ),
    )
    position = models.PositiveSmallIntegerField(_("position"), default=1)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "position", "id"]
        verbose_name = _("registration question")
        verbose_name_plural = _("registration questions")
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=[kind.value for kind in QuestionKind]),
                name="registration_question_kind_known",
            ),
        ]

    def __str__(self) -> str:
        return self.label


class RegistrationAnswer(models.Model):
    """A registration's answer to one question (a ticked box is ``yes``; no row: no answer)."""

    registration = models.ForeignKey(
        "registrations.Registration", on_delete=models.CASCADE, related_name="answers"
    )
    question = models.ForeignKey(
        RegistrationQuestion, on_delete=models.CASCADE, related_name="answers"
    )
    value = models.CharField(_("answer"), max_length=MAX_ANSWER)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["registration", "question__position", "question_id"]
        verbose_name = _("registration answer")
        verbose_name_plural = _("registration answers")
        constraints = [
            models.UniqueConstraint(
                fields=["registration", "question"], name="registration_answer_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.question}: {self.value}"
