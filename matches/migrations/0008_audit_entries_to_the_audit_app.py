"""The audit entry model now belongs to the audit app (``common.audit``): forgotten here in
Django's state only; its table, rows, index and foreign keys stay as they are."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("matches", "0007_accepted_versions_by_decision_time"),
        ("audit", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="AuditEntry")],
            database_operations=[],
        ),
    ]
