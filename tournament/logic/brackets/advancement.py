"""Who goes on from an elimination game, and who wins the final.

Sides are tied when the rules engine ranked them equal: the same game score (Victory Cup tokens +
5 per surviving character, or VP) and the same place, so a VP mode's equal VP already split by
Health Tokens left is no tie. If a tie straddles the line that decides who
goes on, the sides tied on that line play one more game for the remaining slots
(project decision, following the rulebook's tie rule for a series). The final is three
games with points carried over; a tie for the highest total means one more game, except in a
VP mode, where the most Health Tokens left at the end of the last game breaks it first (000: "a
draw at the end of the last game of a series"; project reading: the last game's, not a sum).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from tournament.logic.brackets.formats import BracketError

#: Points by place for 2, 3 and 4 sides (rulebook tables).
DEFAULT_POINTS: dict[int, tuple[int, ...]] = {2: (4, 2), 3: (4, 2, 1), 4: (4, 3, 2, 1)}


#: a ``Placing`` as a plain (side, place, score) row
PlacingRow: TypeAlias = tuple[str, int, float]


@dataclass(frozen=True)
class Placing:
    """One side's result in one game, as the rules engine reports it."""

    side: str
    place: int
    score: float


@dataclass(frozen=True)
class TieBreak:
    """A tie-break game is needed: ``sides`` play for ``slots`` places."""

    sides: tuple[str, ...]
    slots: int
    reason: str


@dataclass(frozen=True)
class Advancement:
    """Outcome of a group game: who goes on (best first), who is out, pending tie-break."""

    advanced: tuple[str, ...]
    eliminated: tuple[str, ...]
    tiebreak: TieBreak | None = None

    @property
    def decided(self) -> bool:
        return self.tiebreak is None


@dataclass(frozen=True)
class FinalResult:
    """Totals of the final (best first); ``winner`` is None while undecided."""

    totals: tuple[tuple[str, float], ...]
    winner: str | None
    complete: bool
    tiebreak: TieBreak | None = None


def _placings(result: Sequence[Placing | PlacingRow]) -> list[Placing]:
    rows = [r if isinstance(r, Placing) else Placing(*r) for r in result]
    seen: set[str] = set()
    for r in rows:
        if r.side in seen:
            raise BracketError(f"side {r.side!r} appears twice in one game result")
        seen.add(r.side)
    rows.sort(key=lambda r: (-r.score, r.place, r.side))
    for a, b in zip(rows, rows[1:], strict=False):
        if a.score > b.score and a.place > b.place:
            raise BracketError(
                f"inconsistent result: {a.side!r} scored more than {b.side!r} but was placed lower"
            )
    return rows


def _rank(row: Placing) -> tuple[float, int]:
    """Where the engine ranked a side (lower is better): its score, then its place."""
    return (-row.score, row.place)


def decide_advancement(result: Sequence[Placing | PlacingRow], advance: int) -> Advancement:
    """Decide who goes on from one game where ``advance`` sides go on.

    ``result`` lists (side, place, score) for every side in the game. Returns the sides
    going on best first; if equal scores straddle the line, those tied sides are left
    out of both lists and ``tiebreak`` names them and the slots they play for.
    """
    rows = _placings(result)
    if not 1 <= advance < len(rows):
        raise BracketError(f"cannot send {advance} of {len(rows)} sides on")
    last_in = rows[advance - 1]
    line = _rank(last_in)
    if _rank(rows[advance]) != line:
        return Advancement(
            tuple(r.side for r in rows[:advance]), tuple(r.side for r in rows[advance:])
        )
    above = [r.side for r in rows if _rank(r) < line]
    tied = [r.side for r in rows if _rank(r) == line]
    below = [r.side for r in rows if _rank(r) > line]
    slots = advance - len(above)
    reason = (
        f"{len(tied)} sides share a score of {_num(last_in.score)} on the line: "
        f"{slots} of them go on, decided by one more game among them"
    )
    return Advancement(tuple(above), tuple(below), TieBreak(tuple(tied), slots, reason))


def resolve_tiebreak(pending: Advancement, result: Sequence[Placing | PlacingRow]) -> Advancement:
    """Fold a tie-break game's result into a pending advancement.

    The tie-break game may tie again; then the result is pending once more.
    """
    tb = pending.tiebreak
    if tb is None:
        return pending
    rows = _placings(result)
    if sorted(r.side for r in rows) != sorted(tb.sides):
        raise BracketError(f"the tie-break game must be played by exactly {sorted(tb.sides)}")
    if tb.slots >= len(rows):
        inner = Advancement(tuple(r.side for r in rows), ())
    else:
        inner = decide_advancement(rows, tb.slots)
    return Advancement(
        pending.advanced + inner.advanced,
        inner.eliminated + pending.eliminated,
        inner.tiebreak,
    )


def game_points(
    result: Sequence[Placing | PlacingRow], table: Mapping[int, Sequence[float]] | None = None
) -> dict[str, float]:
    """Points per side for one game from its places (shared places share the points)."""
    rows = _placings(result)
    table = table or DEFAULT_POINTS
    points = table.get(len(rows))
    if points is None:
        raise BracketError(f"no points table for a game of {len(rows)} sides")
    out = {}
    for r in rows:
        if not 1 <= r.place <= len(points):
            raise BracketError(f"place {r.place} is out of range for {len(rows)} sides")
        out[r.side] = points[r.place - 1]
    return out


def score_points(result: Sequence[Placing | PlacingRow]) -> dict[str, float]:
    """Each side's score in one game as its points (a series that sums VP)."""
    return {r.side: r.score for r in _placings(result)}


def decide_final(
    games: Sequence[Sequence[Placing | PlacingRow]],
    *,
    games_required: int = 3,
    table: Mapping[int, Sequence[float]] | None = None,
    by_score: bool = False,
    last_game_health: Mapping[str, float] | None = None,
) -> FinalResult:
    """Add up the final's points over its games; highest total wins.

    Each game gives its places' points (``table``), or, ``by_score``, each side's score (a VP
    series that sums the VP). Until ``games_required`` games are in, the result is incomplete
    (no winner). A tie for the highest total goes to the most Health Tokens left at the end of
    the last game when ``last_game_health`` gives them (a VP mode); a tie still standing
    returns a ``tiebreak`` among the sides sharing it.
    """
    totals: dict[str, float] = {}
    sides: set[str] | None = None
    for game in games:
        pts = score_points(game) if by_score else game_points(game, table)
        if sides is None:
            sides = set(pts)
        elif set(pts) != sides:
            raise BracketError("every game of the final must have the same sides")
        for side, p in pts.items():
            totals[side] = totals.get(side, 0) + p
    health = last_game_health or {}
    order = tuple(sorted(totals.items(), key=lambda kv: (-kv[1], -health.get(kv[0], 0), kv[0])))
    complete = len(games) >= games_required
    if not complete or not order:
        return FinalResult(order, None, False)
    top = order[0][1]
    leaders = tuple(s for s, p in order if p == top)
    reason = f"{len(leaders)} sides share the highest total ({_num(top)}): one more game decides"
    if len(leaders) > 1 and last_game_health is not None:
        most = max(health.get(s, 0) for s in leaders)
        leaders = tuple(s for s in leaders if health.get(s, 0) == most)
        reason = (
            f"{len(leaders)} sides share the highest total ({_num(top)}) and the most Health "
            f"Tokens left at the end of the last game ({_num(most)}): one more game decides"
        )
    if len(leaders) == 1:
        return FinalResult(order, leaders[0], True)
    return FinalResult(order, None, True, TieBreak(leaders, 1, reason))


def _num(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x
