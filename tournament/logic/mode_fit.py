"""What a game mode can seat, read once from its ``ModeSpec``: the tournament layer's one rule.

Registration (which team sizes), the event settings (which values the mode can play), pairing
(pods, pairs or team games, and whether three teams may share one), the elimination format and
the flower deal all read a ``ModeFit`` instead of checking the mode each in its own way.

* A table holds one of the mode's ``side_counts`` and never more players than ``max_players``
  (a player mode: one player a side; a team mode: the teams' members together).
* A player mode whose largest table is two sides plays in pairs (an odd count gives a bye, as
  an alliance round does); a player mode seating 2, 3 and 4 plays in pods; any other player mode
  cannot be paired (no mode today).
* A mode that seats two sides a game (pairs, and every team mode) plays the pairs bracket
  (1 v 8, 2 v 7 ...); a pod mode plays the groups of four.
* Flowers are dealt when the mode says so and its largest table fits the six flowers.

Problems are ``Problem`` values: the setting they concern, an English sentence marked for
translation, and its parameters (the doors translate and fill it).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.modes import ModeSpec
from tournament.logic.brackets.formats import CUTS, PAIRS, PLAYERS, TEAMS
from tournament.logic.pairing.types import FLOWERS
from tournament.logic.translation import gettext_noop

#: a player mode's tables: pods (2-4 sides, preferred size 3 or 4) or pairs (exactly 2)
PODS = "pods"
PAIR_TABLES = "pairs"
#: the pod sizes the pod pairing makes (``pairing/sizes.py``)
POD_TABLE_SIZES = (2, 3, 4)


@dataclass(frozen=True)
class Problem:
    """Something a mode cannot play: the setting it concerns and why (``message % params``)."""

    setting: str
    message: str
    params: dict[str, object]
    #: a sentence whose number changes its words: the plural form, and the parameter counted
    plural: str = ""
    count: str = ""

    def text(self, translate: object = None, translate_plural: object = None) -> str:
        """The sentence, translated by ``translate`` (a door's ``gettext``) when given; one with
        a plural form by ``translate_plural`` (the door's ``ngettext``)."""
        if self.plural:
            n = int(str(self.params[self.count]))
            if callable(translate_plural):
                return str(translate_plural(self.message, self.plural, n)) % self.params
            return (self.message if n == 1 else self.plural) % self.params
        template = translate(self.message) if callable(translate) else self.message
        return str(template) % self.params


@dataclass(frozen=True)
class ModeFit:
    """What one mode can seat (see the module docstring)."""

    label: str
    team_play: bool
    side_counts: tuple[int, ...]
    team_sizes: tuple[int, ...]
    max_players: int
    #: the mode deals each player a starting flower (``ModeSpec.starting_flowers``)
    starting_flowers: bool = False

    @property
    def most_sides(self) -> int:
        """The most sides one table seats (within the player limit)."""
        fitting = [n for n in self.side_counts if n * min(self.team_sizes) <= self.max_players]
        return max(fitting) if fitting else 0

    @property
    def seating(self) -> str | None:
        """How a player mode's rounds are seated: ``PODS``, ``PAIR_TABLES`` or None (cannot be
        paired); every team mode seats team games (``PAIR_TABLES``)."""
        if self.team_play or self.most_sides == 2:
            return PAIR_TABLES
        if set(POD_TABLE_SIZES) <= set(self.side_counts) and self.max_players >= 4:
            return PODS
        return None

    @property
    def three_team_tables(self) -> bool:
        """Whether three teams (of the smallest size) may share one game."""
        smallest = min(self.team_sizes)
        return self.team_play and 3 in self.side_counts and 3 * smallest <= self.max_players

    @property
    def bracket(self) -> str:
        """The elimination format: groups of four players (pods), the teams' bracket, or the
        same bracket of two sides a game for a player mode that plays in pairs."""
        if self.team_play:
            return TEAMS
        return PLAYERS if self.seating == PODS else PAIRS

    def table_fits(self, players_per_side: list[int]) -> bool:
        """Whether one table of these sides is one the mode can play."""
        return len(players_per_side) in self.side_counts and sum(players_per_side) <= (
            self.max_players
        )

    @property
    def deals_flowers(self) -> bool:
        """Whether tables get starting flowers: the mode deals them and every table fits six."""
        return self.starting_flowers and self.max_players <= len(FLOWERS)

    def team_size_problem(self, size: int) -> Problem | None:
        """Why a team of ``size`` players cannot play this mode, or None."""
        if size in self.team_sizes:
            return None
        return Problem(
            "members",
            gettext_noop("%(mode)s seats teams of %(sizes)s players, not %(size)s"),
            {"mode": self.label, "sizes": _listed(self.team_sizes), "size": size},
        )


def mode_fit(spec: ModeSpec, label: str = "") -> ModeFit:
    """Read what ``spec`` can seat; ``label`` names the mode in messages (default its own)."""
    team_play = spec.side_kind == "team"
    sizes = spec.team_sizes if team_play else (1,)
    largest = max(spec.side_counts) * max(sizes)
    limit = spec.max_players if spec.max_players is not None else largest
    return ModeFit(
        label or spec.label, team_play, spec.side_counts, sizes, limit, spec.starting_flowers
    )


def setting_problems(fit: ModeFit, settings: dict[str, object]) -> list[Problem]:
    """What in ``settings`` (a setting's name -> value) the mode cannot play (empty: all fine).

    Reads ``allow_three_team_games`` and ``cut_size`` when given. The preferred game size is
    never a problem: pods take 3 or 4, and a pairs mode's games are always two sides."""
    problems = []
    if fit.seating is None:
        problems.append(
            Problem(
                "mode",
                gettext_noop(
                    "%(mode)s seats %(counts)s sides a game: events pair games of two sides, or "
                    "of two to four"
                ),
                {"mode": fit.label, "counts": _listed(fit.side_counts)},
            )
        )
        return problems
    if fit.team_play and settings.get("allow_three_team_games") and not fit.three_team_tables:
        problems.append(
            Problem(
                "allow_three_team_games",
                gettext_noop(
                    "2v2v2 games: %(mode)s seats two teams a game and at most %(most)s players"
                ),
                {"mode": fit.label, "most": fit.max_players},
            )
        )
    cut = settings.get("cut_size")
    if isinstance(cut, int) and cut not in CUTS[fit.bracket]:
        message = (
            gettext_noop("Cut size %(cut)s: %(mode)s plays groups of four; the cut is %(sizes)s")
            if fit.bracket == PLAYERS
            else gettext_noop(
                "Cut size %(cut)s: %(mode)s plays two sides a game; the cut is %(sizes)s"
            )
        )
        sizes = _listed(CUTS[fit.bracket])
        problems.append(
            Problem("cut_size", message, {"cut": cut, "mode": fit.label, "sizes": sizes})
        )
    return problems


def table_problem(fit: ModeFit, table: int, players_per_side: list[int]) -> Problem | None:
    """Why one paired table is not one the mode can play (None: it is)."""
    if fit.table_fits(players_per_side):
        return None
    return Problem(
        "mode",
        gettext_noop(
            "Table %(table)s: %(mode)s seats %(counts)s sides and at most %(most)s players; "
            "this table has %(sides)d side (players: %(players)d)"
        ),
        {
            "table": table,
            "mode": fit.label,
            "counts": _listed(fit.side_counts),
            "most": fit.max_players,
            "sides": len(players_per_side),
            "players": sum(players_per_side),
        },
        plural=gettext_noop(
            "Table %(table)s: %(mode)s seats %(counts)s sides and at most %(most)s players; "
            "this table has %(sides)d sides (players: %(players)d)"
        ),
        count="sides",
    )


def field_problems(fit: ModeFit, sides: list[tuple[str, int | None]]) -> list[Problem]:
    """Why registered sides cannot play the mode (an event changing its mode): ``sides`` are
    (name, players in the team, or None for a single player). Empty: they can."""
    teams = [(name, size) for name, size in sides if size is not None]
    if sides and fit.team_play and not teams:
        message = gettext_noop(
            "Mode: %(mode)s is played by teams; the sides registered are players (%(count)s)"
        )
        return [Problem("mode", message, {"mode": fit.label, "count": len(sides)})]
    if not fit.team_play and teams:
        message = gettext_noop(
            "Mode: %(mode)s is played by single players; the sides registered are teams (%(count)s)"
        )
        return [Problem("mode", message, {"mode": fit.label, "count": len(teams)})]
    return [
        Problem(
            "mode",
            gettext_noop("Mode: %(team)s has %(size)s players; %(mode)s seats teams of %(sizes)s"),
            {"team": name, "size": size, "mode": fit.label, "sizes": _listed(fit.team_sizes)},
        )
        for name, size in teams
        if size not in fit.team_sizes
    ]


def _listed(values: tuple[int, ...]) -> str:
    """Numbers for a message: ``(2, 3)`` as "2-3" (a run), ``(8, 4, 2)`` as "8, 4, 2"."""
    ordered = sorted(values)
    if len(ordered) > 1 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(str(v) for v in values)
