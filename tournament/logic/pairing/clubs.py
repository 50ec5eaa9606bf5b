"""Keep clubmates apart: sides of one club (or teams of one organisation) at different tables.

``seat_apart`` seats the round twice: as always, then with every pair of clubmates counted as if
they had met (so the repeat repair moves them apart). The second seating is kept only when it is
free: no more real repeat opponents and, for a method that groups by points (Swiss), no wider
points spread than the first. In round 1 both are nil, so clubmates are kept apart whenever the
field allows it. The explanation's ``clubs`` record says how many tables still seat clubmates
and why: a club with more sides than the round has tables cannot be kept apart; otherwise
keeping them apart would have cost repeat opponents or the points grouping, or the search found
no way.

Club names match whatever their case and spacing ("Club X" and "club  x" are one club). A team's
clubs are its players' clubs; two teams sharing one are of the same organisation.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

from tournament.logic.pairing.method import PairingMethod
from tournament.logic.pairing.types import AllianceOptions, Pairing, PairingOptions, Pod, Side

#: seats ``sides`` with ``rng`` into a fresh explanation: the method's ``seat`` for one round
Seat = Callable[[Sequence[Side], random.Random], Pairing]


def club_key(name: str) -> str:
    """The name a club is matched by: case and spacing ignored."""
    return " ".join(name.split()).casefold()


def club_members(sides: Sequence[Side]) -> dict[str, list[str]]:
    """Each club (by its first spelling, in side order) and its sides' ids, for clubs of two or
    more sides."""
    names: dict[str, str] = {}
    members: dict[str, list[str]] = defaultdict(list)
    for side in sides:
        for club in sorted(side.clubs):
            key = club_key(club)
            if key:
                names.setdefault(key, club.strip())
                if side.id not in members[key]:
                    members[key].append(side.id)
    return {names[key]: ids for key, ids in members.items() if len(ids) > 1}


def with_clubmates_as_met(sides: Sequence[Side], clubs: dict[str, list[str]]) -> list[Side]:
    """The sides with their clubmates added to the opponents they have met."""
    mates: dict[str, set[str]] = defaultdict(set)
    for ids in clubs.values():
        for sid in ids:
            mates[sid].update(x for x in ids if x != sid)
    return [replace(s, opponents=s.opponents | mates[s.id]) if s.id in mates else s for s in sides]


def clubmate_tables(pods: Sequence[Pod], clubs: dict[str, list[str]]) -> list[dict[str, Any]]:
    """The tables that seat two sides of one club: table, club and the sides."""
    club_of: dict[str, list[str]] = defaultdict(list)
    for club, ids in clubs.items():
        for sid in ids:
            club_of[sid].append(club)
    found = []
    for pod in pods:
        for a, b in combinations(pod.sides, 2):
            for club in club_of[a]:
                if club in club_of[b]:
                    found.append({"table": pod.table, "club": club, "sides": sorted((a, b))})
    return found


def _real_repeats(pods: Sequence[Pod], sides: Sequence[Side]) -> tuple[tuple[Pod, ...], int]:
    """The pods with their repeats recounted from the opponents really met, and the total."""
    met = {s.id: s.opponents for s in sides}
    out = []
    for pod in pods:
        pairs = tuple(
            sorted(tuple(sorted((a, b))) for a, b in combinations(pod.sides, 2) if b in met[a])
        )
        out.append(replace(pod, repeats=pairs))  # type: ignore[arg-type]
    return tuple(out), sum(len(p.repeats) for p in out)


def seat_field(
    method: PairingMethod,
    sides: Sequence[Side],
    sizes: Sequence[int],
    rng: random.Random,
    explanation: dict[str, Any],
    options: PairingOptions | AllianceOptions,
) -> Pairing:
    """Seat ``sides`` into tables of ``sizes`` by ``method`` (each seating on its own copy of
    ``explanation``), keeping clubmates apart where it is free when ``options.clubs_apart``."""

    def seat(field: Sequence[Side], draw: random.Random) -> Pairing:
        return method.seat(
            field,
            sizes,
            rng=draw,
            explanation=dict(explanation),
            round_number=options.round_number,
            seeding=options.seeding,
        )

    if options.clubs_apart:
        return seat_apart(seat, sides, rng, by_points=method.by_points)
    return seat(sides, rng)


def seat_apart(
    seat: Seat, sides: Sequence[Side], rng: random.Random, *, by_points: bool
) -> Pairing:
    """Seat the round keeping clubmates apart where it is free (module docstring); the points
    spread counts only for a method that groups by points (``by_points``, e.g. Swiss)."""
    state = rng.getstate()
    plain = seat(sides, rng)
    clubs = club_members(sides)
    if not clubs:
        return _recorded(plain, clubs, "")
    before = clubmate_tables(plain.pods, clubs)
    if not before:
        return _recorded(plain, clubs, "")
    again = random.Random()
    again.setstate(state)
    apart = seat(with_clubmates_as_met(sides, clubs), again)
    pods, repeats = _real_repeats(apart.pods, sides)
    if repeats > plain.repeats or (by_points and apart.spread > plain.spread):
        return _recorded(plain, clubs, "cost")
    pairs = [{"table": p.table, "sides": list(pair)} for p in pods for pair in p.repeats]
    explanation = {**plain.explanation, "spread": apart.explanation.get("spread", 0)}
    explanation["repeat_pairs"] = pairs
    chosen = replace(apart, pods=pods, repeats=repeats, explanation=explanation)
    return _recorded(chosen, clubs, "search")


def _recorded(pairing: Pairing, clubs: dict[str, list[str]], why: str) -> Pairing:
    """The pairing with its ``clubs`` record (module docstring)."""
    found = clubmate_tables(pairing.pods, clubs)
    tables = sorted({f["table"] for f in found})
    record: dict[str, Any] = {"clubs": len(clubs), "tables_with_clubmates": tables}
    if tables:
        crowded = sorted(c for c, ids in clubs.items() if len(ids) > len(pairing.pods))
        record["pairs"] = found
        if crowded:
            record["reason"] = "crowded"
            record["crowded_clubs"] = {c: len(clubs[c]) for c in crowded}
        else:
            record["reason"] = why or "search"
        record["text"] = clubs_text(record, len(pairing.pods))
    return replace(pairing, explanation={**pairing.explanation, "clubs": record})


def clubs_text(record: dict[str, Any], tables: int) -> str:
    """The explanation's sentence for tables that still seat clubmates (English; the pages
    translate their own wording from the record's figures)."""
    count = len(record["tables_with_clubmates"])
    head = f"{count} table(s) seat clubmates"
    if record["reason"] == "crowded":
        clubs = ", ".join(f"{c} ({n})" for c, n in record["crowded_clubs"].items())
        return f"{head}: too many players from {clubs} for {tables} table(s)"
    if record["reason"] == "cost":
        return f"{head}: keeping them apart would have cost repeat opponents or the points grouping"
    return f"{head}: no grouping found keeps every club apart"
