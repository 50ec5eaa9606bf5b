"""``--database-tests-only``: what CI's PostgreSQL run keeps (docs/testing.md, "What the
PostgreSQL run proves"). One ``pytest --collect-only`` run over sample files; its plugin prints
the tests the option leaves out."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Kept: tests that reach the database through the services, the API (its client fixtures'
# ``db``), the races, and the page tests that count queries (by fixture, or marked).
KEPT = [
    "tests/services/test_result_flow.py",
    "tests/api/test_standings_api.py",
    "tests/concurrency/test_result_races.py",
    "tests/pages/test_result_queries.py",
]
# Left out: pure algorithms (no database), and the rendering folders' tests.
LEFT_OUT = [
    "tests/algorithms/test_brackets.py",
    "tests/browser/test_pages.py",
    "tests/pages/test_desk_flow.py",
]
# A page file with both: its query-counting tests are kept (marked ``also_on_postgres``).
MIXED = "tests/pages/test_standings_page_cache.py"
MIXED_KEPT = {
    "test_an_unchanged_page_is_304_for_one_query",
    "test_anonymous_phones_share_one_render",
}


def collect_for_postgres() -> tuple[set[str], set[str]]:
    """The test ids ``--database-tests-only`` keeps and those it leaves out."""
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "tests.foundation.deselected_report",
            "--database-tests-only",
            *KEPT,
            *LEFT_OUT,
            MIXED,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    lines = run.stdout.splitlines()
    left_out = {
        line.removeprefix("DESELECTED ") for line in lines if line.startswith("DESELECTED ")
    }
    kept = {line for line in lines if "::" in line and not line.startswith("DESELECTED ")}
    return kept, left_out


def in_file(tests: set[str], path: str) -> set[str]:
    return {test for test in tests if test.startswith(f"{path}::")}


def test_the_postgresql_run_keeps_the_database_work_and_leaves_out_the_rendering():
    kept, left_out = collect_for_postgres()
    assert not kept & left_out
    for path in KEPT:
        assert in_file(kept, path) and not in_file(left_out, path), path
    for path in LEFT_OUT:
        assert in_file(left_out, path) and not in_file(kept, path), path
    mixed_kept = {test.split("::")[-1] for test in in_file(kept, MIXED)}
    assert mixed_kept == MIXED_KEPT
    assert in_file(left_out, MIXED)
