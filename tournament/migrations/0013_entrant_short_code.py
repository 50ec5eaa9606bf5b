"""Entrants get a short code for their private link (typed by hand from a card)."""

from django.db import migrations, models

import tournament.models.people


def fill_codes(apps, schema_editor):
    Entrant = apps.get_model("tournament", "Entrant")
    used = set()
    for entrant in Entrant.objects.filter(short_code__isnull=True).only("pk"):
        code = tournament.models.people.new_short_code()
        while code in used:
            code = tournament.models.people.new_short_code()
        used.add(code)
        Entrant.objects.filter(pk=entrant.pk).update(short_code=code)


class Migration(migrations.Migration):
    dependencies = [("tournament", "0012_player_profile_public")]

    operations = [
        migrations.AddField(
            model_name="entrant",
            name="short_code",
            field=models.CharField(max_length=8, null=True),
        ),
        migrations.RunPython(fill_codes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="entrant",
            name="short_code",
            field=models.CharField(
                default=tournament.models.people.new_short_code,
                help_text="The private link's short form, typed by hand (replaced with the link).",
                max_length=8,
                unique=True,
            ),
        ),
    ]
