"""Where the rehearsal's CPU goes (``bench/rehearsal.py``): each process of the set, sampled
from ``/proc`` every second, and which one limits the machine.

The groups: the two web processes, the worker (Celery and its pool's children), PostgreSQL
(its server processes and the backends of the rehearsal's database), Redis, the bench's own
clients (the load generator shares the 2 cores), and "other": the rest of the machine (other
databases' backends, other people's work on a shared machine).
"""

from __future__ import annotations

import asyncio
import os
import time
from dataclasses import dataclass, field

import cpu_usage

#: a Python process above this share of one core is as busy as its interpreter lets it be
SATURATED = 0.9


def postgres_of(database: str):
    """The PostgreSQL processes that serve ``database``: the server's own (postmaster,
    writers, autovacuum) and that database's client backends, not other databases' ones."""
    name = database.encode()

    def matches(command: bytes) -> bool:
        if not (command.startswith(b"postgres") or command.endswith(b"/postgres")):
            return False
        parts = command.split(b": ")
        if len(parts) < 3:
            return True
        words = parts[2].split()
        is_client = b"(" in parts[2] or b"[local]" in parts[2]
        return not is_client or (len(words) > 1 and words[1] == name)

    return matches


@dataclass
class Sampler:
    """Every second: the time, the machine's busy ticks and each group's ticks."""

    groups: dict  # name -> callable returning the group's pids now
    samples: list = field(default_factory=list)

    def read(self) -> None:
        ticks = cpu_usage.group_ticks({name: pids() for name, pids in self.groups.items()})
        self.samples.append((time.perf_counter(), cpu_usage.machine_ticks(), ticks))

    async def run(self) -> None:
        while True:
            self.read()
            await asyncio.sleep(1)

    def usage(self, start: float, end: float) -> tuple[dict, dict]:
        """Cores used between ``start`` and ``end`` (the samples nearest inside them): the
        average of each group, "other" and "machine"; and each one's busiest second."""
        inside = [s for s in self.samples if start - 0.5 <= s[0] <= end + 0.5]
        if len(inside) < 2:
            return {}, {}
        average = self._between(inside[0], inside[-1])
        peak: dict[str, float] = {}
        for before, after in zip(inside, inside[1:], strict=False):
            for name, cores in self._between(before, after).items():
                peak[name] = max(peak.get(name, 0.0), cores)
        return average, peak

    @staticmethod
    def _between(before, after) -> dict[str, float]:
        seconds = after[0] - before[0]
        cores = cpu_usage.cores_used(before[2], after[2], seconds)
        machine = (after[1] - before[1]) / cpu_usage.TICKS / max(seconds, 1e-6)
        cores["other"] = max(0.0, machine - sum(cores.values()))
        cores["machine"] = machine
        return cores


def process_groups(pids: dict[str, int], database: str, bench_pids: list[int]) -> dict:
    """The groups to sample: each web process, the worker's tree, PostgreSQL, Redis, the bench."""
    groups = {name: (lambda pid=pid: [pid]) for name, pid in pids.items() if name != "worker"}
    if "worker" in pids:
        groups["worker"] = lambda: cpu_usage.process_tree(pids["worker"])
    groups["postgres"] = lambda: cpu_usage.command_pids(postgres_of(database))
    groups["redis"] = cpu_usage.redis_pids
    groups["bench clients"] = lambda: bench_pids
    return groups


def cpu_line(label: str, cores: dict) -> str:
    """``label: web1=0.85 web2=0.80 ... machine=1.95 of 2 cores`` (cores used, 1.0 = one)."""
    if not cores:
        return f"{label}: not measured (no /proc or too short)"
    shown = " ".join(f"{name.replace(' ', '_')}={value:.2f}" for name, value in cores.items())
    return f"{label}: {shown} of {os.cpu_count()} cores"


def limit_note(average: dict, peak: dict, cores: int | None = None) -> str:
    """Which process limits the rehearsal on this machine, from its CPU shares."""
    cores = cores or os.cpu_count() or 1
    if not average:
        return "limit: not measured"
    machine = average["machine"]
    groups = {k: v for k, v in average.items() if k != "machine"}
    busiest = max(groups, key=groups.get)
    single = [n for n in groups if n.startswith("web") and peak.get(n, 0) >= SATURATED]
    if machine >= SATURATED * cores:
        ours = max((k for k in groups if k != "other"), key=groups.get)
        return (
            f"limit: the {cores} cores are full ({machine:.2f} cores busy); the largest share "
            f"is {busiest} ({groups[busiest]:.2f} cores), of the process set {ours} "
            f"({groups[ours]:.2f})"
        )
    if single:
        return (
            f"limit: {', '.join(single)} at a whole core in its busiest second (one Python "
            f"process uses one core); the machine had {cores - machine:.2f} cores idle"
        )
    return f"limit: none; the machine was {machine:.2f} of {cores} cores busy, {busiest} most"
