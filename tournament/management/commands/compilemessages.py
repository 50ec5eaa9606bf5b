"""``compilemessages`` over the project's catalogues only (``locale/``), not the virtual
environment's packages (their catalogues come compiled). docs/translating.md."""

from django.core.management.commands import compilemessages

from tournament.management.commands.makemessages import PROJECT_IGNORES


class Command(compilemessages.Command):
    help = compilemessages.Command.help + " (project defaults: docs/translating.md)"

    def handle(self, *args, **options):
        options["ignore_patterns"] = [*(options.get("ignore_patterns") or []), *PROJECT_IGNORES]
        return super().handle(*args, **options)
