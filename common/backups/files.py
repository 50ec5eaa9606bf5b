"""Backup files: their names, the SHA-256 checksum beside each, and the rotation.

A backup is ``eye-YYYYmmdd-HHMMSS-ffffff.dump`` (PostgreSQL) or ``.sqlite3`` (SQLite), the time
in UTC, so the names sort as the backups were made; its checksum is ``<name>.sha256`` in the
format ``sha256sum -c`` reads. A backup is written under a temporary name and renamed when it
is complete, so a failed run leaves nothing the rotation or a restore would take for a backup.
"""

from __future__ import annotations

import hashlib
import re
from datetime import UTC, datetime
from pathlib import Path

SUFFIXES = {"postgresql": ".dump", "sqlite": ".sqlite3"}
NAME = re.compile(r"eye-\d{8}-\d{6}-\d{6}\.(dump|sqlite3)")
CHUNK = 1 << 20


class BackupFileError(Exception):
    """A backup file that is missing, has no checksum, or does not match it."""


def new_name(vendor: str, now: datetime | None = None) -> str:
    """The file name of a backup of a ``vendor`` database made ``now``."""
    moment = (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S-%f")
    return f"eye-{moment}{SUFFIXES[vendor]}"


def vendor_of(path: Path) -> str:
    """Which database a backup file is for, from its suffix."""
    for vendor, suffix in SUFFIXES.items():
        if path.name.endswith(suffix):
            return vendor
    raise BackupFileError(f"{path.name} is not a backup: expected a .dump or .sqlite3 file")


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def checksum_path(path: Path) -> Path:
    return path.with_name(path.name + ".sha256")


def write_checksum(path: Path) -> Path:
    """Write ``<path>.sha256`` beside ``path``; returns its path."""
    target = checksum_path(path)
    target.write_text(f"{sha256_of(path)}  {path.name}\n", encoding="ascii")
    return target


def verify(path: Path) -> None:
    """Raise ``BackupFileError`` unless ``path`` exists and matches the checksum beside it."""
    if not path.is_file():
        raise BackupFileError(f"{path} does not exist")
    recorded = checksum_path(path)
    if not recorded.is_file():
        raise BackupFileError(f"{path.name} has no checksum file beside it ({recorded.name})")
    expected = recorded.read_text(encoding="ascii", errors="replace").split(maxsplit=1)
    if not expected or expected[0].lower() != sha256_of(path):
        raise BackupFileError(
            f"{path.name} does not match its checksum: the file is damaged or was changed"
        )


def rotate(folder: Path, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` backups in ``folder`` (and their checksums); returns
    the backups deleted. Files of any other name are left alone."""
    backups = sorted(p for p in folder.iterdir() if NAME.fullmatch(p.name))
    doomed = backups[:-keep] if keep > 0 else backups
    for path in doomed:
        path.unlink()
        checksum_path(path).unlink(missing_ok=True)
    return doomed
