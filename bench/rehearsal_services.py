"""The compose process set without containers, for ``bench/rehearsal.py``: every project
process is ``deploy/entrypoint.sh`` with its role, as compose.yaml and the systemd units run it.

``migrate`` and ``collectstatic`` run once; then two ``web`` processes (uvicorn, each on its own
port: the clients spread over them as Caddy would) and one ``worker`` (Celery, its default
concurrency) start against the PostgreSQL and Redis given, with production settings
(``DEBUG=0``, ``BEHIND_TLS_PROXY=1``: the clients send ``X-Forwarded-Proto: https`` as Caddy
does). The site is ready when both web processes answer ``/readyz`` with 200, which needs the
worker's heartbeat. Each process writes its output to ``var/rehearsal/<name>.log``.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import secrets
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.http_load import free_port, stop_servers

ROOT = Path(__file__).resolve().parents[1]
ENTRYPOINT = ROOT / "deploy" / "entrypoint.sh"
LOGS = ROOT / "var" / "rehearsal"


def service_env(database_url: str, redis_url: str, workdir: Path) -> dict:
    """The processes' environment: production settings on loopback, behind a (missing) proxy."""
    env = {k: v for k, v in os.environ.items() if k not in ("TEST_REDIS_URL", "SQLITE_PATH")}
    env.update(
        PYTHON=sys.executable,
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        BEHIND_TLS_PROXY="1",
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
        STATIC_ROOT=str(workdir / "static"),
        PROMETHEUS_MULTIPROC_DIR=str(workdir / "metrics"),
    )
    return env


@dataclass
class ProcessSet:
    """The running processes: name -> (process, port or None)."""

    env: dict
    processes: dict[str, tuple[subprocess.Popen, int | None]] = field(default_factory=dict)
    log_marks: dict[str, int] = field(default_factory=dict)

    @property
    def ports(self) -> list[int]:
        return [port for _, port in self.processes.values() if port is not None]

    def pids(self) -> dict[str, int]:
        return {name: proc.pid for name, (proc, _) in self.processes.items()}

    def start(self, name: str, role: str, port: int | None = None) -> None:
        env = dict(self.env, PORT=str(port)) if port else self.env
        log = (LOGS / f"{name}.log").open("w")
        proc = subprocess.Popen(
            [str(ENTRYPOINT), role], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
        )
        self.processes[name] = (proc, port)

    def run_once(self, role: str) -> None:
        """A one-shot role (migrate, collectstatic); stops the rehearsal if it fails."""
        done = subprocess.run(
            [str(ENTRYPOINT), role], cwd=ROOT, env=self.env, capture_output=True, text=True
        )
        if done.returncode != 0:
            raise SystemExit(f"entrypoint.sh {role} failed:\n{done.stderr[-3000:]}")

    def wait_ready(self, seconds: float = 120) -> None:
        """Until every web process answers ``/readyz`` with 200 (database, Redis, a worker)."""
        deadline = time.monotonic() + seconds
        for name, (proc, port) in self.processes.items():
            while port is not None:
                if proc.poll() is not None:
                    raise SystemExit(f"{name} exited at start: see {LOGS / name}.log")
                if readyz(port) == 200:
                    break
                if time.monotonic() > deadline:
                    raise SystemExit(f"{name} was not ready in {seconds:.0f} s: see its log")
                time.sleep(0.5)

    def stop(self) -> None:
        """SIGTERM to each, as compose stops them; a kill for one that does not stop."""
        stop_servers(list(self.processes.values()))

    def mark_logs(self) -> None:
        """From here on, ``errors_logged`` counts (the start's refused probes are not errors)."""
        self.log_marks = {name: (LOGS / f"{name}.log").stat().st_size for name in self.processes}

    def errors_logged(self) -> int:
        """Lines with ERROR the processes logged since ``mark_logs`` (Django's, uvicorn's and
        Celery's formats all spell the level so)."""
        count = 0
        for name in self.processes:
            with contextlib.suppress(OSError), (LOGS / f"{name}.log").open("rb") as log:
                log.seek(self.log_marks.get(name, 0))
                count += sum(b"ERROR" in line for line in log)
        return count


def readyz(port: int) -> int | None:
    """The status of ``GET /readyz`` on ``port``, None while nothing answers."""
    with contextlib.suppress(OSError, http.client.HTTPException):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        try:
            conn.request("GET", "/readyz")
            return conn.getresponse().status
        finally:
            conn.close()
    return None


def prepared_process_set(database_url: str, redis_url: str, workdir: Path) -> ProcessSet:
    """The one-shot roles done (migrate, collectstatic); nothing running yet."""
    shutil.rmtree(LOGS, ignore_errors=True)
    LOGS.mkdir(parents=True)
    services = ProcessSet(service_env(database_url, redis_url, workdir))
    services.run_once("migrate")
    services.run_once("collectstatic")
    return services


def start_serving(services: ProcessSet) -> None:
    """web1, web2 and the worker, ready to serve (all stopped again if one fails to)."""
    try:
        services.start("web1", "web", free_port())
        services.start("web2", "web", free_port())
        services.start("worker", "worker")
        services.wait_ready()
        services.mark_logs()
    except BaseException:
        services.stop()
        raise
