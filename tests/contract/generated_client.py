"""A Python client generated from the API's OpenAPI document by openapi-python-client.

``generate(folder)`` writes the document, runs the generator into ``folder`` (never into the
repository) and imports the package it made, ``eye_client``: what a community tool's developer
would do with ``/api/schema/``.
"""

import importlib
import subprocess
import sys
from pathlib import Path

from drf_spectacular.renderers import OpenApiJsonRenderer

from tests.contract.conformance import api_document

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "eye_client"
CONFIG = f"project_name_override: eye-client\npackage_name_override: {PACKAGE}\npost_hooks: []\n"


def generate(folder: Path):
    """The generated client package, imported from ``folder``."""
    schema = folder / "schema.json"
    schema.write_bytes(OpenApiJsonRenderer().render(api_document()))
    config = folder / "config.yaml"
    config.write_text(CONFIG)
    done = subprocess.run(
        [str(ROOT / ".venv" / "bin" / "openapi-python-client"), "generate", "--meta", "none",
         "--path", str(schema), "--config", str(config), "--output-path", str(folder / PACKAGE)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "Warning" not in done.stdout + done.stderr, done.stdout[-3000:] + done.stderr[-3000:]
    for name in [name for name in sys.modules if name.split(".")[0] == PACKAGE]:
        del sys.modules[name]
    sys.path.insert(0, str(folder))
    try:
        package = importlib.import_module(PACKAGE)
        for part in ("models", "types", "client"):
            importlib.import_module(f"{PACKAGE}.{part}")
        return package
    finally:
        sys.path.remove(str(folder))


def operation(package, name: str):
    """One operation's module of the generated client (``sync_detailed`` and friends)."""
    return importlib.import_module(f"{package.__name__}.api.v1.{name}")
