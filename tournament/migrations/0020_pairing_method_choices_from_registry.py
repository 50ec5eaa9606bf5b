# The pairing methods are read from their registry (no schema change: the same values).

from django.db import migrations, models

import tournament.models.choices


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0019_live_news_stamps"),
    ]

    operations = [
        migrations.AlterField(
            model_name="round",
            name="pairing_method",
            field=models.CharField(
                blank=True, choices=tournament.models.choices.pairing_method_choices, max_length=10
            ),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="pairing_method",
            field=models.CharField(
                choices=tournament.models.choices.pairing_method_choices,
                default="random",
                max_length=10,
            ),
        ),
    ]
