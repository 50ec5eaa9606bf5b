"""Print the structure's figures: modules and lines per layer, circles, imports back up a layer,
imports between apps (and those into a higher app), relative and function-level imports, and
framework imports in the pure layer. Reads the code only (``ast``), so it runs on any checkout:

    .venv/bin/python scripts/structure.py            # this checkout
    .venv/bin/python scripts/structure.py ../other   # another checkout, with today's rules
"""

import argparse
import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.architecture.imports import LAYERS, ImportGraph, circles, layer_of  # noqa: E402
from tests.architecture.test_apps import back_edges  # noqa: E402
from tests.architecture.test_layers import PURE_LIBRARIES  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", nargs="?", default=Path(__file__).resolve().parents[1], type=Path)
    graph = ImportGraph.read(parser.parse_args().root.resolve())
    per_layer = collections.Counter(LAYERS[layer_of(m)] for m in graph.paths)
    lines = collections.Counter()
    for module, path in graph.paths.items():
        lines[LAYERS[layer_of(module)]] += len(path.read_text().splitlines())
    print("modules per layer (lines):")
    for name in LAYERS:
        print(f"  {name:<15} {per_layer[name]:>4} ({lines[name]:,})")
    print(f"circles of imports: {len(circles(graph.edges))}")
    print(f"imports back up a layer: {len(graph.upward())}")
    print(f"relative imports: {len(graph.relative)}")
    print(f"function-level imports of the project: {len(graph.lazy)}")
    impure = [
        e
        for e in graph.external
        if layer_of(e[0]) == 0 and e[2] not in sys.stdlib_module_names | PURE_LIBRARIES
    ]
    print(f"framework imports in the pure layer: {len(impure)}")
    pairs = collections.Counter((a.split(".")[0], b.split(".")[0]) for a, b in graph.cross_app())
    print("imports between apps (module pairs):")
    for (a, b), count in sorted(pairs.items()):
        print(f"  {a:>13} -> {b:<13} {count:>3}")
    back = back_edges(graph)
    print(f"imports into a higher app (declared couplings): {len(back)}")


if __name__ == "__main__":
    main()
