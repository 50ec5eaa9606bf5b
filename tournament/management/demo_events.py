"""Demo events to look at, built through the real services and the real scoring code.

- a 24-player club night after three Swiss rounds (round 4 published, half its results in);
- a 64-player convention event after five Swiss rounds, in its elimination groups;
- a 16-team Alliance event (teams of two and three) after four of five rounds.

Every game is played out by ``tournament.logic.simulated_games`` through the rules engine's live
model, and
every result goes through ``matches.services.results``, exactly as a referee's entry would.
"""

import datetime
import random

from django.contrib.auth import get_user_model
from django.db import transaction

from common.audit.actor import Actor
from leagues.models import Organisation, Season
from leagues.services.organisations import create_organisation
from leagues.services.seasons import add_event, create_season
from matches.models import LiveEvent, LiveGame, ResultResponse, ResultVersion
from matches.services.results import enter_result
from tournament.logic.demo_names import person_names, team_names
from tournament.logic.simulated_games import random_battle
from tournament.models import (
    Entrant,
    EntrantStatus,
    Player,
    Round,
    StaffRole,
    StaffRoleKind,
    Team,
    TeamMember,
    Tournament,
    TournamentStatus,
)
from tournament.services.elimination import start_elimination
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round

DEMO_USERS = {
    "admin": ("admin-demo", True),
    "organiser": ("organiser-demo", False),
    "referee": ("referee-demo", False),
}
DEMO_SLUGS = ("club-night", "eye-con-open", "alliance-cup")
DEMO_CLUB, DEMO_SEASON = "riverside-games-club", "riverside-league-2026"


def demo_users() -> dict:
    """The demo logins (created once; passwords reset to the documented ones).

    Each has a verified e-mail address (``<username>@demo.invalid``, which no mail reaches), so
    it signs in on the site's sign-in page at once; only ``admin`` may use the Django admin.
    """
    from allauth.account.models import EmailAddress

    users = {}
    for username, (password, superuser) in DEMO_USERS.items():
        user, _ = get_user_model().objects.get_or_create(username=username)
        user.set_password(password)
        user.email = f"{username}@demo.invalid"
        user.is_staff = superuser
        user.is_superuser = superuser
        user.save()
        EmailAddress.objects.update_or_create(
            user=user, email=user.email, defaults={"verified": True, "primary": True}
        )
        users[username] = user
    return users


def new_event(users, slug, name, *, days_ago, **settings) -> Tournament:
    """A tournament owned by the demo organiser, refereed by the demo referee."""
    tournament = Tournament.objects.create(
        slug=slug,
        name=name,
        organiser=users["organiser"],
        starts_on=datetime.date.today() - datetime.timedelta(days=days_ago),
        status=TournamentStatus.REGISTRATION,
        **settings,
    )
    StaffRole.objects.create(
        tournament=tournament, user=users["organiser"], role=StaffRoleKind.ORGANISER
    )
    StaffRole.objects.create(
        tournament=tournament, user=users["referee"], role=StaffRoleKind.REFEREE
    )
    return tournament


def register_players(tournament, names) -> list[Entrant]:
    """One checked-in entrant per name, seeded in registration order."""
    players = Player.objects.bulk_create(Player(name=name) for name in names)
    return Entrant.objects.bulk_create(
        Entrant(
            tournament=tournament,
            player=player,
            display_name=player.name,
            seed=index,
            status=EntrantStatus.CHECKED_IN,
        )
        for index, player in enumerate(players, 1)
    )


def register_teams(tournament, team_names, rng) -> list[Entrant]:
    """Teams of two or three named players, one checked-in entrant each."""
    entrants = []
    for index, team_name in enumerate(team_names, 1):
        team = Team.objects.create(name=team_name)
        size = rng.choice((2, 2, 3))
        for name in person_names(size, rng):
            TeamMember.objects.create(team=team, player=Player.objects.create(name=name))
        entrants.append(
            Entrant.objects.create(
                tournament=tournament,
                team=team,
                display_name=team_name,
                seed=index,
                status=EntrantStatus.CHECKED_IN,
            )
        )
    return entrants


def play_round(round_: Round, rng: random.Random, referee, *, fraction: float = 1.0) -> None:
    """Play the round's games at random and enter their results (all, or a fraction)."""
    tournament = round_.tournament
    matches = list(round_.matches.filter(is_bye=False).prefetch_related("seats__entrant__team"))
    for match in matches[: round(len(matches) * fraction)]:
        sides = [
            (
                str(seat.entrant_id),
                seat.entrant.team.memberships.count() if seat.entrant.team else 1,
            )
            for seat in match.seats.all()
        ]
        report = random_battle(tournament.mode, sides, rng, max_events=rng.randint(18, 36))
        enter_result(match, report, Actor(user=referee))


def run_swiss(tournament, rng, referee, *, complete: int, partial: float | None = None) -> None:
    """Pair, publish and play ``complete`` rounds; then optionally one more, partly played."""
    for _ in range(complete):
        round_ = publish_round(generate_swiss_round(tournament, seed=rng.randrange(2**40)))
        play_round(round_, rng, referee)
        complete_round(round_)
    if partial is not None:
        round_ = publish_round(generate_swiss_round(tournament, seed=rng.randrange(2**40)))
        play_round(round_, rng, referee, fraction=partial)


@transaction.atomic
def build_demo(seed: int = 2026) -> list[Tournament]:
    """Create the three demo events (the caller removes old ones first)."""
    rng = random.Random(seed)
    users = demo_users()
    referee = users["referee"]

    club = new_event(
        users,
        "club-night",
        "Thursday Club Night",
        days_ago=0,
        venue="The Hex & Dice, back room",
        pairing_method="swiss",
    )
    register_players(club, person_names(24, rng))
    run_swiss(club, rng, referee, complete=3, partial=0.5)

    convention = new_event(
        users,
        "eye-con-open",
        "Eye-Con Open 2026",
        days_ago=1,
        venue="Riverside Convention Centre, hall B",
        pairing_method="random",
    )
    register_players(convention, person_names(64, rng))
    run_swiss(convention, rng, referee, complete=5)
    start_elimination(convention)
    first_stage_round = convention.rounds.order_by("-number").first()
    publish_round(first_stage_round)
    play_round(first_stage_round, rng, referee, fraction=0.5)

    alliance = new_event(
        users,
        "alliance-cup",
        "Alliance Cup",
        days_ago=3,
        venue="Northside Games Club",
        mode="alliances",
        pairing_method="swiss",
    )
    register_teams(alliance, team_names(16, rng), rng)
    run_swiss(alliance, rng, referee, complete=4)
    demo_season(users["organiser"], [alliance, convention, club])
    return [club, convention, alliance]


def demo_season(organiser, events) -> None:
    """A club that runs the three events as its season (best 2 of 4), through the services."""
    actor = Actor(user=organiser)
    organisation = create_organisation("Riverside Games Club", DEMO_CLUB, "Riverside", actor)
    season = create_season(
        organisation,
        DEMO_SEASON,
        {"name": "Riverside League 2026", "best_of": 2, "planned_events": 4},
        actor,
    )
    for event in events:
        add_event(season, event, actor)


def remove_demo() -> None:
    """Delete the demo events and everything in them (results included), and the demo club."""
    Season.objects.filter(slug=DEMO_SEASON).delete()
    Organisation.objects.filter(slug=DEMO_CLUB).delete()
    events = Tournament.objects.filter(slug__in=DEMO_SLUGS)
    ResultResponse.objects.filter(version__match__round__tournament__in=events).delete()
    LiveEvent.objects.filter(game__match__round__tournament__in=events).delete()
    LiveGame.objects.filter(match__round__tournament__in=events).delete()
    versions = ResultVersion.objects.filter(match__round__tournament__in=events)
    for version in versions.order_by("-number"):  # later versions point at earlier ones
        version.delete()
    teams = list(Team.objects.filter(entries__tournament__in=events).values_list("pk", flat=True))
    players = set(
        Player.objects.filter(entries__tournament__in=events).values_list("pk", flat=True)
    )
    players |= set(TeamMember.objects.filter(team_id__in=teams).values_list("player_id", flat=True))
    events.delete()
    Team.objects.filter(pk__in=teams).delete()
    Player.objects.filter(pk__in=players).delete()
