"""Longer group labels ("Cut tie-break" did not fit in 12 characters on PostgreSQL).

SQLite changes a column by rebuilding the table, which its triggers on other tables (see
0002_integrity_triggers) would refuse to watch happen: they are taken off for the rebuild and put
back after it. Any later migration that alters a column of matches_match, matches_seat,
matches_resultversion or matches_liveevent on SQLite must do the same.
"""

import importlib

from django.db import migrations, models

triggers = importlib.import_module("matches.migrations.0002_integrity_triggers")


def drop_sqlite_triggers(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        triggers.drop_triggers(apps, schema_editor)


def create_sqlite_triggers(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        triggers.create_triggers(apps, schema_editor)


class Migration(migrations.Migration):
    dependencies = [("matches", "0003_seat_entrant_restrict")]

    operations = [
        migrations.RunPython(drop_sqlite_triggers, create_sqlite_triggers),
        migrations.AlterField(
            model_name="match",
            name="group_label",
            field=models.CharField(
                blank=True,
                help_text="Elimination group: A, B, C, D, AD, BC, Final, or e.g. 'Cut tie-break'.",
                max_length=40,
            ),
        ),
        migrations.RunPython(create_sqlite_triggers, drop_sqlite_triggers),
    ]
