"""Scoring calls made by the round clock: when it calls "Burraparay!" and on which flower.

In Domination the scoring calls come from a soundtrack the rulebooks do not include; a round
clock can make them instead (docs/engine.md, project decision). This module is the pure part:
a seed and the organiser's gap range in, the calls out. No database and no clock of its own.

Times are *game time*: milliseconds of clock time run since "Yarra Mark!". A pause stops game
time and an extension adds more of it, so neither moves a call; a client turns a call's game
time into a moment as ``ends_at - total + at`` while the clock runs.

Domination's focus follows the rulebook's Ceremonial Flower deck: the six cards are shuffled,
the first is turned at "Yarra Mark!", each call scores the face-up colour and turns the next
card, and an empty deck is shuffled again. Every table shuffles its own deck (``tables``): the
hall hears each call at the same moment, and each table scores the card of its own deck (a plan
stored before decks were per table has one deck for the hall). The times and each deck draw
from separate seeded streams, so the same seed gives the same calls on every server and in
every replay.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice, takewhile
from typing import NotRequired, TypedDict

#: the organiser's gap between two calls, in whole seconds
MIN_GAP_SECONDS = 10
MAX_GAP_SECONDS = 900
#: the project's default gap range: four to six calls in a five-minute game
DEFAULT_GAP_SECONDS = (45, 90)
#: upcoming calls sent in one clock message (a client asks again when it runs out)
UPCOMING_LIMIT = 30


def gap_errors(low: object, high: object) -> list[str]:
    """What is wrong with a gap range (empty: it is fine)."""
    errors = []
    for name, value in (("shortest gap", low), ("longest gap", high)):
        if isinstance(value, bool) or not isinstance(value, int):
            errors.append(f"The {name} is a whole number of seconds.")
        elif not MIN_GAP_SECONDS <= value <= MAX_GAP_SECONDS:
            errors.append(f"The {name} is between {MIN_GAP_SECONDS} and {MAX_GAP_SECONDS} seconds.")
    if not errors and isinstance(low, int) and isinstance(high, int) and low > high:
        errors.append("The shortest gap between calls cannot be longer than the longest.")
    return errors


@dataclass(frozen=True)
class ScoringCall:
    """One call: its number (1, 2, ...), its game time, the colour it scores and the next one."""

    number: int
    at_ms: int
    colour: str | None = None
    next_colour: str | None = None

    def as_dict(self) -> dict[str, int | str | None]:
        return {
            "number": self.number,
            "at_ms": self.at_ms,
            "colour": self.colour,
            "next_colour": self.next_colour,
        }


class CallPlanData(TypedDict):
    """A ``CallPlan`` as the round stores it (JSON)."""

    call: str
    seed: int
    gap_seconds: list[int]
    colours: list[str]
    tables: NotRequired[list[int]]


@dataclass(frozen=True)
class CallPlan:
    """Everything that decides a round's calls; stored on the round when its clock starts."""

    call: str
    seed: int
    gap_min_seconds: int
    gap_max_seconds: int
    colours: tuple[str, ...] = ()
    #: the tables that each turn their own deck; empty: one deck for the whole hall
    tables: tuple[int, ...] = ()

    def as_dict(self) -> CallPlanData:
        data: CallPlanData = {
            "call": self.call,
            "seed": self.seed,
            "gap_seconds": [self.gap_min_seconds, self.gap_max_seconds],
            "colours": list(self.colours),
        }
        if self.tables:
            data["tables"] = list(self.tables)
        return data

    @classmethod
    def from_dict(cls, data: CallPlanData) -> CallPlan:
        low, high = data["gap_seconds"]
        tables = tuple(int(n) for n in data.get("tables", ()))
        return cls(
            data["call"], int(data["seed"]), int(low), int(high), tuple(data["colours"]), tables
        )

    def _flips(self, table: int | None) -> Iterator[str | None]:
        """A flower deck turned card by card, reshuffled whenever it runs out: the table's own,
        or the hall's; no colour for the hall when each table has its deck."""
        if not self.colours or (table is None and self.tables):
            while True:
                yield None
        stream = f"flower-deck:{self.seed}" if table is None else f"flower-deck:{self.seed}:{table}"
        rng = random.Random(stream)
        while True:
            deck = list(self.colours)
            rng.shuffle(deck)
            yield from deck

    def opening_colour(self, table: int | None = None) -> str | None:
        """The colour turned at "Yarra Mark!" (None for a call that names no colour, and for
        the hall when each table has its own deck)."""
        return next(self._flips(table))

    def calls(self, table: int | None = None) -> Iterator[ScoringCall]:
        """Every call in game-time order, with the colours of ``table``'s deck (or the hall's),
        without end (the caller stops at the game's end)."""
        times = random.Random(f"scoring-calls:{self.seed}")
        flips = self._flips(table)
        face_up = next(flips)
        at_ms, number = 0, 0
        while True:
            at_ms += times.randint(self.gap_min_seconds, self.gap_max_seconds) * 1000
            number += 1
            turned = next(flips)
            yield ScoringCall(number, at_ms, face_up, turned)
            face_up = turned

    def scored_colour(self, table: int | None, elapsed_ms: int) -> str | None:
        """The colour the last call made by ``elapsed_ms`` of game time scored at ``table``
        (None before the first call)."""
        scored = None
        for call in self.calls(table):
            if call.at_ms > elapsed_ms:
                return scored
            scored = call.colour
        return scored  # pragma: no cover - the calls never end

    def table_cards(self, table: int, first: int, last: int) -> list[str | None]:
        """Cards ``first`` to ``last`` (0 = the one turned at "Yarra Mark!") of a table's deck."""
        return list(islice(self._flips(table), first, last + 1))

    def calls_before(self, total_ms: int, table: int | None = None) -> list[ScoringCall]:
        """The calls a game of ``total_ms`` of game time hears (none at the very end), with the
        colours of ``table``'s deck (or the hall's)."""
        return list(takewhile(lambda call: call.at_ms < total_ms, self.calls(table)))

    def window(
        self, elapsed_ms: int, total_ms: int, limit: int = UPCOMING_LIMIT
    ) -> dict[str, object]:
        """The calls as a clock message carries them at ``elapsed_ms`` of a ``total_ms`` game:
        how many were made, the last one, the face-up colour, and up to ``limit`` to come; with
        a deck per table, each table's cards from the last call's to the last listed call's
        next (``tables``: {table: {"from": index of the first card, "flips": cards}})."""
        made, more = 0, False
        upcoming: list[dict[str, int | str | None]] = []
        last: ScoringCall | None = None
        for call in self.calls():
            if call.at_ms >= total_ms:
                break
            if call.at_ms <= elapsed_ms:
                made, last = call.number, call
            elif len(upcoming) < limit:
                upcoming.append(call.as_dict())
            else:
                more = True
                break
        opening = self.opening_colour()
        window: dict[str, object] = {
            "call": self.call,
            "gap_seconds": [self.gap_min_seconds, self.gap_max_seconds],
            "colour_at_start": opening,
            "current_colour": last.next_colour if last else opening,
            "made": made,
            "last": last.as_dict() if last else None,
            "upcoming": upcoming,
            "more": more,
        }
        if self.tables:
            first, last_card = max(made - 1, 0), made + len(upcoming)
            window["tables"] = {
                str(table): {"from": first, "flips": self.table_cards(table, first, last_card)}
                for table in self.tables
            }
        return window
