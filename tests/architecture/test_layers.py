"""The house's layers hold (docs/architecture.md). The layer of a module is its folder
(``tests/architecture/imports.py``): ``engine/`` and ``*/logic/`` are pure, ``common/`` is
infrastructure, ``*/models/`` models, ``*/services/`` services, the rest of an app its doors,
``config/`` the wiring. A module may import its own layer and the layers below it; the pure layer
imports no framework at all; no relative imports, no function-level imports of the project, no
circles, no module over 400 lines.
"""

import sys
from pathlib import Path

from tests.architecture.imports import APPS, LAYERS, ImportGraph, circles, layer_of

ROOT = Path(__file__).resolve().parents[2]
GRAPH = ImportGraph.read(ROOT)
MAX_LINES = 400

#: libraries the pure layer may use besides the standard library: plain Python, no I/O
PURE_LIBRARIES = {"__future__", "openskill"}

#: function-level imports that are the framework's own convention, not a dodge
ALLOWED_LAZY = {("accounts.apps", "ready"), ("tournament.apps", "ready")}


def test_the_layer_is_the_folder():
    assert LAYERS[layer_of("engine.systems.tsukuyumi")] == "pure"
    assert LAYERS[layer_of("tournament.logic.pairing.arrange")] == "pure"
    assert LAYERS[layer_of("common.live.realtime")] == "infrastructure"
    assert LAYERS[layer_of("matches.models.results")] == "models"
    assert LAYERS[layer_of("tournament.services.rounds")] == "services"
    assert LAYERS[layer_of("matches.views.desk")] == "doors"
    assert LAYERS[layer_of("config.settings")] == "config"


def test_no_import_runs_back_up_a_layer():
    upward = [
        f"{a} ({LAYERS[layer_of(a)]}) imports {b} ({LAYERS[layer_of(b)]})"
        for a, b in GRAPH.upward()
    ]
    assert upward == []


def test_the_pure_layer_imports_no_framework():
    found = [
        f"{GRAPH.paths[module].relative_to(ROOT)}:{line} imports {package}"
        for module, line, package in GRAPH.external
        if LAYERS[layer_of(module)] == "pure"
        and package not in sys.stdlib_module_names
        and package not in PURE_LIBRARIES
    ]
    assert found == []


def test_the_purity_check_sees_a_framework_import(tmp_path):
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "bad.py").write_text("from django.utils import timezone\n")
    graph = ImportGraph.read(tmp_path)
    assert graph.external == [("engine.bad", 1, "django")]


def test_no_relative_import():
    assert [f"{m}:{line}" for m, line, _ in GRAPH.relative] == []


def test_no_circle_of_imports():
    assert circles(GRAPH.edges) == []


def test_the_circle_finder_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_function_level_import_of_the_project():
    lazy = [
        f"{module}.{function}:{line} imports {target}"
        for module, function, line, target in GRAPH.lazy
        if (module, function) not in ALLOWED_LAZY
    ]
    assert lazy == []


def test_no_module_over_400_lines():
    sources = [ROOT / "bench", *(ROOT / app for app in APPS)]
    long = [
        f"{path.relative_to(ROOT)}: {lines} lines"
        for folder in sources
        for path in folder.rglob("*.py")
        if "migrations" not in path.parts
        and (lines := len(path.read_text().splitlines())) > MAX_LINES
    ]
    assert long == []
