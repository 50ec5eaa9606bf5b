"""What the cut reads beyond the standings: the sides' player counts, what one game of the mode
can seat, and whether teams meet only teams of their own size.

A tie on the cut line is played off at one table only when one game of the mode can seat the
tied sides; otherwise it goes to the seeded draw. With equal team sizes the cut takes the teams
of one size (the size with the most teams; equal counts: the size of the best-placed team), so
no elimination game or final seats a team of 2 against a team of 3.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from common.logic.words import Worded, gettext_noop
from tournament.logic.brackets.advancement import DEFAULT_POINTS
from tournament.logic.brackets.formats import BracketError

#: a standings row: (side id, rank)
Row = tuple[str, int]


@dataclass(frozen=True)
class TableLimits:
    """What one game of the mode may seat: the side counts it can score, the most players."""

    side_counts: tuple[int, ...]
    max_players: int | None = None

    @classmethod
    def for_mode(
        cls, side_counts: Sequence[int], max_players: int | None, organiser_tables: Sequence[int]
    ) -> TableLimits:
        """The limits of a mode: its side counts that have a points table (the rulebook's for
        2-4 sides, or the organiser's), and its player limit."""
        scored = set(DEFAULT_POINTS) | set(organiser_tables)
        return cls(tuple(n for n in side_counts if n in scored), max_players)

    def refusal(self, players: Sequence[int]) -> str:
        """Why one game cannot seat sides of these player counts; empty when it can."""
        if len(players) not in self.side_counts:
            counts = ", ".join(map(str, self.side_counts)) or "no"
            sentence = gettext_noop("one game seats %(counts)s sides, not %(sides)d")
            return Worded("game_sides", sentence, {"counts": counts, "sides": len(players)})
        if self.max_players is not None and sum(players) > self.max_players:
            sentence = gettext_noop("one game seats at most %(most)d players, not %(players)d")
            params = {"most": self.max_players, "players": sum(players)}
            return Worded("game_players", sentence, params)
        return ""


@dataclass(frozen=True)
class CutRules:
    """The cut's rules beyond the standings: players per side (1 when absent), the mode's
    table limits (none: any tie is played at one table), and equal team sizes."""

    players: Mapping[str, int] = field(default_factory=dict)
    limits: TableLimits | None = None
    equal_sizes: bool = False

    def size_of(self, side: str) -> int:
        return self.players.get(side, 1)

    def table_refusal(self, sides: Sequence[str]) -> str:
        """Why one game cannot seat ``sides``; empty when it can (or no limits are known)."""
        return self.table_refusal_of([self.size_of(side) for side in sides])

    def table_refusal_of(self, players: Sequence[int]) -> str:
        """Why one game cannot seat sides of these player counts; empty when it can."""
        return "" if self.limits is None else self.limits.refusal(players)


def one_size(rows: Sequence[Row], rules: CutRules) -> tuple[int, list[Row], str]:
    """With equal team sizes: the team size that goes through the cut, its teams (standings
    order) and a note saying why. ``BracketError`` when no size has two teams."""
    if not rows:
        raise BracketError(Worded("no_teams", gettext_noop("no teams are left for the cut")))
    counts = Counter(rules.size_of(side) for side, _ in rows)
    leader = rules.size_of(rows[0][0])
    size = max(counts, key=lambda n: (counts[n], n == leader))
    field_words = ", ".join(f"{counts[n]} of {n}" for n in sorted(counts, reverse=True))
    if counts[size] < 2:
        sentence = gettext_noop(
            "teams meet only teams of their own size, and no size has two teams for the "
            "cut (teams: %(field)s); turn that setting off to cut the teams together"
        )
        raise BracketError(Worded("no_size_of_two", sentence, {"field": field_words}))
    kept = [row for row in rows if rules.size_of(row[0]) == size]
    tied_counts = [n for n in counts if counts[n] == counts[size]]
    why = Worded(
        "size_rule",
        gettext_noop("the size of the best-placed team")
        if len(tied_counts) > 1
        else gettext_noop("the size with the most teams"),
    )
    note = Worded(
        "team_size_note",
        gettext_noop(
            "teams of %(size)d go through the cut: teams meet only teams of their own size, "
            "and the cut takes %(why)s (teams: %(field)s)"
        ),
        {"size": size, "why": why, "field": field_words},
    )
    return size, kept, note
