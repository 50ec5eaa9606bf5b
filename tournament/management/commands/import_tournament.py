"""``manage.py import_tournament FILE``: recreate an exported tournament in this database."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournament.transfer import TransferError, import_tournament


class Command(BaseCommand):
    help = (
        "Import a tournament exported by export_tournament. Only inserts: existing rows are "
        "never changed; keys are renumbered when taken. Accounts it makes have no rights and no "
        "usable password; an account that exists (same username) is used as it is."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, file, **options):
        try:
            with open(file, encoding="utf-8") as handle:
                document = json.load(handle)
        except (OSError, json.JSONDecodeError) as exc:
            raise CommandError(f"cannot read {file}: {exc}") from exc
        try:
            tournament = import_tournament(document)
        except TransferError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Imported {tournament.name} ({len(document['rows'])} rows)")
