"""The rehearsal's clients (``bench/rehearsal.py``): the players' phones, the projectors, the
players reporting and confirming, and the organiser. All speak to the web processes on
127.0.0.1, spread over their ports as Caddy would spread them, with Caddy's
``X-Forwarded-Proto: https``.

* A **phone** is its player's private page (``/me/<token>/``) as ``static/js/live.js`` runs it:
  the event's socket (``/ws/tournaments/<id>/?token=...&after=...``), which carries
  ``round.published``. On that push it reloads its page at a random moment of the spread the
  push names (``reload_spread_ms``, after 0.3 s, as live.js does) and checks that the page shows
  its table in the new round; a busy server's 503 page asks again after its ``Retry-After``, as
  the page does by itself (counted, not an error). A socket that closes is an error and
  reconnects after a second, as live.js does (its ``after`` brings the news it missed).
* The two **projectors** are the organiser's screens, signed in: the round's clock
  (``/ws/rounds/<id>/``: every table's ``result.accepted`` must reach it; every
  ``RESYNC_SECONDS`` it asks the socket for what moved since it last asked, as live.js does on
  the projector page) and the pairings board (the event's socket; on ``round.published`` it
  loads the new round's board).
* A **table** is its four players' phones acting through their door, the API with their
  private link's token (``X-Entrant-Token``): one reports, the three others confirm.
* The **organiser** closes the round and pairs the next (``close-and-pair``, as the console's
  button), follows the pairing job the worker runs, and publishes the new round.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import re
import time
import uuid
from dataclasses import dataclass, field

from websockets.asyncio.client import connect

from bench.http_load import Connection
from bench.rehearsal_pages import PAGE_HEADERS

ORIGIN = "https://127.0.0.1"
#: live.js reloads a page 0.3 s after the push that asks it to, plus a random moment of the
#: push's ``reload_spread_ms`` (this one when it names none)
RELOAD_DELAY, DEFAULT_SPREAD_MS = 0.3, 2500
#: the projector page's data-live-resync: seconds between its sockets' resyncs
RESYNC_SECONDS = 5
#: a phone gives up reloading a busy server's page after this long
BUSY_GIVE_UP_SECONDS = 60
AFTER = re.compile(rb'data-live-after="(\d+)"')


@dataclass
class Tally:
    """What went wrong (kind -> count) and the moments the figures are taken from."""

    errors: collections.Counter = field(default_factory=collections.Counter)
    busy: int = 0  # 503 answers (Retry-After) a phone asked again after
    confirmed_at: list[float] = field(default_factory=list)  # each table's last confirmation
    first_report_at: float | None = None

    def error(self, kind: str) -> None:
        self.errors[kind] += 1


async def fetch(port: int, method: str, path: str, headers: dict, body=None) -> tuple:
    """One request on a connection of its own (a phone's, the organiser's), through Caddy;
    a page unless ``headers`` ask for JSON. The status and body, or the name of the error
    (a timeout, a refused connection) and no body."""
    conn = Connection(port)
    data = json.dumps(body).encode() if body is not None else b""
    try:
        return await asyncio.wait_for(
            conn.exchange(method, path, {**PAGE_HEADERS, **headers}, data), 60
        )
    except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError) as exc:
        return type(exc).__name__, b""
    finally:
        conn.close()


class Socket:
    """One websocket client that reconnects, as live.js does, until told to stop."""

    def __init__(self, port: int, path: str, tally: Tally, cookie: str | None = None):
        self.port, self.path, self.tally, self.cookie = port, path, tally, cookie
        self.stopping = False
        self.connected = asyncio.Event()
        self.conn = None  # the open connection, to send on

    async def messages(self, limit: asyncio.Semaphore):
        """Every message's JSON, across reconnections."""
        headers = {"Cookie": self.cookie} if self.cookie else {}
        while not self.stopping:
            try:
                async with limit:
                    conn = await connect(
                        f"ws://127.0.0.1:{self.port}{self.path}",
                        origin=ORIGIN,
                        additional_headers=headers,
                        open_timeout=60,
                        max_queue=256,
                    )
                self.connected.set()
                self.conn = conn
                async with conn:
                    async for raw in conn:
                        yield json.loads(raw)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - counted, then reconnected
                lost = f"socket {type(exc).__name__}"
            else:
                lost = "socket closed by the server"
            self.conn = None
            if not self.stopping:
                self.tally.error(lost)
                await asyncio.sleep(1)


@dataclass
class Phone:
    token: str
    port: int
    published_at: float | None = None  # round.published of the next round arrived
    shown_at: float | None = None  # the reloaded page showed the new round's table


async def run_phone(phone: Phone, socket: Socket, info: dict, tally: Tally, limit, rng) -> None:
    """A phone on its private page until its reloaded page shows its next table."""
    after = int(time.time() * 1000)  # when its page was drawn
    socket.path = f"/ws/tournaments/{info['tournament']}/?token={phone.token}&after={after}"
    spread_ms = DEFAULT_SPREAD_MS
    async with contextlib.aclosing(socket.messages(limit)) as messages:
        async for message in messages:
            if message.get("type") == "round.published" and message.get("number") == info["next"]:
                phone.published_at = time.perf_counter()
                spread_ms = message.get("reload_spread_ms", DEFAULT_SPREAD_MS)
                socket.stopping = True
                break
    await asyncio.sleep(RELOAD_DELAY + rng.uniform(0, spread_ms / 1000))
    status, body = await reload_page(phone, tally)
    if status != 200:
        tally.error(f"phone page {status}")
    elif f"Round {info['next']}: table".encode() not in body:
        tally.error("phone page without its new table")
    else:
        phone.shown_at = time.perf_counter()


async def reload_page(phone: Phone, tally: Tally) -> tuple:
    """The phone's page reloaded; a 503 (a busy server) asked again after its Retry-After, as
    the busy page does by itself, for at most ``BUSY_GIVE_UP_SECONDS``."""
    started = time.perf_counter()
    while True:
        status, body, headers = await fetch_with_headers(phone.port, f"/me/{phone.token}/")
        waited = time.perf_counter() - started
        if status != 503 or waited > BUSY_GIVE_UP_SECONDS:
            return status, body
        tally.busy += 1
        await asyncio.sleep(float(headers.get("retry-after", 5)))


async def fetch_with_headers(port: int, path: str) -> tuple:
    """A page: its status, body and headers (lower-case names); an error's name otherwise."""
    conn = Connection(port)
    try:
        status, body = await asyncio.wait_for(conn.exchange("GET", path, PAGE_HEADERS), 60)
        return status, body, conn.last_headers
    except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError) as exc:
        return type(exc).__name__, b"", {}
    finally:
        conn.close()


async def resync(socket: Socket, after: int) -> None:
    """Every ``RESYNC_SECONDS``, ask the socket for what moved since the last time (live.js's
    data-live-resync on the projector page)."""
    while True:
        await asyncio.sleep(RESYNC_SECONDS)
        now = int(time.time() * 1000)
        if socket.conn is not None:
            with contextlib.suppress(Exception):
                await socket.conn.send(json.dumps({"action": "sync", "after": after}))
                after = now


async def run_clock_projector(info: dict, port: int, tally: Tally, limit, accepted: set) -> None:
    """The round's clock on the projector: adds to ``accepted`` each table whose acceptance
    reached it (until cancelled)."""
    page = f"/events/{info['slug']}/manage/rounds/{info['number']}/clock/"
    cookie = {"Cookie": info["cookie"]}
    status, body = await fetch(port, "GET", page, cookie)
    if status != 200:
        tally.error(f"projector page {status}")
    drawn = AFTER.search(body or b"")
    after = int(drawn[1]) if drawn else int(time.time() * 1000)
    socket = Socket(port, f"/ws/rounds/{info['round']}/?after={after}", tally, info["cookie"])
    syncing = asyncio.create_task(resync(socket, after)) if drawn else None
    try:
        async with contextlib.aclosing(socket.messages(limit)) as messages:
            async for message in messages:
                if message.get("type") == "result.accepted":
                    accepted.add(message["match"])
    finally:
        if syncing is not None:
            syncing.cancel()


async def run_board_projector(info: dict, port: int, tally: Tally, limit) -> bool:
    """The pairings board: whether it heard of the new round (then it loads its board)."""
    board = f"/events/{info['slug']}/manage/rounds/{{}}/board/"
    cookie = {"Cookie": info["cookie"]}
    status, _ = await fetch(port, "GET", board.format(info["number"]), cookie)
    if status != 200:
        tally.error(f"board page {status}")
    socket = Socket(port, f"/ws/tournaments/{info['tournament']}/", tally, info["cookie"])
    async with contextlib.aclosing(socket.messages(limit)) as messages:
        async for message in messages:
            if message.get("type") == "round.published" and message.get("number") == info["next"]:
                socket.stopping = True
                break
    if not socket.stopping:
        return False
    status, _ = await fetch(port, "GET", board.format(info["next"]), cookie)
    if status != 200:
        tally.error(f"board page {status}")
    return True


async def post_as(port: int, token: str, path: str, body: dict) -> tuple[int, dict]:
    """A player's result POST through the API, with its token and an idempotency key."""
    headers = {
        "X-Entrant-Token": token,
        "Content-Type": "application/json",
        "Accept": "application/json",
        "Idempotency-Key": str(uuid.uuid4()),
    }
    status, content = await fetch(port, "POST", path, headers, body)
    try:
        return status, json.loads(content or b"{}")
    except ValueError:
        return status, {}


async def run_table(table: dict, ports: dict, window: float, tally: Tally, rng) -> None:
    """One table's report at a random moment of the window, then its three confirmations,
    each at a random moment between the report and the window's end."""
    started = time.perf_counter()
    await asyncio.sleep(rng.uniform(0, window * 0.7))
    if tally.first_report_at is None:
        tally.first_report_at = time.perf_counter()
    results = f"/api/v1/matches/{table['match']}/results/"
    status, version = await post_as(
        ports[table["reporter"]], table["reporter"], results, {"report": table["report"]}
    )
    if status != 201:
        tally.error(f"report {status}")
        return
    confirm = f"{results}{version['number']}/confirm/"
    last = 0.0

    async def confirm_as(token: str) -> None:
        nonlocal last
        left = max(0.0, window - (time.perf_counter() - started))
        await asyncio.sleep(rng.uniform(0, left))
        answer, _ = await post_as(ports[token], token, confirm, {})
        if answer != 200:
            tally.error(f"confirmation {answer}")
        last = max(last, time.perf_counter())

    await asyncio.gather(*(confirm_as(token) for token in table["confirmers"]))
    tally.confirmed_at.append(last)


async def turn_over(info: dict, port: int, tally: Tally) -> dict[str, float]:
    """The organiser: close the round and pair the next (the worker's job), then publish it;
    the moment each step was answered."""
    auth = {
        "Authorization": f"Token {info['api_token']}",
        "Content-Type": "application/json",
        "Accept": "application/json",
    }
    rounds = f"/api/v1/tournaments/{info['slug']}/rounds/"
    moments = {}
    status, body = await fetch(port, "POST", f"{rounds}{info['number']}/close-and-pair/", auth, {})
    moments["closed"] = time.perf_counter()
    if status != 202:
        raise SystemExit(f"close-and-pair answered {status}: {body[:300]!r}")
    job = json.loads(body)
    while job["status"] not in ("done", "failed"):
        await asyncio.sleep(0.2)
        status, body = await fetch(port, "GET", f"/api/v1/jobs/{job['id']}/", auth)
        job = json.loads(body) if status == 200 else job
    moments["paired"] = time.perf_counter()
    if job["status"] != "done" or job["round"] != info["next"]:
        raise SystemExit(f"the pairing job ended {job['status']}: {job.get('error')}")
    status, body = await fetch(port, "POST", f"{rounds}{info['next']}/publish/", auth, {})
    moments["published"] = time.perf_counter()
    if status != 200:
        raise SystemExit(f"publish answered {status}: {body[:300]!r}")
    return moments
