"""PostgreSQL backups through ``pg_dump`` (custom format) and ``pg_restore``.

The connection's parts go to the programs as libpq's environment variables (``PGHOST``,
``PGPORT``, ``PGUSER``, ``PGPASSWORD``, ``PGDATABASE``, ``PGSSLMODE``), never on the command line,
where any user of the machine could read them in the process list.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

#: libpq variable for each part of Django's database settings
ENVIRONMENT = {
    "HOST": "PGHOST",
    "PORT": "PGPORT",
    "USER": "PGUSER",
    "PASSWORD": "PGPASSWORD",
    "NAME": "PGDATABASE",
}
#: ``--dbname`` given as a connection string without a database name: libpq takes the database
#: from ``PGDATABASE`` (pg_restore needs the option, or it prints SQL instead of restoring)
NAMELESS_DBNAME = "application_name=eye-restore"


class ToolFailed(Exception):
    """``pg_dump`` or ``pg_restore`` failed; the message is its own last lines."""


def libpq_environment(database: dict) -> dict[str, str]:
    """The environment for the PostgreSQL programs: this one's, plus the database's parts."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PG")}
    for part, name in ENVIRONMENT.items():
        if database.get(part):
            env[name] = str(database[part])
    sslmode = (database.get("OPTIONS") or {}).get("sslmode")
    if sslmode:
        env["PGSSLMODE"] = str(sslmode)
    return env


#: neither the owner nor the grants of the dumped objects: a restore under another role works
PORTABLE = ["--no-owner", "--no-privileges"]


def dump_command(path: Path) -> list[str]:
    return ["pg_dump", "--format=custom", *PORTABLE, f"--file={path}"]


def restore_command(path: Path) -> list[str]:
    """All or nothing, what it restores dropped first; the database named by ``PGDATABASE``."""
    return [
        "pg_restore",
        "--clean",
        "--if-exists",
        *PORTABLE,
        "--single-transaction",
        "--exit-on-error",
        f"--dbname={NAMELESS_DBNAME}",
        str(path),
    ]


def _run(command: list[str], database: dict) -> None:
    try:
        done = subprocess.run(  # noqa: S603 - a fixed program, arguments made here
            command, env=libpq_environment(database), capture_output=True, text=True, check=False
        )
    except FileNotFoundError as exc:
        raise ToolFailed(f"{command[0]} is not installed (the PostgreSQL client programs)") from exc
    if done.returncode != 0:
        raise ToolFailed(f"{command[0]} failed: {done.stderr.strip()[-2000:]}")


def dump(database: dict, path: Path) -> None:
    """Write the whole database to ``path`` in pg_dump's custom format."""
    _run(dump_command(path), database)


def restore(database: dict, path: Path) -> None:
    """Restore ``path`` into the database, dropping what it replaces first, in one transaction."""
    _run(restore_command(path), database)
