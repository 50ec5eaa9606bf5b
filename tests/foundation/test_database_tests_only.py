"""``--database-tests-only``: CI's PostgreSQL run keeps every test that can reach the database."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# A file of pure-algorithm tests, and files whose tests reach the database through the
# django_db mark, the ``db`` fixture (API client fixtures), and the browser tests' module data.
PURE = "tests/algorithms/test_brackets.py"
WITH_DATABASE = [
    "tests/services/test_result_flow.py",
    "tests/api/test_standings_api.py",
    "tests/browser/test_pages.py",
]


def collected(*options: str) -> set[str]:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-p",
            "no:cacheprovider",
            *options,
            PURE,
            *WITH_DATABASE,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    return {line for line in run.stdout.splitlines() if "::" in line}


def test_only_the_tests_that_cannot_reach_the_database_are_left_out():
    everything = collected()
    database_only = collected("--database-tests-only")
    left_out = everything - database_only
    assert left_out and all(test.startswith(PURE) for test in left_out)
    assert not any(test.startswith(PURE) for test in database_only)
    for path in WITH_DATABASE:
        assert {t for t in everything if t.startswith(path)} <= database_only, path
