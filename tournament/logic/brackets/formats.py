"""Elimination formats: how many sides go through the cut and how they are grouped.

A format is a list of stages; each stage has groups (labelled "A".."D", "AD", "BC",
"Final") whose seats are either seed numbers (first stage: "1" = best Swiss position)
or references to earlier groups ("A1" = the first side to go on from group A).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from common.logic.words import Worded, gettext_noop, ngettext_noop

PLAYERS = "players"
TEAMS = "teams"
#: players who meet two a game (Tsukuyumi's two-player mode): the teams' bracket, for players
PAIRS = "pairs"
MODES = (PLAYERS, TEAMS, PAIRS)

#: Allowed cut sizes per mode, largest first.
CUTS: dict[str, tuple[int, ...]] = {PLAYERS: (16, 8, 4), TEAMS: (8, 4, 2), PAIRS: (8, 4, 2)}

#: Games played in the final (points carried over between them).
FINAL_GAMES = 3


class BracketError(ValueError):
    """Raised for impossible elimination requests (too few sides, bad cut, bad result); a
    refusal people read carries a ``Worded`` sentence (``common.wording.say`` words it)."""


def _listed(sizes: Sequence[int]) -> str:
    return ", ".join(map(str, sizes))


FEW_QUALIFY = ngettext_noop(
    "%(qualified)s side qualifies: an elimination stage needs at least %(least)s",
    "%(qualified)s sides qualify: an elimination stage needs at least %(least)s",
)


@dataclass(frozen=True)
class Group:
    """One elimination game: a label and the seats in order (side ids or references)."""

    label: str
    seats: tuple[str, ...]


@dataclass(frozen=True)
class Stage:
    """One elimination stage: its groups, how many go on from each, games per group."""

    name: str
    groups: tuple[Group, ...]
    advance: int
    games: int = 1


def _g(label: str, *seats: object) -> Group:
    return Group(label, tuple(str(s) for s in seats))


_TEMPLATES: dict[tuple[str, int], tuple[Stage, ...]] = {
    (PLAYERS, 16): (
        Stage(
            "Elimination round 1",
            (
                _g("A", 1, 5, 12, 16),
                _g("B", 2, 6, 11, 15),
                _g("C", 3, 7, 10, 14),
                _g("D", 4, 8, 9, 13),
            ),
            advance=2,
        ),
        Stage(
            "Elimination round 2",
            (_g("AD", "A1", "A2", "D1", "D2"), _g("BC", "B1", "B2", "C1", "C2")),
            advance=2,
        ),
        Stage("Final", (_g("Final", "AD1", "AD2", "BC1", "BC2"),), advance=1, games=FINAL_GAMES),
    ),
    (PLAYERS, 8): (
        Stage("Elimination round 1", (_g("A", 1, 4, 5, 8), _g("B", 2, 3, 6, 7)), advance=2),
        Stage("Final", (_g("Final", "A1", "A2", "B1", "B2"),), advance=1, games=FINAL_GAMES),
    ),
    (PLAYERS, 4): (Stage("Final", (_g("Final", 1, 2, 3, 4),), advance=1, games=FINAL_GAMES),),
    (TEAMS, 8): (
        Stage(
            "Elimination round 1",
            (_g("A", 1, 8), _g("B", 2, 7), _g("C", 3, 6), _g("D", 4, 5)),
            advance=1,
        ),
        Stage("Elimination round 2", (_g("AD", "A1", "D1"), _g("BC", "B1", "C1")), advance=1),
        Stage("Final", (_g("Final", "AD1", "BC1"),), advance=1, games=FINAL_GAMES),
    ),
    (TEAMS, 4): (
        Stage("Elimination round 1", (_g("A", 1, 4), _g("B", 2, 3)), advance=1),
        Stage("Final", (_g("Final", "A1", "B1"),), advance=1, games=FINAL_GAMES),
    ),
    (TEAMS, 2): (Stage("Final", (_g("Final", 1, 2),), advance=1, games=FINAL_GAMES),),
}
# two sides a game, whether the sides are teams or players: the same bracket
_TEMPLATES |= {(PAIRS, cut): _TEMPLATES[(TEAMS, cut)] for cut in CUTS[PAIRS]}


def check_mode(mode: str) -> None:
    if mode not in MODES:
        raise BracketError(f"unknown elimination mode {mode!r}; use one of {MODES}")


def cut_size(qualified: int, mode: str, override: int | None = None) -> int:
    """How many sides go to the elimination stage.

    Players: 16 or more -> 16, 8-15 -> 8, 4-7 -> 4. Teams and pairs: 8 or more -> 8, 4-7 -> 4,
    2-3 -> 2. ``override`` (the organiser's choice) must be one of the mode's cut sizes
    and no more than ``qualified``.
    """
    check_mode(mode)
    allowed = CUTS[mode]
    if override is not None:
        if override not in allowed:
            sentence = gettext_noop(
                "a cut of %(cut)s is not one of this mode's; use one of %(sizes)s"
            )
            params = {"cut": override, "sizes": _listed(allowed)}
            raise BracketError(Worded("cut_not_a_format", sentence, params))
        if override > qualified:
            sentence = gettext_noop(
                "a cut of %(cut)s needs %(cut)s sides, only %(qualified)s qualify"
            )
            params = {"cut": override, "qualified": qualified}
            raise BracketError(Worded("cut_too_large", sentence, params))
        return override
    for size in allowed:
        if qualified >= size:
            return size
    singular, plural = FEW_QUALIFY
    params = {"qualified": qualified, "least": allowed[-1]}
    raise BracketError(Worded("cut_too_few", singular, params, plural=plural, count="qualified"))


def stages_for(mode: str, cut: int) -> tuple[Stage, ...]:
    """The stage templates (seats as seed numbers and references) for a format."""
    check_mode(mode)
    try:
        return _TEMPLATES[(mode, cut)]
    except KeyError:
        sentence = gettext_noop("this mode has no format with a cut of %(cut)s")
        raise BracketError(Worded("cut_no_format", sentence, {"cut": cut})) from None


_REF = re.compile(r"^([A-Za-z]+)(\d+)$")


def fill_stage(stage: Stage, advanced: Mapping[str, Sequence[str]]) -> Stage:
    """Replace references like "A1" by the sides that went on from group "A" (in order)."""
    groups = []
    for group in stage.groups:
        seats = []
        for seat in group.seats:
            m = _REF.match(seat)
            if not m:
                seats.append(seat)
                continue
            label, index = m.group(1), int(m.group(2))
            went_on = advanced.get(label)
            if went_on is None or len(went_on) < index:
                raise BracketError(f"seat {seat} needs the result of group {label} first")
            seats.append(went_on[index - 1])
        groups.append(Group(group.label, tuple(seats)))
    return Stage(stage.name, tuple(groups), stage.advance, stage.games)
