"""The coverage floor counts every app of the project: an app left out of ``[tool.coverage.run]
source`` is neither measured nor held to the floor (``registrations`` was, until session 23)."""

import tomllib
from pathlib import Path

from django.apps import apps
from django.conf import settings

ROOT = Path(settings.BASE_DIR)


def project_packages() -> set[str]:
    """The top-level packages of the project's own apps, and the one of its settings and URLs."""
    own = {
        config.name.split(".")[0]
        for config in apps.get_app_configs()
        if Path(config.path).resolve().is_relative_to(ROOT.resolve())
        and "site-packages" not in Path(config.path).parts
    }
    return own | {settings.ROOT_URLCONF.split(".")[0]}


def test_every_project_app_is_measured():
    coverage = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["coverage"]["run"]
    missing = project_packages() - set(coverage["source"])
    assert not missing, f"add to [tool.coverage.run] source in pyproject.toml: {sorted(missing)}"
