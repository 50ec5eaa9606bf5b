# The organiser's registration questions, the players' answers, and the answers' deadline.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("registrations", "0001_initial"),
        ("tournament", "0023_event_venue"),
    ]

    operations = [
        migrations.AddField(
            model_name="registrationpolicy",
            name="answers_close_at",
            field=models.DateTimeField(
                blank=True,
                help_text="After this, players can no longer change their answers.",
                null=True,
                verbose_name="answers can be changed until",
            ),
        ),
        migrations.CreateModel(
            name="RegistrationQuestion",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("label", models.CharField(max_length=200, verbose_name="question")),
                (
                    "kind",
                    models.CharField(
                        choices=[("text", "Short text"), ("choice", "One of a list"), ("checkbox", "A box to tick")],
                        default="text",
                        max_length=8,
                        verbose_name="kind",
                    ),
                ),
                ("choices", models.JSONField(blank=True, default=list, help_text="The answers a choice offers.", verbose_name="choices")),
                ("required", models.BooleanField(default=False, verbose_name="required")),
                (
                    "public",
                    models.BooleanField(
                        default=False,
                        help_text="Once round 1 is paired, the answers of players who agreed to be listed are public.",
                        verbose_name="shown to the field",
                    ),
                ),
                ("position", models.PositiveSmallIntegerField(default=1, verbose_name="position")),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="registration_questions",
                        to="tournament.tournament",
                    ),
                ),
            ],
            options={
                "verbose_name": "registration question",
                "verbose_name_plural": "registration questions",
                "ordering": ["tournament", "position", "id"],
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("kind__in", ["text", "choice", "checkbox"])),
                        name="registration_question_kind_known",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="RegistrationAnswer",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("value", models.CharField(max_length=500, verbose_name="answer")),
                ("updated_at", models.DateTimeField(auto_now=True)),
                (
                    "question",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="answers",
                        to="registrations.registrationquestion",
                    ),
                ),
                (
                    "registration",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="answers",
                        to="registrations.registration",
                    ),
                ),
            ],
            options={
                "verbose_name": "registration answer",
                "verbose_name_plural": "registration answers",
                "ordering": ["registration", "question__position", "question_id"],
                "constraints": [
                    models.UniqueConstraint(fields=("registration", "question"), name="registration_answer_once")
                ],
            },
        ),
    ]
