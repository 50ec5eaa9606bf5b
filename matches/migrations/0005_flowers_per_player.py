"""A seat's starting flowers: one colour, or a team's players' colours joined by "+".

On SQLite, changing a column rebuilds the table, and the rebuild drops the table's triggers:
the seat triggers of 0002 (a seat's round is its match's round) are put back right after.
"""

import importlib

from django.db import migrations, models

integrity = importlib.import_module("matches.migrations.0002_integrity_triggers")
SEAT_TRIGGERS = ("seat_round_is_match_round_ins", "seat_round_is_match_round_upd")


def restore_seat_triggers(apps, schema_editor):
    if schema_editor.connection.vendor != "sqlite":
        return  # PostgreSQL keeps triggers through a column change
    for name in SEAT_TRIGGERS:
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {name}")
    for sql in integrity.SQLITE_FORWARD:
        if any(name in sql for name in SEAT_TRIGGERS):
            schema_editor.execute(sql)


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0004_group_label_length"),
    ]

    operations = [
        migrations.AlterField(
            model_name="seat",
            name="flower_colour",
            field=models.CharField(
                blank=True,
                help_text=(
                    "The starting flower; a team's players' flowers joined by \"+\"; empty "
                    "where none is dealt (Domination, byes)."
                ),
                max_length=40,
            ),
        ),
        migrations.RunPython(restore_seat_triggers, restore_seat_triggers),
    ]
