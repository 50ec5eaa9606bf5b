"""``manage.py import_tournament FILE``: recreate an exported tournament in this database."""

import json

from django.core.management.base import BaseCommand, CommandError

from leagues.models import Organisation
from tournament.services.transfer import TransferError, import_tournament


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
        organisation_here = _organisation_here(document)
        try:
            tournament = import_tournament(document)
        except TransferError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Imported {tournament.name} ({len(document['rows'])} rows)")
        organisation = tournament.organisation
        if organisation is not None:
            how = (
                "already here: the event joined it, nothing of it changed"
                if organisation_here
                else "made from the file, with no staff (nobody has rights over it yet)"
            )
            self.stdout.write(f"Organisation {organisation.name} ({organisation.slug}): {how}")


def _organisation_here(document) -> bool:
    """Whether the organisation the file names exists here already (matched by slug)."""
    rows = document.get("rows") if isinstance(document, dict) else None
    slugs = [
        row["fields"].get("slug")
        for row in rows or []
        if isinstance(row, dict)
        and row.get("model") == "leagues.organisation"
        and isinstance(row.get("fields"), dict)
    ]
    return Organisation.objects.filter(slug__in=[s for s in slugs if isinstance(s, str)]).exists()
