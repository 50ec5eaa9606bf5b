"""An event paired at random names its first stage "Qualifying rounds", not "Swiss rounds"."""

from django.db import migrations


def relabel(apps, schema_editor):
    Stage = apps.get_model("tournament", "Stage")
    Stage.objects.filter(kind="swiss", label="Swiss rounds").exclude(
        tournament__pairing_method="swiss"
    ).update(label="Qualifying rounds")


def back(apps, schema_editor):
    Stage = apps.get_model("tournament", "Stage")
    Stage.objects.filter(kind="swiss", label="Qualifying rounds").update(label="Swiss rounds")


class Migration(migrations.Migration):
    dependencies = [("tournament", "0026_widget_embed_origins")]

    operations = [migrations.RunPython(relabel, back)]
