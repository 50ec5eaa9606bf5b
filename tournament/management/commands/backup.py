"""``manage.py backup``: the whole database to ``BACKUP_DIR``, checksummed, the oldest rotated out.

PostgreSQL through ``pg_dump`` (custom format), SQLite through its online backup: both while
the site keeps running. docs/operations.md#backups.
"""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from common.backups import files, postgres, sqlite


class Command(BaseCommand):
    help = "Back the database up to BACKUP_DIR with a .sha256; keep the newest BACKUP_KEEP."

    def handle(self, *args, **options):
        keep = settings.BACKUP_KEEP
        if keep < 1:
            raise CommandError(f"BACKUP_KEEP must be at least 1, not {keep}")
        folder = Path(settings.BACKUP_DIR)
        folder.mkdir(parents=True, exist_ok=True)
        vendor = connection.vendor
        if vendor not in files.SUFFIXES:
            raise CommandError(f"backups of a {vendor} database are not supported")
        target = folder / files.new_name(vendor)
        partial = target.with_name(target.name + ".partial")
        try:
            if vendor == "postgresql":
                postgres.dump(connection.settings_dict, partial)
            else:
                sqlite.backup(Path(connection.settings_dict["NAME"]), partial)
        except (postgres.ToolFailed, OSError) as exc:
            partial.unlink(missing_ok=True)
            raise CommandError(f"the backup failed: {exc}") from exc
        partial.replace(target)
        files.write_checksum(target)
        removed = files.rotate(folder, keep)
        self.stdout.write(f"Backed up to {target} ({target.stat().st_size} bytes)")
        if removed:
            self.stdout.write(f"Removed {len(removed)} older backup(s), keeping the newest {keep}")
