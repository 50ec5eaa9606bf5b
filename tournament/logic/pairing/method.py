"""What a pairing method is: its key, its words, the options it reads and how it seats a round.

A method is one object (a ``PairingMethod`` subclass instance) in its own module of
``tournament/logic/pairing/methods/``; the registry (``registry.py``) finds it. The model's
choices, the create form, the API's enum and the settings page read the registered methods, so
adding a method is adding one module. ``label`` and ``help_text`` are plain English marked with
``gettext_noop``; the doors translate them.

How a method pairs: ``seat`` seats the validated sides into pods of the given sizes. The base
class hands them to the shared machinery (``core.seat_round``: a seeded draw, or points order
when ``by_points``; repeat opponents repaired; tables numbered; flowers dealt); a method that
pairs differently overrides ``seat``. ``choose_bye`` picks the team that sits out an odd alliance
round.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from common.logic.words import Worded, gettext_noop
from tournament.logic.pairing.core import seat_round
from tournament.logic.pairing.seeding import OFF, SEEDINGS
from tournament.logic.pairing.types import Pairing, PairingError, Side


@dataclass(frozen=True)
class OptionSpec:
    """One option a method reads from ``PairingOptions``/``AllianceOptions``, and the values
    it accepts. ``problem`` is the refusal, formatted with the value given."""

    name: str
    choices: tuple[int | str, ...]
    help_text: str
    #: the refusal: a marked sentence with ``%(value)s`` and ``%(choices)s``
    problem: str

    def check(self, options: object) -> None:
        """Refuse the options' value of this option if it is not one of ``choices`` (options
        that do not carry it, e.g. alliance options and ``preferred_size``, pass)."""
        if hasattr(options, self.name):
            value = getattr(options, self.name)
            if value not in self.choices:
                choices = ", ".join(map(str, self.choices))
                params = {"value": repr(value), "choices": choices}
                raise PairingError(Worded(f"bad_{self.name}", self.problem, params))


PREFERRED_SIZE = OptionSpec(
    "preferred_size",
    (4, 3),
    gettext_noop("Sides a game: 4 (the rulebook's standard) or 3; remainders make smaller games."),
    gettext_noop("preferred pod size must be 3 or 4, got %(value)s"),
)
SEEDING = OptionSpec(
    "seeding",
    SEEDINGS,
    gettext_noop("Seat by rating: off, spread or similar (docs/algorithms.md)."),
    gettext_noop("unknown seeding %(value)s; use one of %(choices)s"),
)


class PairingMethod:
    """Base class of every pairing method; a subclass names itself and may change how it pairs."""

    key: str = ""
    label: str = ""
    help_text: str = ""
    #: order the field by points (similar points meet, table 1 the top pod, the points spread
    #: kept low); False: the seeded draw decides who meets
    by_points: bool = False
    #: the options the method reads, each with the values it accepts
    options: tuple[OptionSpec, ...] = (PREFERRED_SIZE, SEEDING)

    def check(self, options: object) -> None:
        """Raise ``PairingError`` unless every option this method reads is one it accepts."""
        for spec in self.options:
            spec.check(options)

    def seat(
        self,
        sides: Sequence[Side],
        sizes: Sequence[int],
        *,
        rng: random.Random,
        explanation: dict[str, Any],
        round_number: int,
        seeding: str = OFF,
    ) -> Pairing:
        """Seat ``sides`` (validated, in id order) into pods of ``sizes``."""
        return seat_round(
            sides,
            sizes,
            method=self.key,
            by_points=self.by_points,
            rng=rng,
            explanation=explanation,
            round_number=round_number,
            seeding=seeding,
        )

    def choose_bye(self, teams: Sequence[Side], rng: random.Random) -> tuple[Side, str]:
        """The team that sits out (among those with the fewest byes), with the reason: a seeded
        draw."""
        fewest = min(t.byes for t in teams)
        eligible = [t for t in teams if t.byes == fewest]
        pick = eligible[rng.randrange(len(eligible))]
        reason = f"seeded draw among the {len(eligible)} team(s) with the fewest byes ({fewest})"
        return pick, reason

    def describe(self) -> dict[str, object]:
        """The method as plain data (the settings page and the API's description read it)."""
        return {
            "key": self.key,
            "label": self.label,
            "help_text": self.help_text,
            "options": {spec.name: list(spec.choices) for spec in self.options},
        }
