"""A migrated test database made once and copied for each test process.

Migrating an empty database costs about 15 s of CPU beyond the Django start (docs/testing.md,
"Session 23"), and every pytest-xdist worker used to pay it. Now the first process to need the
test database migrates it as before, then keeps a copy, the *template*, named after a
fingerprint of every installed app's migrations (and the models of apps without any); the
others, and later runs, copy the template and only check it (a ``migrate`` with nothing to
apply). A changed migration changes the fingerprint, so a stale template is never used.

* SQLite: the template is ``var/test-template-<fingerprint>.sqlite3``, copied with SQLite's
  backup API (a consistent copy, whatever is still in its write-ahead log); a file lock beside
  it lets one process make it while the others wait.
* PostgreSQL: the template is a database ``<test database>_tpl_<fingerprint>``, copied by
  ``CREATE DATABASE ... TEMPLATE``; an advisory lock of the cluster lets one process make it.
"""

import contextlib
import fcntl
import hashlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import django
from django.apps import apps
from django.conf import settings
from django.db import connections

TEMPLATE_PREFIX = "test-template-"


def migrations_fingerprint() -> str:
    """A hash of Django's version and every installed app's migrations (its models' module when
    it has none): what decides the migrated database's schema and rows."""
    digest = hashlib.sha256(django.get_version().encode())
    for app in sorted(apps.get_app_configs(), key=lambda config: config.label):
        folder = Path(app.path)
        files = sorted((folder / "migrations").glob("*.py")) or sorted(folder.glob("models*.py"))
        for path in files:
            digest.update(f"{app.label}/{path.name}".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


@contextlib.contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (made if missing) for the block."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def sqlite_copy(source: str, target: str) -> None:
    """Copy the SQLite database ``source`` to ``target`` (replaced) with the backup API."""
    Path(target).unlink(missing_ok=True)
    with (
        contextlib.closing(sqlite3.connect(source)) as src,
        contextlib.closing(sqlite3.connect(target)) as dst,
    ):
        src.backup(dst)


class SqliteTemplate:
    """The migrated SQLite file kept in ``var/`` (the test databases' folder)."""

    def __init__(self, test_name: str, fingerprint: str):
        self.test_name = test_name
        folder = Path(settings.BASE_DIR) / "var"
        self.path = folder / f"{TEMPLATE_PREFIX}{fingerprint}.sqlite3"
        self.lock = folder / f"{TEMPLATE_PREFIX}lock"

    def exists(self) -> bool:
        return self.path.exists()

    def copy_to_test_database(self) -> None:
        sqlite_copy(str(self.path), self.test_name)

    def keep_test_database(self) -> None:
        connections["default"].close()
        sqlite_copy(self.test_name, f"{self.path}.partial")
        for stale in self.path.parent.glob(f"{TEMPLATE_PREFIX}*.sqlite3"):
            stale.unlink(missing_ok=True)
        Path(f"{self.path}.partial").rename(self.path)

    def locked(self):
        return file_lock(self.lock)


class PostgresTemplate:
    """The migrated database kept beside the test databases in the same cluster."""

    def __init__(self, test_name: str, fingerprint: str):
        self.test_name = test_name
        base = test_name.rsplit("_gw", 1)[0]
        self.prefix = f"{base}_tpl_"
        self.name = f"{self.prefix}{fingerprint}"

    def sql(self, statement: str, *params):
        creation = connections["default"].creation
        with creation._nodb_cursor() as cursor:
            cursor.execute(statement, params)
            return cursor.fetchall() if cursor.description else None

    def quoted(self, name: str) -> str:
        return connections["default"].ops.quote_name(name)

    def exists(self) -> bool:
        return bool(self.sql("SELECT 1 FROM pg_database WHERE datname = %s", self.name))

    def copy_to_test_database(self) -> None:
        self.sql(f"DROP DATABASE IF EXISTS {self.quoted(self.test_name)}")
        self.sql(f"CREATE DATABASE {self.quoted(self.test_name)} TEMPLATE {self.quoted(self.name)}")

    def keep_test_database(self) -> None:
        connection = connections["default"]
        connection.close()
        if getattr(connection, "pool", None) is not None:
            connection.close_pool()  # a template must have no session open on it
        rows = self.sql("SELECT datname FROM pg_database WHERE datname LIKE %s", f"{self.prefix}%")
        for (stale,) in rows or ():
            with contextlib.suppress(Exception):  # in use by a run of another checkout
                self.sql(f"DROP DATABASE IF EXISTS {self.quoted(stale)}")
        self.sql(f"CREATE DATABASE {self.quoted(self.name)} TEMPLATE {self.quoted(self.test_name)}")

    @contextlib.contextmanager
    def locked(self):
        connection = connections["default"]
        with connection.creation._nodb_cursor() as cursor:
            cursor.execute("SELECT pg_advisory_lock(hashtext(%s))", [self.prefix])
            try:
                yield
            finally:
                cursor.execute("SELECT pg_advisory_unlock(hashtext(%s))", [self.prefix])


_in_use: SqliteTemplate | PostgresTemplate | None = None


def template_in_use() -> SqliteTemplate | PostgresTemplate | None:
    """The template this process's test database came from (or was kept as)."""
    return _in_use


def template_for_default_database() -> SqliteTemplate | PostgresTemplate | None:
    """The template of the default database's test database (None for another vendor)."""
    connection = connections["default"]
    test_name = connection.creation._get_test_db_name()
    if connection.vendor == "sqlite" and not connection.creation.is_in_memory_db(test_name):
        return SqliteTemplate(test_name, migrations_fingerprint())
    if connection.vendor == "postgresql":
        return PostgresTemplate(test_name, migrations_fingerprint())
    return None


@contextlib.contextmanager
def test_database_from_template() -> Iterator[bool]:
    """Around Django's ``setup_databases``: copy the template to this process's test database
    when there is one (yields True: set it up with ``keepdb``, which only checks it), else yield
    False and keep the freshly migrated database as the template after the block."""
    global _in_use
    template = _in_use = template_for_default_database()
    if template is None:
        yield False
        return
    with template.locked():
        if template.exists():
            template.copy_to_test_database()
            yield True
            return
        yield False
        template.keep_test_database()
