"""The house's layers hold (docs/architecture.md): read the project's own imports with ``ast``
and fail on an import that runs back up a layer, on a circle of imports, on a function-level
import, and on a module over 400 lines.

Layers, bottom first (a module may import its own layer and the ones below):

1. pure: ``common`` (the services' error base), the rules engine, pairing, standings,
   brackets, scoring calls, the audit's words, the push transport (``tournament.realtime``),
   the rating and what is drawn or counted from it (``leagues.rating_chart``, ``head_to_head``);
2. models: the apps' models, and what reads no more than them;
3. services: every rule about changing an event, one service per action;
4. doors: pages, API, websockets, Celery tasks, admin, management commands;
5. config: settings, URL and ASGI wiring.
"""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = (
    "common",
    "engine",
    "matches",
    "tournament",
    "accounts",
    "leagues",
    "notifications",
    "config",
)
MAX_LINES = 400

LAYERS = [
    (
        "pure",
        [
            r"^common(\.|$)",
            r"^engine(\.|$)",
            r"^tournament\.(pairing|standings|brackets)(\.|$)",
            r"^tournament\.(scoring_calls|audit_story|ids|demo_names|realtime|rating|name_matching|clock_maths)$",
            r"^tournament\.coalesced_pushes$",
            r"^leagues\.(season_table|rating_chart|head_to_head)$",
            r"^notifications\.(vapid|checks|subscription_data|texts|sender)$",
        ],
    ),
    (
        "models",
        [
            r"^(tournament|matches|accounts|leagues|notifications)\.models(\.|$)",
            r"^tournament\.(standings_revision|standing_totals|csv_export|messages)$",
            r"^(tournament|notifications)\.templatetags(\.|$)",
            r"^matches\.forms$",
        ],
    ),
    (
        "services",
        [
            r"^(tournament|matches|leagues|notifications)\.services(\.|$)",
            r"^tournament\.(permissions|simulate|transfer)$",
            r"^accounts\.(tokens|access)$",
        ],
    ),
    ("doors", [r"^(tournament|matches|accounts|leagues|notifications)(\.|$)"]),
    ("config", [r"^config(\.|$)"]),
]

#: function-level imports that are the framework's own convention, not a dodge
ALLOWED_LAZY = {("accounts.apps", "ready"), ("tournament.apps", "ready")}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    found = {}
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" not in path.parts:
                found[module_name(path)] = path
    return found


MODULES = project_modules()


def resolve(name: str) -> str | None:
    """The project module an import names (the longest known prefix), or None."""
    parts = name.split(".")
    while parts:
        if ".".join(parts) in MODULES:
            return ".".join(parts)
        parts.pop()
    return None


def imports_of(tree: ast.AST) -> list[tuple[ast.AST, str]]:
    """(node, module) for each import of a project module in ``tree``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                target = resolve(f"{node.module}.{alias.name}") or resolve(node.module)
                if target:
                    found.append((node, target))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                target = resolve(alias.name)
                if target:
                    found.append((node, target))
    return found


def layer(module: str) -> int:
    for index, (_, patterns) in enumerate(LAYERS):
        if any(re.search(p, module) for p in patterns):
            return index
    raise AssertionError(f"{module} is in no layer: add it to LAYERS")


def graph() -> dict[str, set[str]]:
    edges = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text())
        edges[name] = {target for _, target in imports_of(tree) if target != name}
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
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


def test_every_module_has_a_layer():
    for name in MODULES:
        layer(name)


def test_no_import_runs_back_up_a_layer():
    upward = [
        f"{a} ({LAYERS[layer(a)][0]}) imports {b} ({LAYERS[layer(b)][0]})"
        for a, targets in graph().items()
        for b in targets
        if layer(b) > layer(a)
    ]
    assert upward == []


def test_no_circle_of_imports():
    assert circles(graph()) == []


def test_the_circle_finder_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert layer("matches.views.desk") > layer("tournament.services.clock") > layer("engine")


def test_no_function_level_import_of_the_project():
    lazy = []
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text())
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if (name, function.name) in ALLOWED_LAZY:
                continue
            for node, target in imports_of(function):
                lazy.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {target}")
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
