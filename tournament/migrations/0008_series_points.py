"""What a VP-mode game adds to a side's total: its VP (new events) or its place's points.

Events that exist already keep scoring by place (their standings must not change under them);
new events default to summing VP, as the rulebook totals a VP-mode series.
"""

from django.db import migrations, models

CHOICES = [
    ("sum_vp", "Sum of VP (each game adds its VP, as the rulebook totals a series)"),
    ("by_place", "Points by place (each game adds the points table's points)"),
]
HELP = (
    "VP modes only (Nymphlet Ceremony, King of the Hill, Domination): what a game adds to a "
    "side's total. Other modes always score by place."
)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0007_game_length_per_system"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="series_points",
            field=models.CharField(
                choices=CHOICES, default="by_place", help_text=HELP, max_length=10
            ),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="series_points",
            field=models.CharField(choices=CHOICES, default="sum_vp", help_text=HELP, max_length=10),
        ),
    ]
