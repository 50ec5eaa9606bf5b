"""Compute ordered standings from plain rows: from the placings, or from per-entrant tallies.

Cost: O(total seats) to gather totals from placings (plus the distinct opponents per entrant
when a tiebreaker needs them), or O(entrants + opponents) from tallies; then one sort of the
entrants. Both entry points rank with the same code, so equal totals give equal standings.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from tournament.logic.ids import id_sort_key
from tournament.logic.standings.metrics import DEFAULT_TIEBREAKERS, Metric, Totals, get_metric
from tournament.logic.standings.totals import FieldTotals
from tournament.logic.standings.types import (
    Entrant,
    GamePlacing,
    StandingRow,
    StandingsError,
    is_first_place,
)


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
        if is_first_place(p):
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
    return _rank(
        [e.id for e in entrants],
        [e.name for e in entrants],
        [e.status for e in entrants],
        totals,
        metrics,
        tie_seed,
    )


def standings_from_totals(
    field: FieldTotals,
    tiebreakers: Sequence[str] = DEFAULT_TIEBREAKERS,
    *,
    tie_seed: int | None = None,
) -> list[StandingRow]:
    """The same standings as ``compute_standings`` gives, from every entrant's totals.

    ``field.stats`` needs only the stats the tiebreakers name; each entrant's opponents must be
    ids of the field.
    """
    metrics = _metrics(tiebreakers)
    ids = field.ids
    index = _index_of_ids(ids)
    n = len(ids)
    totals = Totals(field.points, field.games, field.byes, field.firsts, {})
    for name in sorted({s for m in metrics for s in m.stats}):
        totals.stats[name] = field.stats.get(name) or [0] * n
    if any(m.needs_opponents for m in metrics):
        find = index.__getitem__
        try:
            totals.opponents = [list(map(find, met)) for met in field.opponents]
        except KeyError as exc:
            raise StandingsError(f"totals name an unknown opponent {exc.args[0]!r}") from None
    return _rank(ids, field.names, field.statuses, totals, metrics, tie_seed)


def _metrics(tiebreakers: Sequence[str]) -> list[Metric]:
    metrics = [get_metric(k) for k in tiebreakers]
    if len({m.key for m in metrics}) != len(metrics):
        raise StandingsError("a tiebreaker is listed twice")
    return metrics


def _index(entrants: Sequence[Entrant]) -> dict[str, int]:
    return _index_of_ids([e.id for e in entrants])


def _index_of_ids(ids: Sequence[str]) -> dict[str, int]:
    index = {entrant_id: i for i, entrant_id in enumerate(ids)}
    if len(index) != len(ids):
        seen: set[str] = set()
        for entrant_id in ids:
            if entrant_id in seen:
                raise StandingsError(f"entrant {entrant_id!r} is listed twice")
            seen.add(entrant_id)
    return index


def _rank(
    ids: Sequence[str],
    names: Sequence[str],
    statuses: Sequence[str],
    totals: Totals,
    metrics: Sequence[Metric],
    tie_seed: int | None,
) -> list[StandingRow]:
    """The standings rows: points, then each metric, then the order of true ties."""
    n = len(ids)
    points, games, byes = totals.points, totals.games, totals.byes
    columns = [m.values(totals, n) for m in metrics]
    tie: list[tuple[int, int, str]] | list[int]
    if tie_seed is None:
        tie = [id_sort_key(entrant_id) for entrant_id in ids]
    else:
        draw = list(range(n))
        random.Random(tie_seed).shuffle(draw)
        drawn = [0] * n
        for pos, i in enumerate(draw):
            drawn[i] = pos
        tie = drawn
    # one key a side: points and each tiebreaker negated (higher first), then the tie order
    keys = list(zip(*[[-v for v in column] for column in (points, *columns)], tie, strict=True))
    order = sorted(range(n), key=keys.__getitem__)
    shown = [
        [(m.key, m.display(v)) for v in column] for m, column in zip(metrics, columns, strict=True)
    ]
    tiebreaks = list(zip(*shown, strict=True)) if shown else [()] * n

    rows: list[StandingRow] = []
    rank = 0
    prev = None
    for pos, i in enumerate(order, start=1):
        key = keys[i][:-1]
        if key != prev:
            rank, prev = pos, key
        rows.append(
            StandingRow(
                position=pos,
                rank=rank,
                entrant_id=ids[i],
                name=names[i],
                status=statuses[i],
                points=points[i],
                tiebreaks=tiebreaks[i],
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
