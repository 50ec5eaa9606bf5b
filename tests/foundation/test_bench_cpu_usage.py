"""``bench/cpu_usage.py``: the CPU a bench phase cost, per request, read from ``/proc``."""

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import cpu_usage  # noqa: E402

pytestmark = pytest.mark.skipif(not cpu_usage.available(), reason="Linux's /proc only")


def test_the_ticks_between_two_snapshots_are_shared_out_over_the_requests():
    ticks = cpu_usage.TICKS
    before = cpu_usage.Snapshot(servers=0, postgres={"10": 5, "11": 0}, machine=100)
    # a backend that started during the phase counts from zero; one that ended counts nothing
    after = cpu_usage.Snapshot(
        servers=ticks, postgres={"10": 5 + ticks // 2, "12": ticks // 2}, machine=100 + 3 * ticks
    )
    assert cpu_usage.per_request(before, after, 100) == (
        "CPU per request: servers=10.0 ms postgres=10.0 ms machine=30.0 ms"
    )
    assert "not measured" in cpu_usage.per_request(None, after, 100)
    assert "not measured" in cpu_usage.per_request(before, after, 0)


def test_a_snapshot_reads_this_process_and_the_machine():
    sum(range(2_000_000))  # some CPU of our own
    snapshot = cpu_usage.snapshot([os.getpid()])
    assert snapshot.servers > 0 and snapshot.machine >= snapshot.servers
    assert cpu_usage.process_ticks(2**22 + 12345) == 0  # no such process
    assert all(pid.isdigit() for pid in snapshot.postgres)
