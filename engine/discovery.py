"""Registries filled by discovery: every non-underscore module of a package declares one object
under an agreed name (a game system's ``SYSTEM``, a pairing method's ``METHOD``)."""

import importlib
import pkgutil


def declared(package: str, attribute: str) -> list[tuple[str, object | None]]:
    """(module name, its ``attribute`` or None) for each non-underscore module, by name."""
    found: list[tuple[str, object | None]] = []
    pkg = importlib.import_module(package)
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        if not info.name.startswith("_"):
            module = importlib.import_module(f"{package}.{info.name}")
            found.append((module.__name__, getattr(module, attribute, None)))
    return found
