"""The event's final order: who finished where, from the final down to the Swiss field.

Pure (no Django). The champion first; then the rest of the final by their totals over its
games; then everyone knocked out in the last group stage, by their place in their group game;
then the stage before it likewise; then everyone else in the Swiss standings' order. Equal
places within a stage (the second of group A and of group D) keep the Swiss order between
them, so the order is total and reproducible.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Finish:
    """Where one side finished: its final position and how it got there, in words."""

    side: str
    position: int
    reached: str  # "Champion", "Final", a stage's name, or "Swiss"
    detail: str  # e.g. "runner-up in the final (9 points)", "3rd in group AD", "12th after the
    # Swiss rounds"

    @property
    def place(self) -> str:
        """The final position in words: "1st", "22nd"."""
        return ordinal(self.position)


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def final_order(
    swiss_order: Sequence[str],
    group_stages: Sequence[tuple[str, Mapping[str, tuple[int, str]]]],
    final_totals: Sequence[tuple[str, float]],
    champion: str | None,
    *,
    by_score: bool = False,
) -> list[Finish]:
    """The whole field in its final order.

    ``swiss_order``: every side, best first, as the Swiss standings end. ``group_stages``: the
    elimination group stages before the final, first to last, each ``(name, {side: (place in
    its group game, group label)})``. ``final_totals``: the final's sides with their totals.
    ``champion``: the winner (it may have won a tie-break game the totals do not show).
    """
    swiss_rank = {side: i for i, side in enumerate(swiss_order)}
    unknown = len(swiss_order)
    placed: list[tuple[str, str, str]] = []
    seen: set[str] = set()

    unit = "VP" if by_score else "points"
    finalists = sorted(
        final_totals, key=lambda st: (st[0] != champion, -st[1], swiss_rank.get(st[0], unknown))
    )
    for place, (side, total) in enumerate(finalists, start=1):
        reached = "Champion" if side == champion else "Final"
        rank = "winner" if reached == "Champion" else "runner-up" if place == 2 else ordinal(place)
        placed.append((side, reached, f"{rank} in the final ({_num(total)} {unit})"))
        seen.add(side)

    for name, places in reversed(group_stages):
        out = [s for s in places if s not in seen]
        out.sort(key=lambda s: (places[s][0], swiss_rank.get(s, unknown)))
        for side in out:
            place, group = places[side]
            placed.append((side, name, f"{ordinal(place)} in group {group}"))
            seen.add(side)

    for index, side in enumerate(swiss_order, start=1):
        if side not in seen:
            placed.append((side, "Swiss", f"{ordinal(index)} after the Swiss rounds"))
            seen.add(side)

    return [Finish(side, i, reached, detail) for i, (side, reached, detail) in enumerate(placed, 1)]
