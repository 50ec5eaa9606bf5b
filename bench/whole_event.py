"""A whole simulated event at 1,000, 5,000 and 10,000 players: each stage's time and the peak
memory (issue 43).

    .venv/bin/python bench/whole_event.py [--sizes 1000,5000,10000] [--method swiss|random]
        [--teams] [--rounds 5] [--seed 1] [--pages] [--keep DIR] [--baseline REV]
    .venv/bin/python bench/whole_event.py --pages-on DIR/whole-event-10000.sqlite3
    DATABASE_URL=postgres://eye:eye@127.0.0.1:5432/eye .venv/bin/python bench/whole_event.py ...

Each size runs in a process of its own on a database of its own, so that its peak memory and
its ratings (which replay every game of the game system in the database) are its own: a
temporary SQLite file, or with DATABASE_URL a new PostgreSQL database beside the one named
(``<name>_whole_event``, made with CREATE DATABASE by the URL's role and dropped at the end).
The process runs with production settings (``DEBUG=0``, eager tasks, the in-memory channel
layer) and plays the event of ``manage.py simulate_event --players N`` through the same
services, timing each stage: the registration, each Swiss round's pairing and its results
(publishing, one result entered per table, closing the round), the final standings, the cut,
each elimination step, and the ratings replays the closed rounds ask for (counted apart from
the round that asked). A stage's time excludes the stages inside it; ``queries`` counts its
SQL statements. ``--pages`` then opens the pages an organiser and a player use on the finished
event (``bench/whole_event_pages.py``); ``--keep DIR`` keeps each SQLite event, and
``--pages-on FILE`` opens the pages of a kept one again (after a change to a page). Figures
vary with the machine and its load (print ``uptime`` beside them); they are printed, never
asserted.
"""

from __future__ import annotations

import argparse
import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from baseline import main_with_baseline  # noqa: E402 - bench/ is on the path

DEFAULT_SIZES = "1000,5000,10000"


def child_env(database_url: str | None, sqlite_path: str | None) -> dict:
    """Production settings for one size's process, on its own database."""
    env = dict(os.environ)
    env.pop("REDIS_URL", None)  # eager tasks, the in-memory layer: the software alone
    env.pop("DATABASE_URL", None)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="testserver",
        SECURE_SSL_REDIRECT="0",
        LOG_LEVEL="WARNING",
    )
    if database_url:
        env["DATABASE_URL"] = database_url
    else:
        env["SQLITE_PATH"] = sqlite_path
    return env


def admin_sql(url: str, statement: str) -> None:
    """Run one statement on the server of ``url`` (through its ``postgres`` database)."""
    import psycopg

    admin = urlparse(url)._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(statement)


def run_size(size: int, rest: list[str], keep: str | None = None) -> None:
    """One size in a child process on a fresh database, removed afterwards (a SQLite file is
    kept in the folder ``keep`` when given)."""
    base_url = os.environ.get("DATABASE_URL")
    command = [sys.executable, __file__, "--one", str(size), *rest]
    if base_url:
        parsed = urlparse(base_url)
        name = parsed.path.lstrip("/") + "_whole_event"
        url = parsed._replace(path="/" + name).geturl()
        admin_sql(base_url, f'DROP DATABASE IF EXISTS "{name}"')
        admin_sql(base_url, f'CREATE DATABASE "{name}"')
        try:
            subprocess.run(command, cwd=ROOT, env=child_env(url, None), check=True)
        finally:
            admin_sql(base_url, f'DROP DATABASE IF EXISTS "{name}"')
        return
    if keep:  # the event stays for ``--pages-on``
        path = Path(keep) / f"whole-event-{size}.sqlite3"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.unlink(missing_ok=True)
        subprocess.run(command, cwd=ROOT, env=child_env(None, str(path)), check=True)
        return
    with tempfile.TemporaryDirectory(prefix="bench-whole-event-") as tmp:
        env = child_env(None, str(Path(tmp) / "bench.sqlite3"))
        subprocess.run(command, cwd=ROOT, env=env, check=True)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=DEFAULT_SIZES, help="default %(default)s")
    parser.add_argument("--method", choices=["swiss", "random"], default="swiss")
    parser.add_argument("--teams", action="store_true", help="Alliances: teams of 2-3.")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pages", action="store_true", help="Open the pages afterwards.")
    parser.add_argument("--keep", help="SQLite: keep each event's database in this folder")
    parser.add_argument(
        "--pages-on", help="only open the pages of the event kept in this SQLite file"
    )
    parser.add_argument("--one", type=int, help="internal: run one size in this process")
    args = parser.parse_args(argv)
    if args.one:
        import whole_event_run  # noqa: PLC0415 - Django is set up for the child only

        whole_event_run.play(args)
        return
    if args.pages_on:
        env = child_env(None, str(Path(args.pages_on).resolve()))
        command = [sys.executable, __file__, "--one", "1", "--pages-on", args.pages_on]
        subprocess.run(command, cwd=ROOT, env=env, check=True)
        return
    rest = [a for a in argv if not a.startswith("--sizes")]
    if "--sizes" in argv:
        index = argv.index("--sizes")
        rest = argv[:index] + argv[index + 2 :]
    print(f"uptime: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1 and 5 min load)")
    began = time.perf_counter()
    for size in (int(s) for s in args.sizes.split(",")):
        run_size(size, rest, args.keep)
    print(f"all sizes in {time.perf_counter() - began:.0f} s wall")


if __name__ == "__main__":
    main_with_baseline(__file__, main)
