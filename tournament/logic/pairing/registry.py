"""The registry of pairing methods, in the manner of the engine's registry of game systems.

Adding a method is adding one module to ``tournament/logic/pairing/methods/`` that defines a
module-level ``METHOD`` (an instance of a ``PairingMethod`` subclass). Discovery is lazy (first
use). A malformed or duplicate registration is a programming error (``TypeError``/``ValueError``);
asking for an unknown key raises the ``PairingError`` the services turn into a refusal.
"""

from __future__ import annotations

from engine.discovery import declared
from tournament.logic.pairing.method import PairingMethod
from tournament.logic.pairing.types import PairingError

#: the method an event starts with: random opponents, the rulebook's way
DEFAULT_METHOD = "random"

_METHODS: dict[str, PairingMethod] = {}
_DISCOVERED = False


def register(method: PairingMethod) -> PairingMethod:
    """Add ``method`` to the registry (checks that it is well formed)."""
    if not isinstance(method, PairingMethod):
        raise TypeError(f"{method!r} is not a PairingMethod")
    if not method.key or not method.label or not method.help_text:
        raise ValueError(f"{type(method).__name__} needs a key, a label and a help text")
    if len(method.key) > 10:
        raise ValueError(f"{method.key!r}: a method's key is stored in 10 characters at most")
    if method.key in _METHODS and _METHODS[method.key] is not method:
        raise ValueError(f"two pairing methods use the key {method.key!r}")
    _METHODS[method.key] = method
    return method


def unregister(key: str) -> None:
    """Remove a registered method (a test's own method, once the test is done)."""
    _METHODS.pop(key, None)


def discover(package: str = "tournament.logic.pairing.methods") -> None:
    """Import every non-underscore module of ``package`` and register its ``METHOD``."""
    for module, method in declared(package, "METHOD"):
        if not isinstance(method, PairingMethod):
            raise ValueError(f"{module} defines no METHOD")
        register(method)


def _ensure() -> None:
    global _DISCOVERED
    if not _DISCOVERED:
        discover()
        _DISCOVERED = True


def all_methods() -> list[PairingMethod]:
    """Every registered method, sorted by key."""
    _ensure()
    return [_METHODS[key] for key in sorted(_METHODS)]


def method_keys() -> tuple[str, ...]:
    """The registered methods' keys, sorted."""
    return tuple(method.key for method in all_methods())


def get_method(key: object) -> PairingMethod:
    """The registered method for ``key``; raises ``PairingError`` for an unknown one."""
    _ensure()
    if not isinstance(key, str) or key not in _METHODS:
        raise PairingError(f"unknown pairing method {key!r}; use one of {method_keys()}")
    return _METHODS[key]
