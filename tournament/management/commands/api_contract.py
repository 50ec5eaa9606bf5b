"""``manage.py api_contract``: write what v1 promises (``common.api.contract``) to
tests/contract/api_v1_contract.json, the snapshot ``tests/contract/test_v1_policy.py`` holds the
API to; ``--check`` only says whether the current document keeps every promise."""

import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from drf_spectacular.generators import SchemaGenerator

from common.api.contract import broken, promises

SNAPSHOT = Path(settings.BASE_DIR) / "tests" / "contract" / "api_v1_contract.json"


def current_promises() -> dict[str, str]:
    """The promises of the document ``/api/schema/`` serves now."""
    return promises(SchemaGenerator().get_schema(request=None, public=True))


class Command(BaseCommand):
    help = "Write the v1 API's promises to tests/contract/api_v1_contract.json (or --check)."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="Only check; write nothing.")

    def handle(self, *args, check=False, **options):
        current = current_promises()
        if check:
            problems = broken(json.loads(SNAPSHOT.read_text()), current)
            if problems:
                raise CommandError("v1 promises broken:\n" + "\n".join(problems))
            self.stdout.write("v1 keeps every promise of the snapshot.")
            return
        SNAPSHOT.write_text(json.dumps(current, indent=1, ensure_ascii=False) + "\n")
        self.stdout.write(f"{len(current)} promises written to {SNAPSHOT}.")
