"""Issue 19.5: every bench runs side by side with another commit (``--baseline REV``)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from baseline import split_baseline  # noqa: E402

#: every bench script: a file of bench/ that runs as a program (``__main__``); the others are
#: modules the benches import (baseline.py, http_event.py, whole_event_run.py...)
BENCHES = sorted(
    path.stem
    for path in (ROOT / "bench").glob("*.py")
    if 'if __name__ == "__main__":' in path.read_text()
)


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--quick"], (None, ["--quick"])),
        (["--baseline", "HEAD~1", "--quick"], ("HEAD~1", ["--quick"])),
        (["--rounds", "2", "--baseline=abc123"], ("abc123", ["--rounds", "2"])),
    ],
)
def test_the_baseline_argument_is_taken_out(argv, expected):
    assert split_baseline(argv) == expected


def test_a_baseline_needs_a_commit():
    with pytest.raises(SystemExit, match="needs a commit"):
        split_baseline(["--baseline"])


@pytest.mark.parametrize("bench", BENCHES)
def test_every_bench_takes_a_baseline(bench):
    assert len(BENCHES) >= 9
    assert "main_with_baseline(__file__, main)" in (ROOT / "bench" / f"{bench}.py").read_text()


def worktrees() -> int:
    listed = subprocess.run(["git", "worktree", "list"], cwd=ROOT, capture_output=True, text=True)
    return len(listed.stdout.splitlines())


def test_a_bench_runs_here_and_at_the_baseline_side_by_side():
    before = worktrees()
    run = subprocess.run(
        [sys.executable, "bench/standings_core.py", "--entrants", "40", "--rounds", "2"]
        + ["--repeat", "1", "--baseline", "HEAD"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "== baseline: " in out and "== this checkout: " in out
    side_by_side = out.split("== side by side (baseline first)")[1].splitlines()
    assert side_by_side[1].startswith("  baseline  entrants=40 rounds=2")
    assert side_by_side[2].startswith("  this      entrants=40 rounds=2")
    assert worktrees() == before  # the temporary checkout is gone


def test_an_unknown_commit_is_refused():
    run = subprocess.run(
        [sys.executable, "bench/pairing.py", "--baseline", "no-such-commit-anywhere"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode != 0 and "no such commit" in run.stderr
