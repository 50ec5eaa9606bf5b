"""The registry of game systems.

Adding a game is adding one module to ``engine/systems/`` that defines a module-level
``SYSTEM`` (an instance of a ``GameSystem`` subclass). Modules whose name starts with an
underscore are helpers and are not registered. Discovery is lazy (first use) and only imports
modules of the ``engine.systems`` package, so importing ``engine`` stays cheap and pure.

Registration mistakes (a module without ``SYSTEM``, a duplicate key, a system without modes)
are programming errors and raise ``EngineFault``; asking for an unknown key raises the
user-facing ``UnknownSystem``.
"""

from __future__ import annotations

from engine.base import GameSystem
from engine.discovery import declared
from engine.errors import EngineFault, UnknownSystem
from engine.modes import SIDE_KINDS

_SYSTEMS: dict[str, GameSystem] = {}
_DISCOVERED = False


def register(system: GameSystem) -> GameSystem:
    """Add ``system`` to the registry (checks that it is well formed)."""
    if not isinstance(system, GameSystem):
        raise EngineFault(f"{system!r} is not a GameSystem")
    if not system.key or not system.name or not system.modes:
        raise EngineFault(f"{type(system).__name__} needs a key, a name and at least one mode")
    if system.key in _SYSTEMS and _SYSTEMS[system.key] is not system:
        raise EngineFault(f"two game systems use the key {system.key!r}")
    for key, mode in system.modes.items():
        if key != mode.key or mode.side_kind not in SIDE_KINDS or not mode.side_counts:
            raise EngineFault(f"{system.key}: mode {key!r} is declared wrongly")
    _SYSTEMS[system.key] = system
    return system


def discover(package: str = "engine.systems") -> None:
    """Import every non-underscore module of ``package`` and register its ``SYSTEM``."""
    for module, system in declared(package, "SYSTEM"):
        if not isinstance(system, GameSystem):
            raise EngineFault(f"{module} defines no SYSTEM")
        register(system)


def _ensure() -> None:
    global _DISCOVERED
    if not _DISCOVERED:
        discover()
        _DISCOVERED = True


def get_system(key: object) -> GameSystem:
    """The registered system for ``key``; raises ``UnknownSystem``."""
    _ensure()
    if not isinstance(key, str) or key not in _SYSTEMS:
        raise UnknownSystem(key)
    return _SYSTEMS[key]


def all_systems() -> list[GameSystem]:
    """Every registered system, sorted by key."""
    _ensure()
    return [_SYSTEMS[k] for k in sorted(_SYSTEMS)]
