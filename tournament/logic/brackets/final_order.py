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

from common.logic.words import Worded, gettext_noop, ngettext_noop, ordinal, ordinal_worded

#: a finalist's total: points of the places, or Victory Points summed (``by_score``)
POINTS = ngettext_noop("%(total)s point", "%(total)s points")
VP = gettext_noop("%(total)s VP")
#: how a finalist placed, by their place in the final (1: the winner, 2: the runner-up)
IN_THE_FINAL = {
    1: gettext_noop("winner in the final (%(total)s)"),
    2: gettext_noop("runner-up in the final (%(total)s)"),
}
PLACE_IN_THE_FINAL = gettext_noop("%(place)s in the final (%(total)s)")
IN_GROUP = gettext_noop("%(place)s in group %(group)s")
AFTER_SWISS = gettext_noop("%(place)s after the Swiss rounds")


@dataclass(frozen=True)
class Finish:
    """Where one side finished: its final position and how it got there, in words."""

    side: str
    position: int
    reached: str  # "Champion", "Final", a stage's name, or "Swiss"
    #: e.g. "runner-up in the final (9 points)", "3rd in group AD", "12th after the Swiss
    #: rounds": English as a string, said in the reader's language by a door (``Worded.say``)
    detail: Worded

    @property
    def place(self) -> str:
        """The final position in words: "1st", "22nd"."""
        return ordinal(self.position)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _total(total: float, by_score: bool) -> Worded:
    if by_score:
        return Worded("final_total_vp", VP, {"total": _num(total)})
    singular, plural = POINTS
    params = {"total": _num(total), "count": total}
    return Worded("final_total_points", singular, params, plural=plural, count="count")


def _in_the_final(place: int, champion: bool, total: Worded) -> Worded:
    rank = 1 if champion else place if place == 2 else 0
    if rank in IN_THE_FINAL:
        return Worded("final_place", IN_THE_FINAL[rank], {"total": total})
    params = {"place": ordinal_worded(place), "total": total}
    return Worded("final_place", PLACE_IN_THE_FINAL, params)


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
    placed: list[tuple[str, str, Worded]] = []
    seen: set[str] = set()

    finalists = sorted(
        final_totals, key=lambda st: (st[0] != champion, -st[1], swiss_rank.get(st[0], unknown))
    )
    for place, (side, total) in enumerate(finalists, start=1):
        reached = "Champion" if side == champion else "Final"
        detail = _in_the_final(place, side == champion, _total(total, by_score))
        placed.append((side, reached, detail))
        seen.add(side)

    for name, places in reversed(group_stages):
        out = [s for s in places if s not in seen]
        out.sort(key=lambda s: (places[s][0], swiss_rank.get(s, unknown)))
        for side in out:
            place, group = places[side]
            params = {"place": ordinal_worded(place), "group": group}
            placed.append((side, name, Worded("group_place", IN_GROUP, params)))
            seen.add(side)

    for index, side in enumerate(swiss_order, start=1):
        if side not in seen:
            params = {"place": ordinal_worded(index)}
            placed.append((side, "Swiss", Worded("swiss_place", AFTER_SWISS, params)))
            seen.add(side)

    return [Finish(side, i, reached, detail) for i, (side, reached, detail) in enumerate(placed, 1)]
