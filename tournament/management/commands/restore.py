"""``manage.py restore FILE [--force]``: a backup of ``manage.py backup`` back into the database.

The file must match the ``.sha256`` beside it. A database that already holds data is refused
unless ``--force``. PostgreSQL: ``pg_restore --clean --if-exists`` in one transaction (the
servers may run, but stop them so nobody writes meanwhile). SQLite: the file is put in place of
the database, so stop every server and worker first. docs/operations.md#backups.
"""

import sqlite3
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from common.backups import contents, files, postgres, sqlite


class Command(BaseCommand):
    help = "Restore a backup made by manage.py backup (checksum verified) into the database."

    def add_arguments(self, parser):
        parser.add_argument("file", help="The .dump (PostgreSQL) or .sqlite3 (SQLite) backup.")
        parser.add_argument(
            "--force", action="store_true", help="Overwrite a database that already holds data."
        )

    def handle(self, *args, file, force, **options):
        path = Path(file)
        try:
            files.verify(path)
            kind = files.vendor_of(path)
        except files.BackupFileError as exc:
            raise CommandError(str(exc)) from exc
        if kind != connection.vendor:
            raise CommandError(
                f"{path.name} is a {kind} backup, "
                f"but the configured database is {connection.vendor}"
            )
        held = contents.tables_with_rows(connection)
        if held and not force:
            raise CommandError(
                f"the database already holds data ({', '.join(held)}): restore into an empty "
                "database, or pass --force to replace everything in it"
            )
        try:
            if kind == "postgresql":
                postgres.restore(connection.settings_dict, path)
            else:
                target = Path(connection.settings_dict["NAME"])
                connection.close()
                self.stdout.write(
                    "SQLite: every server and worker using this file must be stopped."
                )
                sqlite.restore(path, target)
        except (postgres.ToolFailed, sqlite3.DatabaseError, OSError) as exc:
            raise CommandError(f"the restore failed: {exc}") from exc
        self.stdout.write(f"Restored {path.name} into the {kind} database")
