"""Playing a whole event with random legal games, through the same services as the pages.

``run_event`` registers the sides (new players, or players drawn from a pool so that the same
people meet again across a season's events), pairs and plays every Swiss round, makes the cut
and plays the elimination to a champion. Games come from ``tournament.logic.simulated_games``
(random legal
events through the rules engine). Used by ``manage.py simulate_event`` (one event, or a season
of them with ``--events``) and by tests that need finished events.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from contextlib import AbstractContextManager

from django.db.models import Prefetch

from common.audit.actor import Actor
from matches.models import Seat
from matches.services.results import enter_result
from tournament.logic.demo_names import person_names, team_names
from tournament.logic.simulated_games import random_game
from tournament.models import (
    Entrant,
    EntrantStatus,
    Player,
    RoundStatus,
    Team,
    TeamMember,
    Tournament,
)
from tournament.services.elimination import advance_elimination, start_elimination
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round
from tournament.services.standings_revision import bump_standings_revision

MAX_ELIMINATION_STEPS = 40


def no_progress(done: int, total: int, label: str) -> None:
    """The default progress report: none."""


def no_stage(name: str) -> AbstractContextManager:
    """The default stage marker: nothing (a bench passes a timer: ``bench/whole_event.py``)."""
    return contextlib.nullcontext()


def register_sides(
    tournament: Tournament,
    count: int,
    teams: bool,
    rng: random.Random,
    pool: list[Player] | None = None,
) -> None:
    """Register ``count`` checked-in sides: players, or teams of the sizes the mode seats. With
    ``pool``, the players are drawn from it (so the same people play again; a team event needs
    up to three players a team in the pool), else they are new. The rows go in by bulk (a few
    statements for 10,000 sides, where one by one the standings' revision was bumped for each),
    and the standings' revision moves once."""
    if not teams:
        players = (
            rng.sample(pool, count)
            if pool is not None
            else Player.objects.bulk_create(Player(name=name) for name in person_names(count, rng))
        )
        sides = [{"player": player, "display_name": player.name} for player in players]
    else:
        members = iter(rng.sample(pool, len(pool))) if pool is not None else None
        sizes = tournament.mode_fit.team_sizes  # what the mode seats (King of the Hill: 2)
        sides, rosters = [], []
        for name in team_names(count, rng):
            size = rng.choice(sizes)
            rosters.append(
                [next(members) for _ in range(size)]
                if members is not None
                else [Player(name=member) for member in person_names(size, rng)]
            )
            sides.append({"team": Team(name=name), "display_name": name})
        if members is None:
            Player.objects.bulk_create(player for roster in rosters for player in roster)
        Team.objects.bulk_create(side["team"] for side in sides)
        TeamMember.objects.bulk_create(
            TeamMember(team=side["team"], player=player)
            for side, roster in zip(sides, rosters, strict=True)
            for player in roster
        )
    Entrant.objects.bulk_create(
        Entrant(tournament=tournament, seed=index, status=EntrantStatus.CHECKED_IN, **side)
        for index, side in enumerate(sides, 1)
    )
    bump_standings_revision(tournament.pk)  # what the entrants' save signal does, once


def player_pool(size: int, rng: random.Random) -> list[Player]:
    """``size`` new players with distinct names, to draw a season's fields from."""
    return [Player.objects.create(name=name) for name in person_names(size, rng)]


def drop_sides(tournament: Tournament, count: int, rng: random.Random) -> None:
    """Drop ``count`` random sides after round 2 (keeping at least four)."""
    active = list(tournament.entrants.exclude(status=EntrantStatus.DROPPED))
    for entrant in rng.sample(active, min(count, len(active) - 4)):
        entrant.status = EntrantStatus.DROPPED
        entrant.dropped_after_round = 2
        entrant.save(update_fields=["status", "dropped_after_round"])


def play_round(round_, rng: random.Random, referee: Actor) -> None:
    """Publish the round if it is a draft, enter a random legal result at each table, close it."""
    if round_.status == RoundStatus.DRAFT:
        round_ = publish_round(round_)
    tournament = round_.tournament
    # the teams' members read with the seats (a count per seat was a query each)
    seats = Seat.objects.select_related("entrant__team").prefetch_related(
        "entrant__team__memberships"
    )
    for match in round_.matches.filter(is_bye=False).prefetch_related(Prefetch("seats", seats)):
        sides = [
            (str(s.entrant_id), len(s.entrant.team.memberships.all()) if s.entrant.team else 1)
            for s in match.seats.all()
        ]
        report = random_game(tournament.game_system, tournament.mode, sides, rng)
        enter_result(match, report, referee)
    complete_round(round_)


def run_event(
    tournament: Tournament,
    rng: random.Random,
    *,
    drops: int = 0,
    progress: Callable[[int, int, str], None] = no_progress,
    stage: Callable[[str], AbstractContextManager] = no_stage,
) -> str:
    """Play the registered event from round 1 to its champion; the last step's message.

    ``stage(name)`` wraps each step (a round's pairing, its results, the cut, each elimination
    step), so that a caller can time them."""
    referee = Actor(user=tournament.organiser)
    rounds = tournament.swiss_rounds
    total = rounds + 4
    for number in range(1, rounds + 1):
        progress(number - 1, total, f"Swiss round {number}")
        with stage(f"round {number} pairing"):
            round_ = generate_swiss_round(tournament, seed=rng.randrange(2**40))
        with stage(f"round {number} results"):
            play_round(round_, rng, referee)
        if number == 2 and drops:
            drop_sides(tournament, drops, rng)
    with stage("cut"):
        state = start_elimination(tournament)
    for step in range(MAX_ELIMINATION_STEPS):
        progress(min(rounds + 1 + step, total - 1), total, state.message)
        with stage(f"elimination step {step + 1}"):
            for round_ in tournament.rounds.exclude(status=RoundStatus.COMPLETE):
                play_round(round_, rng, referee)
            state = advance_elimination(tournament)
        if state.champion:
            break
    progress(total, total, "done")
    return state.message
