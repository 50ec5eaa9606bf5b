"""Eye for an Eye: the three scoring families its modes fall into (shared by the result rules
and the live model)."""

from __future__ import annotations

from engine.modes import ModeSpec

BATTLE, NYMPHLET, VP = "battle", "nymphlet", "vp"


def family(mode: ModeSpec) -> str:
    """Which scoring family a mode belongs to: battle, nymphlet or vp."""
    if mode.key in ("every_eye", "alliances"):
        return BATTLE
    return NYMPHLET if mode.key.startswith("nymphlet") else VP
