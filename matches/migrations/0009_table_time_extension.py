"""A table's extra time: a referee gives one table minutes beyond the round clock.

On SQLite, adding the column rebuilds ``matches_match``, which the seat triggers of 0002 name:
they are dropped first and put back after (as in 0005).
"""

import importlib

from django.db import migrations, models

flowers = importlib.import_module("matches.migrations.0005_flowers_per_player")


def drop_seat_triggers(apps, schema_editor):
    if schema_editor.connection.vendor != "sqlite":
        return  # PostgreSQL keeps triggers through a column change
    for name in flowers.SEAT_TRIGGERS:
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0008_audit_entries_to_the_audit_app"),
    ]

    operations = [
        migrations.RunPython(drop_seat_triggers, flowers.restore_seat_triggers),
        migrations.AddField(
            model_name="match",
            name="extra_seconds",
            field=models.PositiveIntegerField(
                default=0,
                help_text=(
                    "Time a referee gave this table beyond the round clock (its players' clock "
                    "ends this much later)."
                ),
            ),
        ),
        migrations.RunPython(flowers.restore_seat_triggers, drop_seat_triggers),
    ]
