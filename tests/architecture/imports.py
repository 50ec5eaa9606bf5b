"""The project's own import graph, read with ``ast`` (no module is imported), and the layer
each module belongs to by its folder (docs/architecture.md):

0. **pure**: ``engine/`` and every app's ``logic/`` folder: plain Python, no framework;
1. **infrastructure**: ``common/`` (SQL helpers, rate limits, the API's pieces, the live
   transport and its messages, Web Push sending, the audit trail's actor);
2. **models**: every ``models/`` folder (and ``models.py``);
3. **services**: every ``services/`` folder: one service per action;
4. **doors**: the rest of an app: pages, API, websockets, tasks, admin, commands, forms;
5. **config**: settings, URL and ASGI wiring.

Used by the architecture tests and by ``scripts/structure.py`` (which prints the figures).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

APPS = (
    "engine",
    "common",
    "tournament",
    "matches",
    "leagues",
    "registrations",
    "notifications",
    "accounts",
    "config",
)
LAYERS = ("pure", "infrastructure", "models", "services", "doors", "config")


def layer_of(module: str) -> int:
    """The layer index of a project module, from its path alone."""
    parts = module.split(".")
    if parts[0] == "config":
        return LAYERS.index("config")
    if parts[0] == "engine" or "logic" in parts:
        return LAYERS.index("pure")
    if "models" in parts:
        return LAYERS.index("models")
    if "services" in parts:
        return LAYERS.index("services")
    if parts[0] == "common":
        return LAYERS.index("infrastructure")
    return LAYERS.index("doors")


@dataclass
class ImportGraph:
    """Every project module of a checkout and the project modules each imports."""

    root: Path
    paths: dict[str, Path] = field(default_factory=dict)
    edges: dict[str, set[str]] = field(default_factory=dict)
    #: (module, line, depth) of every relative import
    relative: list[tuple[str, int, int]] = field(default_factory=list)
    #: (module, line, imported name) of every import inside a function
    lazy: list[tuple[str, str, int, str]] = field(default_factory=list)
    #: (module, line, top-level package) of every import of a third-party or stdlib package
    external: list[tuple[str, int, str]] = field(default_factory=list)

    @classmethod
    def read(cls, root: Path) -> ImportGraph:
        graph = cls(root)
        for app in APPS:
            for path in sorted((root / app).rglob("*.py")):
                if "migrations" not in path.parts:
                    graph.paths[module_name(root, path)] = path
        for name, path in graph.paths.items():
            graph._read_module(name, ast.parse(path.read_text()))
        return graph

    def resolve(self, name: str) -> str | None:
        """The project module an import names (the longest known prefix), or None."""
        parts = name.split(".")
        while parts:
            if ".".join(parts) in self.paths:
                return ".".join(parts)
            parts.pop()
        return None

    def _targets(self, node: ast.AST) -> list[str]:
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            return [
                t
                for alias in node.names
                if (t := self.resolve(f"{node.module}.{alias.name}") or self.resolve(node.module))
            ]
        if isinstance(node, ast.Import):
            return [t for alias in node.names if (t := self.resolve(alias.name))]
        return []

    def _read_module(self, name: str, tree: ast.AST) -> None:
        self.edges[name] = set()
        functions = [
            f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
        ]
        inside = {id(n): f.name for f in functions for n in ast.walk(f)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            if isinstance(node, ast.ImportFrom) and node.level:
                self.relative.append((name, node.lineno, node.level))
                continue
            targets = self._targets(node)
            self.edges[name].update(t for t in targets if t != name)
            if targets and id(node) in inside:
                self.lazy.extend((name, inside[id(node)], node.lineno, t) for t in targets)
            if not targets:
                names = [node.module] if isinstance(node, ast.ImportFrom) else []
                names += [a.name for a in node.names] if isinstance(node, ast.Import) else []
                self.external.extend((name, node.lineno, n.split(".")[0]) for n in names if n)

    def upward(self) -> list[tuple[str, str]]:
        """Imports of a module in a higher layer than the importer's."""
        return sorted(
            (a, b) for a, ts in self.edges.items() for b in ts if layer_of(b) > layer_of(a)
        )

    def cross_app(self) -> list[tuple[str, str]]:
        """Imports from one app (top-level package) into another."""
        return sorted(
            (a, b) for a, ts in self.edges.items() for b in ts if a.split(".")[0] != b.split(".")[0]
        )


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found
