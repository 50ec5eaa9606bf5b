"""``manage.py export_tournament SLUG FILE``: write a whole tournament to one JSON file."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournament.models import Tournament
from tournament.services.transfer import export_tournament


class Command(BaseCommand):
    help = "Export a tournament (entrants, rounds, matches, every result version, audit) to JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file", help="Where to write the JSON ('-' for standard output).")

    def handle(self, *args, slug, file, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"no tournament with slug {slug!r}")
        document = export_tournament(tournament)
        text = json.dumps(document, indent=1, sort_keys=True)
        if file == "-":
            self.stdout.write(text)
        else:
            with open(file, "w", encoding="utf-8") as handle:
                handle.write(text)
            self.stderr.write(f"Exported {len(document['rows'])} rows to {file}")
