"""CPU time spent during a bench phase, read from Linux's ``/proc``: by given processes, by
PostgreSQL's processes, and by the whole machine.

A request rate says how fast the machine answered; the CPU each request cost says where to
look next (the ASGI servers, PostgreSQL, or the rest of the machine, the load generator
included). On a machine that runs slower one minute than the next, the CPU per request of
one commit against another in the same minutes is the steadier figure.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")
#: clock ticks per second, the unit of ``/proc``'s CPU times
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def process_ticks(pid: int | str) -> int:
    """User plus system CPU ticks of one process so far (0 once it is gone)."""
    try:
        fields = (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)


def command_pids(matches) -> list[str]:
    """The running processes whose command (``argv[0]``) ``matches(command)`` says yes to."""
    pids = []
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().split(b"\0")[0]
            except OSError:
                continue
            if matches(command):
                pids.append(entry.name)
    return pids


def postgres_pids() -> list[str]:
    """The running PostgreSQL server processes (the postmaster and every backend)."""
    return command_pids(lambda c: c.startswith(b"postgres") or c.endswith(b"/postgres"))


def redis_pids() -> list[str]:
    """The running Redis servers."""
    return command_pids(lambda c: c.startswith(b"redis-server") or c.endswith(b"/redis-server"))


def process_tree(pid: int | str) -> list[str]:
    """A process and all its descendants (a Celery worker and its pool's children)."""
    parents: dict[str, list[str]] = {}
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            try:
                parent = (entry / "stat").read_text().rsplit(")", 1)[1].split()[1]
            except (OSError, IndexError):
                continue
            parents.setdefault(parent, []).append(entry.name)
    tree, todo = [], [str(pid)]
    while todo:
        current = todo.pop()
        tree.append(current)
        todo.extend(parents.get(current, []))
    return tree


def group_ticks(groups: dict[str, list]) -> dict[str, dict[str, int]]:
    """The CPU ticks so far of each process of each named group of pids."""
    return {name: {str(pid): process_ticks(pid) for pid in pids} for name, pids in groups.items()}


def cores_used(before: dict, after: dict, seconds: float) -> dict[str, float]:
    """Each group's CPU between two ``group_ticks`` readings, in cores (1.0 = one core busy);
    a process that started meanwhile counts from zero."""
    return {
        name: sum(t - before.get(name, {}).get(pid, 0) for pid, t in ticks.items())
        / TICKS
        / max(seconds, 1e-6)
        for name, ticks in after.items()
    }


def machine_ticks() -> int:
    """Busy CPU ticks of the whole machine so far (every state but idle and I/O wait)."""
    values = [int(v) for v in (PROC / "stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + (values[4] if len(values) > 4 else 0)
    return sum(values[:8]) - idle


@dataclass(frozen=True)
class Snapshot:
    """CPU ticks so far: the servers' together, each PostgreSQL process's, the machine's."""

    servers: int
    postgres: dict[str, int]
    machine: int


def available() -> bool:
    """Whether this machine has Linux's ``/proc`` to read."""
    return (PROC / "stat").exists()


def snapshot(server_pids: list[int]) -> Snapshot | None:
    """The CPU ticks so far of the servers, of each PostgreSQL process and of the machine."""
    if not available():
        return None
    return Snapshot(
        servers=sum(process_ticks(pid) for pid in server_pids),
        postgres={pid: process_ticks(pid) for pid in postgres_pids()},
        machine=machine_ticks(),
    )


def per_request(before: Snapshot | None, after: Snapshot | None, requests: int) -> str:
    """CPU milliseconds per request between two snapshots, as ``key=value`` figures."""
    if before is None or after is None or requests <= 0:
        return "CPU per request: not measured (no /proc)"
    postgres = sum(t - before.postgres.get(pid, 0) for pid, t in after.postgres.items())

    def ms(ticks: int) -> str:
        return f"{ticks * 1000 / TICKS / requests:.1f}"

    return (
        f"CPU per request: servers={ms(after.servers - before.servers)} ms "
        f"postgres={ms(postgres)} ms machine={ms(after.machine - before.machine)} ms"
    )
