"""``manage.py settings_doc``: write docs/settings.md from the declarations (``--check``: only
say whether it is up to date)."""

from django.core.management.base import BaseCommand, CommandError

from tournament.settings_doc import PAGE, render


class Command(BaseCommand):
    help = "Write docs/settings.md from the pairing methods and the event settings declared."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="Fail if the page is stale.")

    def handle(self, *args, check=False, **options):
        text = render()
        if check:
            if not PAGE.exists() or PAGE.read_text() != text:
                raise CommandError(f"{PAGE} differs from the declarations: run settings_doc")
            self.stdout.write("docs/settings.md is up to date.")
            return
        PAGE.write_text(text)
        self.stdout.write(f"Wrote {PAGE}.")
