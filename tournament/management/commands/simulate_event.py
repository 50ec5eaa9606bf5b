"""``manage.py simulate_event``: run a whole event, registration to champion, with random games.

Every game is played out through the rules engine's live model
(``tournament.logic.simulated_games``) and
every step goes through the same services as the pages: pairing, result entry, closing rounds,
the cut, tie-breaks and the final. Prints a progress bar, the final standings and the bracket.
"""

import random
import sys

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor
from django.utils.translation import gettext as _

from engine import api as engine_api
from leagues.models import PlayerRating
from leagues.services.season_simulation import EventPlan, simulate_season
from leagues.services.season_standings import season_standings
from tournament.logic.pairing import method_keys
from tournament.logic.simulated_games import EYE_FOR_AN_EYE, EYE_VS_EYE, TSUKUYUMI
from tournament.models import EntrantStatus, StageKind, Tournament
from tournament.models.people import MAX_SEED
from tournament.services.rounds import RoundError
from tournament.services.simulation import no_stage, register_sides, run_event
from tournament.services.standings import compute_standings

MAX_EVENTS = 50
#: what --mode names: (game system, mode)
MODES = {
    **{
        mode: (EYE_FOR_AN_EYE, mode)
        for mode in (
            "every_eye",
            "alliances",
            "nymphlet_ceremony",
            "king_of_the_hill",
            "domination",
            "nymphlet_ceremony_alliance",
            "king_of_the_hill_alliance",
            "domination_alliance",
        )
    },
    "eye_vs_eye": (EYE_VS_EYE, "standard"),
    "tsukuyumi": (TSUKUYUMI, "standard"),
    "tsukuyumi_two_player": (TSUKUYUMI, "two_player"),
}


def require_migrated_database() -> None:
    """Stop with what to run when the database lacks the project's tables."""
    executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
    pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
    if pending:
        where = settings.DATABASES["default"]["NAME"]
        raise CommandError(
            f"the database ({where}) is not set up: run `manage.py migrate` first "
            f"({len(pending)} migration(s) to apply)"
        )


def free_slug(base: str) -> str:
    """``base``, or ``base-2``, ``base-3``... whichever no event has yet."""
    slug, number = base, 1
    while Tournament.objects.filter(slug=slug).exists():
        number += 1
        slug = f"{base}-{number}"
    return slug


class Command(BaseCommand):
    help = (
        "Simulate a whole event with random legal games and print standings and bracket. "
        "The same --seed gives the same event, whatever else the database holds."
    )
    #: ``stage``: a callable ``stage(name)`` giving a context manager around each step (from
    #: ``call_command`` only: ``bench/whole_event.py`` times the steps with it)
    stealth_options = ("stage",)

    def add_arguments(self, parser):
        parser.add_argument(
            "--players", type=int, default=32, help="Players (or teams); default %(default)s."
        )
        parser.add_argument(
            "--teams", action="store_true", help="Alliances: teams of the sizes the mode seats."
        )
        parser.add_argument(
            "--mode",
            choices=sorted(MODES),
            default=None,
            help="The game: an Eye for an Eye mode, eye_vs_eye, tsukuyumi or "
            "tsukuyumi_two_player; default every_eye (alliances with --teams).",
        )
        parser.add_argument(
            "--method",
            choices=method_keys(),
            default="swiss",
            help="How rounds are paired; default %(default)s.",
        )
        parser.add_argument(
            "--rounds", type=int, default=5, help="Swiss rounds; default %(default)s."
        )
        parser.add_argument(
            "--seed", type=int, default=1, help="Seed of every draw; default %(default)s."
        )
        parser.add_argument(
            "--drops", type=int, default=0, help="Sides leaving after round 2; default none."
        )
        parser.add_argument(
            "--events",
            type=int,
            default=1,
            help="A season of this many events (a club, a season, one pool of players who "
            "meet again); prints the season table and the ratings; default one event.",
        )
        parser.add_argument(
            "--slug",
            default=None,
            help="The event's web address; default simulation-<mode>-<players>-<seed>, "
            "numbered on when taken.",
        )

    def handle(
        self,
        *args,
        players,
        teams,
        method,
        rounds,
        seed,
        drops,
        slug,
        mode,
        events,
        stage=no_stage,
        **options,
    ):
        if players < 2:
            raise CommandError("an event needs at least two sides")
        if players > MAX_SEED:
            raise CommandError(
                _(
                    "--players is at most %(most)s: every simulated side is seeded, and a "
                    "seed is 1 to %(most)s on the platform (the largest real events have about "
                    "10,000 players)"
                )
                % {"most": MAX_SEED}
            )
        if not 1 <= events <= MAX_EVENTS:
            raise CommandError(f"--events is 1 to {MAX_EVENTS}")
        require_migrated_database()
        rng = random.Random(seed)
        label = mode or ("alliances" if teams else "every_eye")
        system, mode = MODES[label]
        teams = engine_api.describe(system, mode)["side_kind"] == "team"
        organiser, _created = get_user_model().objects.get_or_create(username="simulation")
        if events > 1:
            plan = EventPlan(system, mode, players, teams, method, rounds, drops)
            try:
                season = simulate_season(organiser, plan, events, rng, progress=self.progress)
            except RoundError as exc:
                raise CommandError(f"no elimination stage: {exc}") from exc
            self.stdout.write("")
            self.print_season(season)
            return
        if slug is None:
            slug = free_slug(f"simulation-{label}-{players}-{seed}")
        elif Tournament.objects.filter(slug=slug).exists():
            raise CommandError(f"{slug!r} exists already; pass another --slug (or none)")
        tournament = Tournament.objects.create(
            name=f"Simulated {label.replace('_', ' ')} event ({players} sides, seed {seed})",
            slug=slug,
            organiser=organiser,
            game_system=system,
            mode=mode,
            pairing_method=method,
            swiss_rounds=rounds,
        )
        with stage("registration"):
            register_sides(tournament, players, teams, rng)
        try:
            message = run_event(tournament, rng, drops=drops, progress=self.progress, stage=stage)
        except RoundError as exc:
            raise CommandError(f"no elimination stage: {exc}") from exc
        self.stdout.write("")
        with stage("standings"):
            self.print_standings(tournament)
        with stage("bracket"):
            self.print_bracket(tournament)
        self.stdout.write(self.style.SUCCESS(message))

    def progress(self, done, total, label):
        width = 30
        filled = int(width * done / total)
        bar = "#" * filled + "-" * (width - filled)
        sys.stderr.write(f"\r[{bar}] {done}/{total} {label[:60]:<60}")
        sys.stderr.flush()

    def print_standings(self, tournament):
        self.stdout.write("\nFinal Swiss standings")
        for row in compute_standings(tournament)[:20]:
            dropped = " (dropped)" if row.status == EntrantStatus.DROPPED else ""
            breaks = " ".join(f"{k}={v:g}" for k, v in row.tiebreaks)
            self.stdout.write(
                f"{row.rank:>4}. {row.name:<32} {row.points:>5g} pts  {breaks}{dropped}"
            )

    def print_season(self, season):
        table = season_standings(season)
        self.stdout.write(f"\n{season.name}: best {season.best_of} of {season.planned_events}")
        self.stdout.write(f"  page: /seasons/{season.slug}/")
        for row in table.rows[:20]:
            results = " ".join(
                f"{c.points:g}" if c.counts else f"({c.points:g})" for c in row.results
            )
            self.stdout.write(
                f"{row.position:>4}. {table.name(row.player):<28} {row.total:>6g}  {results}"
            )
        self.stdout.write(f"\nBest ratings ({season.game_system}), the skill estimate mu")
        ratings = PlayerRating.objects.filter(system=season.game_system).select_related("player")
        for number, rating in enumerate(ratings.order_by("-mu")[:10], 1):
            self.stdout.write(
                f"{number:>4}. {rating.player.name:<28} {rating.mu:>6.2f} ({rating.games} games)"
            )

    def print_bracket(self, tournament):
        self.stdout.write("\nElimination (seed number before each name)")
        rounds = tournament.rounds.exclude(stage__kind=StageKind.SWISS).select_related("stage")
        seeds = cut_seeds(rounds)
        for round_ in rounds.order_by("number"):
            for match in round_.matches.prefetch_related("seats__entrant"):
                line = ", ".join(
                    f"{_seed_label(seeds, s.entrant_id)}{s.entrant.display_name} "
                    f"({float(s.points):g})"
                    for s in match.seats.order_by("place")
                )
                label = match.group_label + (
                    f" game {match.game_in_series}" if round_.stage.kind == StageKind.FINAL else ""
                )
                self.stdout.write(f"  {label:<16} {line}")


def cut_seeds(rounds) -> dict[int, int]:
    """Seed number by entrant id, from the first elimination round's record of the cut."""
    for round_ in rounds.order_by("number"):
        seeds = (round_.pairing_report or {}).get("seeds")
        if seeds and round_.stage.kind != StageKind.TIE_BREAK:
            return {int(side): number for number, side in enumerate(seeds, 1)}
    return {}


def _seed_label(seeds: dict[int, int], entrant_id: int) -> str:
    return f"[{seeds[entrant_id]}] " if entrant_id in seeds else ""
