"""SQLite backups through the online backup API, and restores by replacing the file.

``sqlite3.Connection.backup`` copies the database page by page while the server keeps running
(writers wait for a moment, readers do not). A restore replaces the database file, so every
process that has it open (servers, workers) must be stopped first: a running one would go on
with the old file's pages in its cache and its write-ahead log.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path

#: the files SQLite keeps beside a database in WAL mode
SIDE_FILES = ("-wal", "-shm", "-journal")


def backup(source: Path, target: Path) -> None:
    """Copy the live database ``source`` to the new file ``target``."""
    with closing(sqlite3.connect(source)) as live, closing(sqlite3.connect(target)) as copy:
        live.backup(copy)


def restore(backup_file: Path, target: Path) -> None:
    """Put ``backup_file`` in place of the database ``target`` (every server stopped)."""
    staging = target.with_name(target.name + ".restoring")
    staging.write_bytes(backup_file.read_bytes())
    with closing(sqlite3.connect(staging)) as check:
        result = check.execute("PRAGMA integrity_check").fetchone()
    if result != ("ok",):
        staging.unlink()
        raise sqlite3.DatabaseError(f"the backup fails SQLite's integrity check: {result}")
    for suffix in SIDE_FILES:  # another file's write-ahead log must never meet this one
        Path(f"{target}{suffix}").unlink(missing_ok=True)
    os.replace(staging, target)
