"""Judge a change side by side: ``--baseline REV`` runs a bench here and at commit REV.

Every bench script accepts ``--baseline REV`` (e.g. ``HEAD~1``). The bench then runs twice, in
the same minute on the same machine, with the same other arguments: first the commit REV,
checked out into a temporary git worktree (removed afterwards), then this checkout. Each run's
output is printed under a heading, and the lines with figures (``key=value``) of the two runs
are printed again together at the end, baseline above, so the two figures sit side by side.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def split_baseline(argv: list[str]) -> tuple[str | None, list[str]]:
    """The REV of ``--baseline REV`` (or ``--baseline=REV``) and the other arguments."""
    rest, rev, skip = [], None, False
    for index, arg in enumerate(argv):
        if skip:
            skip = False
        elif arg == "--baseline":
            if index + 1 >= len(argv):
                raise SystemExit("--baseline needs a commit, e.g. --baseline HEAD~1")
            rev, skip = argv[index + 1], True
        elif arg.startswith("--baseline="):
            rev = arg.split("=", 1)[1]
        else:
            rest.append(arg)
    return rev, rest


def describe(rev: str, cwd: Path = ROOT) -> str:
    """``rev`` as a short commit id and subject."""
    return subprocess.run(
        ["git", "log", "-1", "--format=%h %s", rev], cwd=cwd, capture_output=True, text=True
    ).stdout.strip()[:90]


def run_script(checkout: Path, script: str, args: list[str]) -> list[str]:
    """Run ``bench/<script>`` of ``checkout`` with this Python; its output lines (also shown)."""
    process = subprocess.Popen(
        [sys.executable, str(checkout / "bench" / script), *args],
        cwd=checkout,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines = []
    for line in process.stdout:
        print(line, end="", flush=True)
        lines.append(line.rstrip("\n"))
    if process.wait() != 0:
        lines.append(f"(exit status {process.returncode})")
        print(lines[-1])
    return lines


def figures(lines: list[str]) -> list[str]:
    """The lines that carry figures (``key=value`` pairs)."""
    return [line for line in lines if "=" in line and not line.startswith("==")]


def compare(script: str, rev: str, args: list[str]) -> None:
    """Run ``script`` at ``rev`` (a temporary worktree) and here; print both side by side."""
    resolved = subprocess.run(
        ["git", "rev-parse", "--verify", f"{rev}^{{commit}}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if resolved.returncode != 0:
        raise SystemExit(f"--baseline {rev!r}: no such commit")
    with tempfile.TemporaryDirectory(prefix="bench-baseline-") as tmp:
        worktree = Path(tmp) / "baseline"
        subprocess.run(
            [
                "git",
                "worktree",
                "add",
                "--detach",
                "--quiet",
                str(worktree),
                resolved.stdout.strip(),
            ],
            cwd=ROOT,
            check=True,
        )
        try:
            if not (worktree / "bench" / script).exists():
                raise SystemExit(f"bench/{script} does not exist at {rev}")
            print(f"== baseline: {describe(rev)}", flush=True)
            before = run_script(worktree, script, args)
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(worktree)], cwd=ROOT, check=False
            )
    print(f"== this checkout: {describe('HEAD')} (+ uncommitted changes, if any)", flush=True)
    after = run_script(ROOT, script, args)
    print("== side by side (baseline first)")
    old, new = figures(before), figures(after)
    for index in range(max(len(old), len(new))):
        if index < len(old):
            print(f"  baseline  {old[index]}")
        if index < len(new):
            print(f"  this      {new[index]}")


def main_with_baseline(script_file: str, main: Callable[[list[str]], None]) -> None:
    """A bench's entry point: ``main(argv)``, or both runs when ``--baseline REV`` is given."""
    rev, args = split_baseline(sys.argv[1:])
    if rev is None:
        main(args)
    else:
        compare(Path(script_file).name, rev, args)
