"""Value objects for pairing rounds: the sides handed in, the options, and the result.

Everything here is a plain frozen dataclass with no Django in sight, so the pairing
algorithms can be tested and benchmarked without a database. The service layer turns
model rows into ``Side`` objects, calls a pairing function and stores the ``Pairing``
(including its JSON-serialisable ``explanation``) for the audit log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from common.logic.words import Worded, ngettext_noop
from engine.api import FLOWER_COLOURS

#: The six Ceremonial Flowers dealt as starting areas (the engine names them).
FLOWERS: tuple[str, ...] = FLOWER_COLOURS


CANNOT_PAIR = ngettext_noop(
    "cannot pair %(count)s side: a game needs at least two sides",
    "cannot pair %(count)s sides: a game needs at least two sides",
)


def too_few_sides(count: int) -> Worded:
    """The refusal to pair fewer than two sides."""
    singular, plural = CANNOT_PAIR
    return Worded("too_few_sides", singular, {"count": count}, plural=plural, count="count")


class PairingError(ValueError):
    """Raised when a round cannot be paired as asked (e.g. a single side, bad options)."""


@dataclass(frozen=True)
class Side:
    """One side to seat this round: a player (free-for-all) or a team (alliances).

    ``opponents`` holds the ids of every side met in any earlier game of the event
    (ids of sides not in this round are ignored). ``rank`` is the side's current
    standings position (1 = best) if known; ``byes`` counts byes already received
    (alliances only). ``strength`` is the side's rating (higher is stronger), read only when
    the round is seeded by rating (``seeding`` of the options).
    """

    id: str
    points: float = 0
    opponents: frozenset[str] = frozenset()
    rank: int | None = None
    byes: int = 0
    size: int = 1  # players on the side (alliances: the team's members)
    strength: float = 0.0
    #: times the side sat in each seat position so far (index 0 = the first seat)
    seat_counts: tuple[int, ...] = ()
    #: the side's clubs (a player's club; a team's members' clubs), for keeping clubmates apart
    clubs: frozenset[str] = frozenset()


@dataclass(frozen=True)
class PairingOptions:
    """How to pair a free-for-all round.

    method: the key of a registered pairing method (``registry.py``): "random" (the
    rulebook's random opponents) or "swiss" (similar points meet).
    preferred_size: 4 (default, the rulebook standard) or 3.
    seed: the round's random seed; the same sides and seed give the same round.
    round_number: used only for the explanation record.
    balance_seats: order each table's seats by the sides' seat history (``seat_order.py``).
    clubs_apart: keep sides of one club at different tables where it costs nothing
    (``clubs.py``).
    seeding: "off" (default), "spread" or "similar": seat the sides by ``Side.strength``
    instead of by chance (every random round; a Swiss round only while every side has the
    same points, i.e. round 1). See ``pairing/seeding.py``.
    """

    method: str = "random"
    preferred_size: int = 4
    seed: int = 0
    round_number: int = 1
    seeding: str = "off"
    balance_seats: bool = False
    clubs_apart: bool = False


@dataclass(frozen=True)
class AllianceOptions:
    """How to pair an alliance (team) round: two teams a game.

    three_team_game: with an odd number of teams, make one 2v2v2 game (True) instead of
    giving a bye (False, the default).
    bye_points: points the caller should award for a bye; ``None`` means "scored as a
    win", i.e. the 1st-place points of a two-side game (4).
    """

    method: str = "random"
    seed: int = 0
    round_number: int = 1
    three_team_game: bool = False
    bye_points: float | None = None
    #: teams meet only teams of their own size (no 2v3); a size with an odd count gives a bye
    equal_sizes: bool = False
    #: seat the teams by ``Side.strength`` (as ``PairingOptions.seeding``)
    seeding: str = "off"
    #: as ``PairingOptions.balance_seats`` and ``clubs_apart``
    balance_seats: bool = False
    clubs_apart: bool = False


@dataclass(frozen=True)
class Pod:
    """One table of a round.

    ``sides`` is the seating order; ``flowers[i]`` is the starting flower colour dealt
    to ``sides[i]`` (all different within a pod). ``repeats`` lists the pairs of sides
    in this pod that have met before (empty whenever the field allows it).
    """

    table: int
    sides: tuple[str, ...]
    flowers: tuple[str, ...]
    repeats: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Pairing:
    """The result of pairing a round.

    ``repeats`` is the number of pairs of sides sharing a pod that had met before.
    ``spread`` is the sum over pods of (highest points - lowest points) and
    ``spread_bound`` the least spread any grouping with the same pod sizes could have.
    ``byes``/``bye_points`` are set only for alliance rounds with byes (one at most, or one
    per team size when teams meet only their own size); awarding the points is the caller's
    job. ``explanation`` is a JSON-serialisable record for the
    audit log.
    """

    pods: tuple[Pod, ...]
    repeats: int
    spread: float
    spread_bound: float
    explanation: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    byes: tuple[str, ...] = ()
    bye_points: float | None = None

    @property
    def bye(self) -> str | None:
        """The (first) side with a bye, if any."""
        return self.byes[0] if self.byes else None

    def table_of(self) -> dict[str, int]:
        """Map each seated side id to its table number."""
        return {side: pod.table for pod in self.pods for side in pod.sides}
