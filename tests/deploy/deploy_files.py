"""Readers of the deploy files the tests of this folder check: the entrypoint's roles, the
variables docs/configuration.md documents, the names .env.example sets."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
ENTRYPOINT = DEPLOY / "entrypoint.sh"
CONFIGURATION_DOC = ROOT / "docs" / "configuration.md"
ENV_EXAMPLE = ROOT / ".env.example"

#: an environment variable's name as the files write it
NAME = r"[A-Z][A-Z0-9_]*"


def entrypoint_roles() -> set[str]:
    """The roles ``deploy/entrypoint.sh`` accepts (its ``case`` branches)."""
    return set(re.findall(r"^  ([a-z][a-z-]*)\)$", ENTRYPOINT.read_text(), re.MULTILINE))


def _table_rows() -> list[list[str]]:
    """The cells of every table row of docs/configuration.md (header rows included)."""
    rows = []
    for line in CONFIGURATION_DOC.read_text().splitlines():
        if line.startswith("|") and not line.startswith("|---"):
            rows.append([cell.strip() for cell in line.strip("|").split(" | ")])
    return rows


def table_variables() -> set[str]:
    """The variables the tables of docs/configuration.md have a row for (first column)."""
    return {name for cells in _table_rows() for name in re.findall(rf"`({NAME})`", cells[0])}


def documented_names() -> set[str]:
    """Every variable docs/configuration.md's tables name, in any column."""
    return {
        name
        for cells in _table_rows()
        for cell in cells
        for name in re.findall(rf"`({NAME})(?:=[^`]*)?`", cell)
    }


def env_file_names(path: Path) -> set[str]:
    """The names an env file sets, or shows commented out as ``# NAME=default``."""
    return set(re.findall(rf"^(?:# )?({NAME})=", path.read_text(), re.MULTILINE))
