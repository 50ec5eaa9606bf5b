"""``manage.py recompute_ratings [--system KEY]``: rebuild the ratings from the results.

The ratings are derived rows, rebuilt by themselves as rounds close; run this once after a
change of which games count (issue 33: public events only), or after restoring a backup.
"""

from django.core.management.base import BaseCommand, CommandError

from engine import api as engine_api
from leagues.services.ratings import recompute


class Command(BaseCommand):
    help = "Rebuild every game system's ratings (or one system's) from the accepted results."

    def add_arguments(self, parser):
        parser.add_argument("--system", help="Only this game system (its key).")

    def handle(self, *args, system=None, **options):
        systems = [s["key"] for s in engine_api.list_systems()]
        if system is not None and system not in systems:
            raise CommandError(f"no game system {system!r}; choose from {', '.join(systems)}")
        for key in [system] if system else systems:
            run = recompute(key)
            self.stdout.write(f"{key}: {len(run.ratings)} players rated")
