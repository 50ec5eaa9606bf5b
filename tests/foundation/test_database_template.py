"""tests/database_template.py: the test database is copied from a migrated template, made once
and named after the migrations it holds."""

import contextlib
import sqlite3
from types import SimpleNamespace

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests import database_template
from tests.database_template import (
    migrations_fingerprint,
    sqlite_copy,
    template_in_use,
)


def fake_apps(monkeypatch, tmp_path, migration_text: str) -> None:
    """One installed app in ``tmp_path`` with a single migration reading ``migration_text``."""
    folder = tmp_path / "shop"
    (folder / "migrations").mkdir(parents=True, exist_ok=True)
    (folder / "migrations" / "0001_initial.py").write_text(migration_text)
    app = SimpleNamespace(label="shop", path=str(folder))
    monkeypatch.setattr(database_template.apps, "get_app_configs", lambda: [app])


def test_a_changed_migration_names_another_template(monkeypatch, tmp_path):
    fake_apps(monkeypatch, tmp_path, "operations = []\n")
    before = migrations_fingerprint()
    assert migrations_fingerprint() == before
    fake_apps(monkeypatch, tmp_path, "operations = ['AddField']\n")
    assert migrations_fingerprint() != before


def test_a_copy_holds_what_is_still_in_the_write_ahead_log(tmp_path):
    source, target = tmp_path / "source.sqlite3", tmp_path / "target.sqlite3"
    writer = sqlite3.connect(source)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("PRAGMA wal_autocheckpoint=0")  # the row stays in source.sqlite3-wal
    writer.execute("CREATE TABLE t (n INTEGER)")
    writer.execute("INSERT INTO t VALUES (42)")
    writer.commit()
    assert (tmp_path / "source.sqlite3-wal").stat().st_size > 0
    sqlite_copy(str(source), str(target))
    writer.close()
    with contextlib.closing(sqlite3.connect(target)) as copy:
        assert copy.execute("SELECT n FROM t").fetchall() == [(42,)]


@pytest.mark.django_db
def test_this_run_kept_a_fully_migrated_template_of_its_database():
    template = template_in_use()
    assert template is not None and template.exists()
    executor = MigrationExecutor(connection)
    assert executor.migration_plan(executor.loader.graph.leaf_nodes()) == []
