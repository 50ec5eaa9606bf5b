"""A whole simulated season: one organisation, one season, N events played by one pool of
players, so that the same people meet again and the season table and the ratings have history.

Every step goes through the real services (the organisation and season services, registration
of the drawn players, pairing, results, the cut, the final, the rating recompute on each closed
round), as ``manage.py simulate_event --events N`` shows.
"""

from __future__ import annotations

import datetime
import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from common.audit.actor import Actor
from leagues.models import Organisation, Season
from leagues.services import organisations as org_service
from leagues.services import seasons as season_service
from tournament.models import Tournament
from tournament.services.simulation import no_progress, player_pool, register_sides, run_event

#: how many more people the pool holds than one event's field, so fields differ event to event
POOL_FACTOR = 1.5


def free_slug(model, base: str) -> str:
    """``base``, or ``base-2``, ``base-3``... whichever no row of ``model`` has yet."""
    slug, number = base, 1
    while model.objects.filter(slug=slug).exists():
        number += 1
        slug = f"{base}-{number}"
    return slug


@dataclass(frozen=True)
class EventPlan:
    """What each event of the simulated season is: its game and size."""

    system: str
    mode: str
    sides: int
    teams: bool
    method: str
    rounds: int
    drops: int = 0


def simulate_season(
    organiser,
    plan: EventPlan,
    events: int,
    rng: random.Random,
    *,
    progress: Callable[[int, int, str], None] = no_progress,
) -> Season:
    """Make a club and a season of ``events`` events, play them all, return the season."""
    actor = Actor(user=organiser)
    label = plan.mode.replace("_", " ")
    organisation = org_service.create_organisation(
        "Simulation club", free_slug(Organisation, "simulation-club"), "Simulated", actor
    )
    season = season_service.create_season(
        organisation,
        free_slug(Season, f"simulation-season-{plan.mode.replace('_', '-')}"),
        {
            "name": f"Simulated {label} season ({events} events)",
            "game_system": plan.system,
            "best_of": min(4, events),
            "planned_events": events,
        },
        actor,
    )
    per_side = 3 if plan.teams else 1
    pool = player_pool(math.ceil(plan.sides * POOL_FACTOR) * per_side, rng)
    start = datetime.date(2026, 1, 1)
    for number in range(1, events + 1):
        tournament = Tournament.objects.create(
            name=f"{season.name}: event {number}",
            slug=free_slug(Tournament, f"{season.slug}-event-{number}"),
            organiser=organiser,
            game_system=plan.system,
            mode=plan.mode,
            pairing_method=plan.method,
            swiss_rounds=plan.rounds,
            starts_on=start + datetime.timedelta(days=28 * (number - 1)),
        )
        season_service.add_event(season, tournament, actor)
        register_sides(tournament, plan.sides, plan.teams, rng, pool=pool)

        def step(done, total, text, number=number):
            progress(done, total, f"event {number}/{events}: {text}")

        run_event(tournament, rng, drops=plan.drops, progress=step)
    return season
