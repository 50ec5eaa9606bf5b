"""Compute ordered standings from plain rows: from the placings, or from per-entrant tallies.

Cost: O(total seats) to gather totals from placings (plus the distinct opponents per entrant
when a tiebreaker needs them), or O(entrants + opponents) from tallies; then one sort of the
entrants. Both entry points rank with the same code, so equal totals give equal standings.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from tournament.ids import id_sort_key

from .metrics import DEFAULT_TIEBREAKERS, Metric, Totals, get_metric
from .totals import Tally
from .types import Entrant, GamePlacing, StandingRow, StandingsError


def compute_standings(
    entrants: Sequence[Entrant],
    placings: Iterable[GamePlacing],
    tiebreakers: Sequence[str] = DEFAULT_TIEBREAKERS,
    *,
    matches: Mapping[str, Sequence[str]] | None = None,
    tie_seed: int | None = None,
) -> list[StandingRow]:
    """Order the entrants by points, then by each tiebreaker in turn (higher first).

    placings: every game result to count (pass the Swiss rounds only).
    matches: optional match id -> entrant ids (the opponents); by default the entrants
        of a match are those with a placing carrying its id.
    tie_seed: order of true ties (equal on everything): by entrant id when None (numeric
        ids by number, so "6" comes before "15"), else a seeded draw. Positions are unique;
        true ties share a rank.
    """
    metrics = _metrics(tiebreakers)
    index = _index(entrants)
    n = len(entrants)
    needed = sorted({s for m in metrics for s in m.stats})
    need_opps = any(m.needs_opponents for m in metrics)
    totals = Totals([0] * n, [0] * n, [0] * n, [0] * n, {s: [0] * n for s in needed})
    members: dict[str, list[int]] = {}
    points, games, byes, firsts = totals.points, totals.games, totals.byes, totals.firsts
    stat_lists = [(s, totals.stats[s]) for s in needed]
    for p in placings:
        i = index.get(p.entrant_id)
        if i is None:
            raise StandingsError(f"placing for unknown entrant {p.entrant_id!r}")
        points[i] += p.points
        if p.match_id is None:
            byes[i] += 1
        else:
            games[i] += 1
            if need_opps and matches is None:
                members.setdefault(p.match_id, []).append(i)
        if p.place == 1:
            firsts[i] += 1
        if stat_lists:
            st = p.stats
            for name, acc in stat_lists:
                v = st.get(name)
                if v:
                    acc[i] += v
    if need_opps:
        opps: list[set[int]] = [set() for _ in range(n)]
        if matches is not None:
            groups: Iterable[list[int]] = (_indices(ids, index) for ids in matches.values())
        else:
            groups = members.values()
        for group in groups:
            for a in group:
                oa = opps[a]
                for b in group:
                    if b != a:
                        oa.add(b)
        totals.opponents = opps
    return _rank(entrants, totals, metrics, tie_seed)


def standings_from_totals(
    entrants: Sequence[Entrant],
    tallies: Mapping[str, Tally],
    tiebreakers: Sequence[str] = DEFAULT_TIEBREAKERS,
    *,
    tie_seed: int | None = None,
) -> list[StandingRow]:
    """The same standings as ``compute_standings`` gives, from each entrant's ``Tally``.

    An entrant missing from ``tallies`` has played nothing. A tally needs only the stats the
    tiebreakers name; its opponents must be entrants given.
    """
    metrics = _metrics(tiebreakers)
    index = _index(entrants)
    n = len(entrants)
    needed = sorted({s for m in metrics for s in m.stats})
    need_opps = any(m.needs_opponents for m in metrics)
    totals = Totals([0] * n, [0] * n, [0] * n, [0] * n, {s: [0] * n for s in needed})
    points, games, byes, firsts = totals.points, totals.games, totals.byes, totals.firsts
    stat_lists = [(s, totals.stats[s]) for s in needed]
    opps: list[set[int]] = [set() for _ in range(n)] if need_opps else []
    for entrant_id, t in tallies.items():
        i = index.get(entrant_id)
        if i is None:
            raise StandingsError(f"totals for unknown entrant {entrant_id!r}")
        points[i], games[i], byes[i], firsts[i] = t.points, t.games, t.byes, t.firsts
        for name, acc in stat_lists:
            v = t.stats.get(name)
            if v:
                acc[i] = v
        if need_opps and t.opponents:
            opps[i] = set(_indices(t.opponents, index))
    if need_opps:
        totals.opponents = opps
    return _rank(entrants, totals, metrics, tie_seed)


def _metrics(tiebreakers: Sequence[str]) -> list[Metric]:
    metrics = [get_metric(k) for k in tiebreakers]
    if len({m.key for m in metrics}) != len(metrics):
        raise StandingsError("a tiebreaker is listed twice")
    return metrics


def _index(entrants: Sequence[Entrant]) -> dict[str, int]:
    index: dict[str, int] = {}
    for i, e in enumerate(entrants):
        if e.id in index:
            raise StandingsError(f"entrant {e.id!r} is listed twice")
        index[e.id] = i
    return index


def _rank(
    entrants: Sequence[Entrant], totals: Totals, metrics: Sequence[Metric], tie_seed: int | None
) -> list[StandingRow]:
    """The standings rows: points, then each metric, then the order of true ties."""
    n = len(entrants)
    points, games, byes = totals.points, totals.games, totals.byes
    values = [[m.value(i, totals) for m in metrics] for i in range(n)]
    if tie_seed is None:
        tie = [id_sort_key(e.id) for e in entrants]
    else:
        draw = list(range(n))
        random.Random(tie_seed).shuffle(draw)
        tie = [0] * n
        for pos, i in enumerate(draw):
            tie[i] = pos
    order = sorted(range(n), key=lambda i: ([-points[i]] + [-v for v in values[i]], tie[i]))

    rows: list[StandingRow] = []
    rank = 0
    prev = None
    for pos, i in enumerate(order, start=1):
        key = (points[i], *values[i])
        if key != prev:
            rank, prev = pos, key
        e = entrants[i]
        rows.append(
            StandingRow(
                position=pos,
                rank=rank,
                entrant_id=e.id,
                name=e.name,
                status=e.status,
                points=points[i],
                tiebreaks=tuple(
                    (m.key, m.display(v)) for m, v in zip(metrics, values[i], strict=True)
                ),
                games_played=games[i],
                byes=byes[i],
            )
        )
    return rows


def _indices(ids: Sequence[str], index: Mapping[str, int]) -> list[int]:
    out = []
    for x in ids:
        i = index.get(x)
        if i is None:
            raise StandingsError(f"match lists unknown entrant {x!r}")
        out.append(i)
    return out
