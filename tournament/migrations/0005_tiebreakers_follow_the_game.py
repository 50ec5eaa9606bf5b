"""Tiebreakers follow the game mode unless the organiser set an order of their own.

Until now every event was created with the battle order (Victory Cup tokens, strength of
schedule, first places), whatever its mode, so VP-mode and other systems' events broke ties
first on a statistic their games never carry. That exact list is what creation wrote, not an
organiser's choice: it becomes empty, which now means "the game mode's defaults" (unchanged for
Every Eye and Alliances events, corrected for the rest). Any other list is kept.
"""

from django.db import migrations, models

import tournament.models.event

OLD_DEFAULT = ["victory_cup_tokens", "strength_of_schedule", "first_places"]


def follow_the_game(apps, schema_editor):
    Tournament = apps.get_model("tournament", "Tournament")
    for pk, tiebreakers in Tournament.objects.values_list("pk", "tiebreakers"):
        if tiebreakers == OLD_DEFAULT:
            Tournament.objects.filter(pk=pk).update(tiebreakers=[])


def keep_what_the_game_gave(apps, schema_editor):
    """Going back, an empty order is written out as the old fixed default."""
    Tournament = apps.get_model("tournament", "Tournament")
    Tournament.objects.filter(tiebreakers=[]).update(tiebreakers=OLD_DEFAULT)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0004_champion"),
    ]

    operations = [
        migrations.AlterField(
            model_name="tournament",
            name="tiebreakers",
            field=models.JSONField(
                blank=True,
                default=tournament.models.event.default_tiebreakers,
                help_text=(
                    "Standings tiebreakers after points, in order; empty: the game mode's "
                    "defaults."
                ),
            ),
        ),
        migrations.RunPython(follow_the_game, keep_what_the_game_gave),
    ]
