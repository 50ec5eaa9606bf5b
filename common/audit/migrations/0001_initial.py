"""The audit entry model moves here from the matches app, in Django's state only.

Its table (``matches_auditentry``), rows, index and foreign keys stay as they are: this
migration declares the model on the existing table, and ``matches.0008`` forgets it there. The
model's content type follows it (so permissions granted on it are kept).
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def move_content_type(apps, schema_editor, source="matches", target="audit"):
    """Relabel the model's content type, unless the target label has one already."""
    content_types = apps.get_model("contenttypes", "ContentType")
    if not content_types.objects.filter(app_label=target, model="auditentry").exists():
        content_types.objects.filter(app_label=source, model="auditentry").update(
            app_label=target
        )


def move_content_type_back(apps, schema_editor):
    move_content_type(apps, schema_editor, source="audit", target="matches")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("matches", "0007_accepted_versions_by_decision_time"),
        ("tournament", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="AuditEntry",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("channel", models.CharField(choices=[("page", "Web page"), ("api", "REST API"), ("live", "Live game"), ("admin", "Admin"), ("system", "System")], default="page", max_length=8)),
                        ("ip_address", models.GenericIPAddressField(blank=True, null=True)),
                        ("user_agent", models.CharField(blank=True, max_length=300)),
                        ("created_at", models.DateTimeField(auto_now_add=True, db_index=True)),
                        ("action", models.CharField(help_text="e.g. result.corrected, round.published.", max_length=40)),
                        ("target_type", models.CharField(max_length=40)),
                        ("target_id", models.CharField(blank=True, max_length=40)),
                        ("before", models.JSONField(blank=True, null=True)),
                        ("after", models.JSONField(blank=True, null=True)),
                        ("reason", models.TextField(blank=True)),
                        ("entrant", models.ForeignKey(blank=True, help_text="The side acting through its private link.", null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="+", to="tournament.entrant")),
                        ("tournament", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="audit_entries", to="tournament.tournament")),
                        ("user", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="+", to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        "db_table": "matches_auditentry",
                        "verbose_name_plural": "audit entries",
                        "ordering": ["-created_at", "-id"],
                        "indexes": [models.Index(fields=["tournament", "created_at"], name="matches_aud_tournam_0a3517_idx")],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_type, move_content_type_back, elidable=True),
    ]
