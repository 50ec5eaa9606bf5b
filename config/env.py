"""Small, strict readers for settings taken from environment variables.

Every reader names the variable in its error, so a bad deployment fails at start-up with a
message that says which variable is wrong and why.
"""

import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    """Return the variable's value, or ``default`` when it is unset."""
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    """Read a yes/no variable (1/0, true/false, yes/no, on/off)."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a yes/no value (1/0, true/false), not {raw!r}")


def env_int(name: str, default: int) -> int:
    """Read a whole-number variable."""
    return _env_number(name, default, int, "a whole number")


def env_float(name: str, default: float) -> float:
    """Read a decimal-number variable."""
    return _env_number(name, default, float, "a number")


def _env_number(name: str, default, kind, what: str):
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return kind(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be {what}, not {raw!r}") from exc


def env_list(name: str, default: list[str]) -> list[str]:
    """Read a comma-separated list, ignoring blanks around items."""
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    """Read a variable that must be one of ``choices``."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    value = raw.strip().lower()
    if value not in choices:
        raise ImproperlyConfigured(f"{name} must be one of {', '.join(choices)}, not {raw!r}")
    return value
