"""Eye for an Eye: the six playable chiefs and the fixed numbers of the box.

Facts from the rulebooks (seeds 000/001), restated: six chiefs, one figure each, so at most six
characters per game and each character at most once. Echo starts with less health than the
others but brings four one-health Guards and five Guard Health Tokens.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The six Ceremonial Flowers: starting areas, and Domination's scoring focus. The rulebooks
#: do not name their colours; these names are a project decision (docs/algorithms.md).
FLOWER_COLOURS: tuple[str, ...] = ("red", "orange", "yellow", "green", "blue", "purple")


@dataclass(frozen=True)
class Character:
    """One chief: its name, tribe, difficulty and starting Health Tokens."""

    name: str
    tribe: str
    difficulty: str
    health: int
    heat_tokens: int = 0
    guards: int = 0


CHARACTERS: dict[str, Character] = {
    c.name: c
    for c in (
        Character("Grublic", "Palaudis", "easy", 15),
        Character("Riparian", "Hydris", "easy", 15),
        Character("Banksia", "Floris", "easy", 15),
        Character("Incendiary", "Ignis", "medium", 15, heat_tokens=3),
        Character("Pluma", "Nimbus", "easy", 15),
        Character("Echo", "Luftle", "hard", 10, guards=4),
    )
}
CHARACTER_NAMES: tuple[str, ...] = tuple(CHARACTERS)

#: other accepted spellings (lower case) -> canonical name; tribes name their chief
ALIASES: dict[str, str] = {"grubic": "Grublic"} | {
    c.tribe.lower(): c.name for c in CHARACTERS.values()
}

ECHO = "Echo"
GUARD_HEALTH_TOKENS = 5  # in the whole game, across all Victory Cups
MAX_PLAYERS = 6  # one figure per chief
MAX_HEALTH = max(c.health for c in CHARACTERS.values())
MIN_HEALTH = min(c.health for c in CHARACTERS.values())
#: every Health Token in the box (each chief's own plus Echo's Guard tokens): heals come from
#: the same tokens, so no cup and no set of boards can ever hold more
BOX_HEALTH_TOKENS = sum(c.health for c in CHARACTERS.values()) + GUARD_HEALTH_TOKENS
#: project bound on VP scored in one game: a scoring call gives a character at most 1 plus 1 per
#: other character (6 at a full table), and a game has a handful of calls (three in turn-based
#: King of the Hill, six flower cards in Domination); 100 is far above any real game
MAX_VP_SCORED = 100


def nymphlets_per_player(players: int) -> int:
    """Nymphlets each player brings to a Nymphlet Ceremony with ``players`` players."""
    if players <= 2:
        return 3
    if players == 3:
        return 2
    return 1


#: the most Nymphlets a ceremony puts out (2 players x 3, 3 x 2, 6 x 1)
MAX_NYMPHLETS = max(n * nymphlets_per_player(n) for n in range(2, MAX_PLAYERS + 1))
