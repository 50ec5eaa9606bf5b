"""Backups that restore: the drill (simulate events, back up, restore into an empty database in
another process, every event's export identical, read by a third process), and the refusals on
the way."""

import io
import os
import subprocess
import sys
import uuid
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from common.backups import files, postgres
from tournament.models import Tournament

ROOT = Path(__file__).resolve().parents[2]
ON_A_DATABASE = pytest.mark.django_db(transaction=True)


@pytest.fixture
def backup_dir(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path / "backups"
    settings.BACKUP_KEEP = 3
    return settings.BACKUP_DIR


def simulate_events(*slugs: str) -> None:
    for number, slug in enumerate(slugs):
        call_command(
            "simulate_event",
            "--players=8",
            "--rounds=2",
            f"--seed={number + 1}",
            f"--slug={slug}",
            stdout=io.StringIO(),
        )


def export_here(slug: str, folder: Path) -> str:
    target = folder / f"{slug}.before.json"
    call_command("export_tournament", slug, str(target), stderr=io.StringIO())
    return target.read_text()


def manage(env: dict, *args: str) -> str:
    """Run ``manage.py`` in a new process with ``env``; its standard output."""
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


# ``manage.py export_tournament`` for each slug of argv, in one process (a Django start is some
# 4 s of CPU): argv is the folder, then the slugs.
EXPORT_EACH = (
    "import sys, django; django.setup(); from django.core.management import call_command; "
    "[call_command('export_tournament', slug, f'{sys.argv[1]}/{slug}.after.json') "
    "for slug in sys.argv[2:]]"
)


def export_in_a_new_process(env: dict, slugs: list[str], folder: Path) -> dict[str, str]:
    """Each event's export, written by a process started after the restore: {slug: JSON}."""
    done = subprocess.run(
        [sys.executable, "-c", EXPORT_EACH, str(folder), *slugs],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "config.settings"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return {slug: (folder / f"{slug}.after.json").read_text() for slug in slugs}


def the_backup(folder: Path) -> Path:
    (path,) = [p for p in folder.iterdir() if files.NAME.fullmatch(p.name)]
    return path


@contextmanager
def empty_database(tmp_path):
    """The environment of a process on an empty database of the test's kind."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SQLITE_PATH")}
    env["DEBUG"] = "1"
    if connection.vendor != "postgresql":
        env["SQLITE_PATH"] = str(tmp_path / "restored.sqlite3")
        yield env
        return
    s = connection.settings_dict
    name = f"eye_drill_{uuid.uuid4().hex[:10]}"
    server = {"host": s["HOST"] or "127.0.0.1", "port": s["PORT"] or 5432}
    admin = dict(server, user=s["USER"], password=s["PASSWORD"], dbname="postgres")
    with psycopg.connect(**admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        env["DATABASE_URL"] = (
            f"postgres://{s['USER']}:{s['PASSWORD']}@{server['host']}:{server['port']}/{name}"
        )
        env.update(DB_POOL_MIN="1", DB_POOL_MAX="2")
        yield env
    finally:
        with psycopg.connect(**admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@ON_A_DATABASE
def test_the_restore_drill_gives_back_every_event_identically(backup_dir, tmp_path):
    slugs = ["drill-spring", "drill-autumn"]
    simulate_events(*slugs)
    assert set(Tournament.objects.values_list("slug", flat=True)) >= set(slugs)
    before = {
        slug: export_here(slug, tmp_path)
        for slug in Tournament.objects.values_list("slug", flat=True)
    }
    call_command("backup", stdout=io.StringIO())
    backup = the_backup(backup_dir)
    files.verify(backup)
    with empty_database(tmp_path) as env:
        said = manage(env, "restore", str(backup))
        assert "Restored" in said
        exported = export_in_a_new_process(env, list(before), tmp_path)
        for slug, text in before.items():
            assert exported[slug] == text, f"{slug} differs after the restore"


@ON_A_DATABASE
def test_a_database_with_data_is_refused_unless_forced(backup_dir, tmp_path):
    simulate_events("drill-held")
    call_command("backup", stdout=io.StringIO())
    with pytest.raises(CommandError, match="already holds data .*--force"):
        call_command("restore", str(the_backup(backup_dir)), stdout=io.StringIO())


@ON_A_DATABASE
def test_a_changed_or_unchecked_backup_is_refused(backup_dir, tmp_path):
    call_command("backup", stdout=io.StringIO())
    backup = the_backup(backup_dir)
    damaged = bytearray(backup.read_bytes())
    damaged[len(damaged) // 2] ^= 0xFF
    backup.write_bytes(bytes(damaged))
    with pytest.raises(CommandError, match="does not match its checksum"):
        call_command("restore", str(backup), "--force", stdout=io.StringIO())
    files.checksum_path(backup).unlink()
    with pytest.raises(CommandError, match="no checksum file"):
        call_command("restore", str(backup), "--force", stdout=io.StringIO())
    with pytest.raises(CommandError, match="does not exist"):
        call_command("restore", str(tmp_path / "eye-none.dump"), stdout=io.StringIO())


@ON_A_DATABASE
def test_rotation_keeps_the_newest_backups_and_their_checksums(backup_dir):
    for _ in range(5):
        call_command("backup", stdout=io.StringIO())
    kept = sorted(p.name for p in backup_dir.iterdir())
    backups = [name for name in kept if files.NAME.fullmatch(name)]
    assert len(backups) == 3
    assert kept == sorted(backups + [f"{name}.sha256" for name in backups])
    (backup_dir / "notes.txt").write_text("not a backup")
    call_command("backup", stdout=io.StringIO())
    assert (backup_dir / "notes.txt").exists()


def test_the_password_never_reaches_the_command_line(tmp_path):
    database = {"NAME": "eye", "USER": "eye", "PASSWORD": "pw-Secret-9", "HOST": "db", "PORT": 5432}
    commands = postgres.dump_command(tmp_path / "x.dump") + postgres.restore_command(
        tmp_path / "x.dump"
    )
    assert not any("pw-Secret-9" in part or part == "eye" for part in commands)
    env = postgres.libpq_environment(database)
    assert env["PGPASSWORD"] == "pw-Secret-9" and env["PGDATABASE"] == "eye"
    assert env["PGHOST"] == "db" and env["PGPORT"] == "5432"
