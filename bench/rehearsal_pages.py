"""The rehearsal's page-loading clients (``bench/rehearsal.py``), in a process of their own so
that the phones' event loop does not lengthen the latencies they measure.

Each client keeps one keep-alive connection to one web process (the clients spread over the
ports, as Caddy spreads them) and loops over the event's public pages: the standings, the
round's pairings, the event page and a player's table page (a private link), as fast as the
answers come. Every answer is recorded with the wall-clock time it was asked at, its latency
and its status, so the parent can take the rush's share.
"""

from __future__ import annotations

import asyncio
import random
import time

from bench.http_load import Connection

#: what Caddy adds to every request it passes on
PROXY_HEADERS = {"X-Forwarded-Proto": "https"}
#: a browser's page request, through Caddy
PAGE_HEADERS = {**PROXY_HEADERS, "Accept": "text/html"}


def page_paths(slug: str, number: int, tokens: list[str], count: int, seed: int) -> list[str]:
    """The pages the clients go round: ``count`` rounds of the four kinds of page."""
    rng = random.Random(seed)
    paths = []
    for _ in range(count):
        paths += [
            f"/events/{slug}/standings/",
            f"/events/{slug}/rounds/{number}/",
            f"/events/{slug}/",
            f"/me/{rng.choice(tokens)}/",
        ]
    return paths


def page_kind(path: str) -> str:
    """Which of the four pages ``path`` is: standings, round, event or private."""
    if path.startswith("/me/"):
        return "private"
    if path.endswith("/standings/"):
        return "standings"
    return "round" if "/rounds/" in path else "event"


async def load_pages(ports: list[int], clients: int, paths: list[str], stop) -> list[tuple]:
    """``clients`` clients loading ``paths`` in turn until ``stop`` is set;
    (asked at, milliseconds, status or error name, page kind) for each request."""
    records: list[tuple] = []

    async def client(index: int) -> None:
        conn = Connection(ports[index % len(ports)])
        turn = index
        while not stop.is_set():
            path = paths[turn % len(paths)]
            turn += clients
            asked, started = time.time(), time.perf_counter()
            try:
                status = await asyncio.wait_for(conn.request("GET", path, PAGE_HEADERS), 30)
            except Exception as exc:  # noqa: BLE001 - recorded as an error
                status = type(exc).__name__
                conn.close()
            records.append((asked, (time.perf_counter() - started) * 1000, status, page_kind(path)))
        conn.close()

    await asyncio.gather(*(client(i) for i in range(clients)))
    return records


def run(ports: list[int], clients: int, paths: list[str], stop, results) -> None:
    """The child process's body: load pages until ``stop``, then send the records back."""
    results.put(asyncio.run(load_pages(ports, clients, paths, stop)))
