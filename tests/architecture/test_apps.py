"""The apps import one way (docs/architecture.md, "Apps"): ``engine`` and ``common`` at the
bottom, then ``matches`` (a round's tables and their results), ``tournament`` (events, people,
rounds, standings), ``leagues`` (clubs, seasons, ratings), ``notifications``, ``accounts``,
``config``. An import from an app into one above it is a coupling, and every coupling that
remains is declared below with its reason; an undeclared one, or a declaration nothing uses any
more, fails.
"""

import re
from pathlib import Path

from tests.architecture.imports import ImportGraph

ROOT = Path(__file__).resolve().parents[2]
ORDER = [
    "engine",
    "common",
    "matches",
    "tournament",
    "leagues",
    "registrations",
    "notifications",
    "accounts",
    "config",
]

#: (importer, imported, why): the couplings that stay, as patterns over module names
COUPLINGS = [
    (
        r"^matches\.services\.results$",
        r"^tournament\.services\.(standing_totals|standings_revision)$",
        "an accepted result moves the event's standings, in the same transaction",
    ),
    (
        r"^matches\.(views|api|consumers|admin|services\.(table_queries|table_time))\b",
        r"^tournament\.(models|services\.(permissions|admin_totals))\b",
        "a match belongs to an event: its doors read the event and who may act on it",
    ),
    (
        r"^matches\.services\.live_games$",
        r"^tournament\.services\.clock$",
        "a live scoring names the colour the round clock's last call scored at the table",
    ),
    (
        r"^matches\.views\.(desk|staff_tools)$",
        r"^tournament\.views\.(organiser\.common|table_pages)$",
        "the referee desk is a console page: the staff check and the pages of tables",
    ),
    (
        r"^matches\.views\.staff_tools$",
        r"^tournament\.services\.penalties$",
        "the desk's table page gives the players seated there warnings and penalties",
    ),
    (
        r"^(matches|tournament)\.services\.",
        r"^leagues\.services\.(ratings|forecasts)$",
        "a result or a finished event moves the ratings; seeding and win chances read them",
    ),
    (
        r"^tournament\.(views|api)\.",
        r"^leagues\.services\.forecasts$",
        "the round's pages show each table's win chances, from the ratings",
    ),
    (
        r"^(matches|tournament)\.services\.",
        r"^notifications\.services\.(pushes|subscriptions|webhook_events)$",
        "what happens next, called explicitly: the players' phones and the webhooks are told",
    ),
    (
        r"^registrations\.",
        r"^notifications\.services\.",
        "a player's registration moves (a place came free): their devices are told",
    ),
    (
        r"^tournament\.(management|services\.transfer)\b",
        r"^leagues\.(models|services)\b",
        "demo data, simulated seasons and an event's export carry its club and season",
    ),
]


def back_edges(graph: ImportGraph) -> list[tuple[str, str]]:
    """Imports from an app into an app above it in ``ORDER``."""

    def rank(module: str) -> int:
        return ORDER.index(module.split(".")[0])

    return [(a, b) for a, b in graph.cross_app() if rank(a) < rank(b)]


def declared(importer: str, imported: str) -> int | None:
    for index, (left, right, _) in enumerate(COUPLINGS):
        if re.search(left, importer) and re.search(right, imported):
            return index
    return None


EDGES = back_edges(ImportGraph.read(ROOT))


def test_every_app_has_a_place_in_the_order():
    graph = ImportGraph.read(ROOT)
    assert {module.split(".")[0] for module in graph.paths} <= set(ORDER)


def test_every_import_into_a_higher_app_is_a_declared_coupling():
    undeclared = [f"{a} imports {b}" for a, b in EDGES if declared(a, b) is None]
    assert undeclared == []


def test_every_declared_coupling_is_still_used():
    used = {declared(a, b) for a, b in EDGES}
    stale = [why for index, (_, _, why) in enumerate(COUPLINGS) if index not in used]
    assert stale == []


def test_an_import_into_a_higher_app_is_seen():
    assert back_edges_of({"matches.models": {"tournament.models"}}) == [
        ("matches.models", "tournament.models")
    ]
    assert declared("matches.models", "leagues.models") is None


def back_edges_of(edges: dict[str, set[str]]) -> list[tuple[str, str]]:
    graph = ImportGraph(ROOT, paths=dict.fromkeys(edges, ROOT), edges=edges)
    return back_edges(graph)
