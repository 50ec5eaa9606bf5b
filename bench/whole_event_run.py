"""One size of ``bench/whole_event.py``, in a process of its own: Django set up on the fresh
database the parent made, ``manage.py simulate_event`` played with a stopwatch round each
stage, then the figures (and, with ``--pages``, the pages: ``whole_event_pages.py``)."""

from __future__ import annotations

import contextlib
import functools
import io
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path

import django

django.setup()

from cpu_usage import TICKS, process_ticks  # noqa: E402 - bench/ is on the path
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from leagues.services import ratings  # noqa: E402
from tournament.models import Tournament  # noqa: E402
from tournament.services import simulation  # noqa: E402

RATINGS = "ratings replay"
#: inventing the games stands for the players playing them: timed apart, not the software's
PLAY = "simulated play"
#: the pages opened during the event (``--pages``): timed by ``whole_event_pages``, not here
PAGES = "pages"


def cpu_seconds() -> float:
    """The processor time spent so far by this process and, on PostgreSQL, by the backend of
    its connection (where the queries run): the software's own cost, which the machine's
    load does not inflate as it does the wall-clock time."""
    spent = time.process_time()
    if connection.vendor == "postgresql":
        connection.ensure_connection()
        spent += process_ticks(connection.connection.info.backend_pid) / TICKS
    return spent


class Stopwatch:
    """Each stage's own time (wall clock and processor) and SQL statements: a stage inside
    another is counted for itself and taken out of the one around it (a round's results minus
    the ratings replay it asked for)."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.cpu: dict[str, float] = defaultdict(float)
        self.queries: dict[str, int] = defaultdict(int)
        self.order: list[str] = []
        self.statements = 0
        self.inside: list[list] = []  # per open stage: [time, statements, cpu] within it

    def count(self, execute, sql, params, many, context):
        """A ``connection.execute_wrapper``: counts every statement."""
        self.statements += 1
        return execute(sql, params, many, context)

    @contextlib.contextmanager
    def stage(self, name: str) -> Iterator[None]:
        if name not in self.order:
            self.order.append(name)
        began, statements, cpu = time.perf_counter(), self.statements, cpu_seconds()
        self.inside.append([0.0, 0, 0.0])
        try:
            yield
        finally:
            nested_time, nested_statements, nested_cpu = self.inside.pop()
            spent = time.perf_counter() - began
            ran = self.statements - statements
            used = cpu_seconds() - cpu
            self.seconds[name] += spent - nested_time
            self.queries[name] += ran - nested_statements
            self.cpu[name] += used - nested_cpu
            if self.inside:
                self.inside[-1][0] += spent
                self.inside[-1][1] += ran
                self.inside[-1][2] += used

    def timed(self, name: str, function: Callable) -> Callable:
        """``function`` counted as stage ``name`` whenever it runs."""

        @functools.wraps(function)
        def wrapper(*args, **kwargs):
            with self.stage(name):
                return function(*args, **kwargs)

        return wrapper


def memory_mb(field: str) -> float:
    """``VmRSS`` (resident now) or ``VmHWM`` (its peak) of this process, from Linux."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def reset_peak() -> None:
    """Start the peak afresh (the migrations' memory is not the event's)."""
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")


def play(args) -> None:
    """Play one event of ``args.one`` sides and print each stage's figures."""
    call_command("migrate", verbosity=0)
    if args.pages or args.pages_on:  # production settings need the static files' manifest
        call_command("collectstatic", interactive=False, verbosity=0)
    if args.pages_on:
        import whole_event_pages  # noqa: PLC0415 - only with --pages

        tournament = Tournament.objects.get(slug="bench")
        label = f"n={tournament.entrants.count()} db={connection.vendor} kept"
        whole_event_pages.open_pages(tournament, label, whole_event_pages.page_paths(tournament))
        return
    watch = Stopwatch()
    # the closed rounds' ratings replay on commit (eager task): timed as a stage of their own
    ratings.replay = watch.timed(RATINGS, ratings.replay)
    ratings.recompute = watch.timed(RATINGS, ratings.recompute)
    simulation.random_game = watch.timed(PLAY, simulation.random_game)
    options = ["--players", str(args.one), "--method", args.method, "--rounds", str(args.rounds)]
    options += ["--seed", str(args.seed), "--slug", "bench"] + (["--teams"] if args.teams else [])
    label = f"n={args.one} db={connection.vendor} method={args.method}" + (
        " teams" if args.teams else ""
    )
    reset_peak()
    print(f"== {label}: start at {memory_mb('VmRSS'):.0f} MB", flush=True)
    began = time.perf_counter()
    stage = watch.stage
    if args.pages:
        import whole_event_pages  # noqa: PLC0415 - only with --pages

        @contextlib.contextmanager
        def stage(name: str) -> Iterator[None]:
            """Each stage; before the last Swiss round's results, its draft's pages."""
            if name == f"round {args.rounds} results":
                with watch.stage(PAGES):
                    tournament = Tournament.objects.get(slug="bench")
                    paths = whole_event_pages.draft_paths(tournament)
                    whole_event_pages.open_pages(tournament, label, paths)
            with watch.stage(name):
                yield

    with connection.execute_wrapper(watch.count), contextlib.redirect_stderr(io.StringIO()):
        call_command("simulate_event", *options, stage=stage, stdout=io.StringIO())
    wall = time.perf_counter() - began
    for name in (name for name in watch.order if name != PAGES):
        print(
            f"  {label} stage={name.replace(' ', '_')} "
            f"s={watch.seconds[name]:.2f} cpu_s={watch.cpu[name]:.2f} "
            f"queries={watch.queries[name]}"
        )
    software = sum(s for name, s in watch.seconds.items() if name not in (PLAY, PAGES))
    software_cpu = sum(s for name, s in watch.cpu.items() if name not in (PLAY, PAGES))
    print(
        f"  {label} software_s={software:.1f} software_cpu_s={software_cpu:.1f} "
        f"play_s={watch.seconds[PLAY]:.1f} "
        f"wall_s={wall:.1f} peak_mb={memory_mb('VmHWM'):.0f}",
        flush=True,
    )
    if args.pages:
        tournament = Tournament.objects.get(slug="bench")
        whole_event_pages.open_pages(tournament, label, whole_event_pages.page_paths(tournament))
    sys.stdout.flush()
