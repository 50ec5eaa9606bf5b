"""``makemessages`` with the project's defaults, so every run writes the same catalogues.

* only the project's own code: not the virtual environment, the tests, the benches, the
  vendored scripts or the collected static files;
* ``#:`` comments name the file without its line (``--add-location file``): a string's
  entry then changes only when its text does, not whenever a line above it moves.

docs/translating.md tells how to use it; ``tests/foundation/test_catalogues.py`` checks that a
run leaves the committed catalogues as they are.
"""

from django.core.management.commands import makemessages

#: folders and files no catalogue takes strings from
PROJECT_IGNORES = [
    ".venv",
    "venv",
    "tests",
    "bench",
    "var",
    "staticfiles",
    "deploy",
    "docs",
    "static/vendor",
    "*.min.js",
]


class Command(makemessages.Command):
    help = makemessages.Command.help + " (project defaults: docs/translating.md)"
    #: the pure layer marks a counted sentence with ``ngettext_noop(singular, plural)``
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=ngettext_noop:1,2"]

    def handle(self, *args, **options):
        options["ignore_patterns"] = [*(options.get("ignore_patterns") or []), *PROJECT_IGNORES]
        if not options.get("add_location"):
            options["add_location"] = "file"
        return super().handle(*args, **options)
