"""Issue 36.9: each event's check-in code shown at the venue (every existing event its own)."""

from django.db import migrations, models

import tournament.logic.venue_code


def give_each_event_a_code(apps, schema_editor):
    tournament_model = apps.get_model("tournament", "Tournament")
    for event in tournament_model.objects.only("pk").iterator():
        tournament_model.objects.filter(pk=event.pk).update(
            check_in_code=tournament.logic.venue_code.new_venue_code()
        )


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0024_entrant_name_listed"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="check_in_code",
            field=models.CharField(
                default=tournament.logic.venue_code.new_venue_code,
                help_text="The code shown at the venue that players type to check themselves in.",
                max_length=6,
            ),
        ),
        migrations.RunPython(give_each_event_a_code, migrations.RunPython.noop),
    ]
