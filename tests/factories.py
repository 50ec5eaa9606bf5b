"""factory_boy factories for the models, used across the test suite."""

import factory
from django.contrib.auth import get_user_model

from matches.models import Match, ResultVersion, Seat, VersionKind
from tournament.models import Entrant, Player, Round, Stage, StageKind, Team, Tournament


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ["username"]

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("a-long-test-password")


def verified_user(username: str, email: str | None = None, **fields):
    """A user who can sign in on the site's sign-in page: their e-mail address is verified."""
    email = email or f"{username}@example.org"
    return verify_email(UserFactory(username=username, email=email, **fields), email)


def verify_email(user, email: str | None = None):
    """``user`` with a confirmed e-mail address (as with mandatory verification, needed to sign
    in or use an API token); ``<username>@example.org`` unless the user has one or it is given."""
    from allauth.account.models import EmailAddress

    email = email or user.email or f"{user.get_username()}@example.org"
    EmailAddress.objects.update_or_create(
        user=user, email=email, defaults={"verified": True, "primary": True}
    )
    return user


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    name = factory.Sequence(lambda n: f"Test Cup {n}")
    slug = factory.Sequence(lambda n: f"test-cup-{n}")
    organiser = factory.SubFactory(UserFactory)


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    name = factory.Sequence(lambda n: f"Player {n}")


class TeamFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Team

    name = factory.Sequence(lambda n: f"Team {n}")


class EntrantFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Entrant

    tournament = factory.SubFactory(TournamentFactory)
    player = factory.SubFactory(PlayerFactory)


class StageFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Stage

    tournament = factory.SubFactory(TournamentFactory)
    kind = StageKind.SWISS
    sequence = 1


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    stage = factory.SubFactory(StageFactory)
    tournament = factory.SelfAttribute("stage.tournament")
    number = factory.Sequence(lambda n: n + 1)
    number_in_stage = factory.SelfAttribute("number")
    seed = 12345


class MatchFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Match

    round = factory.SubFactory(RoundFactory)
    table_number = factory.Sequence(lambda n: n + 1)


class SeatFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Seat

    match = factory.SubFactory(MatchFactory)
    round = factory.SelfAttribute("match.round")
    entrant = factory.SubFactory(
        EntrantFactory, tournament=factory.SelfAttribute("..match.round.tournament")
    )
    position = factory.Sequence(lambda n: n + 1)


class ResultVersionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ResultVersion

    match = factory.SubFactory(MatchFactory)
    number = factory.Sequence(lambda n: n + 1)
    kind = VersionKind.ENTRY
    report = factory.LazyFunction(lambda: {"sides": []})


def report_then_dispute(match, cup_tokens: list[int], reason: str):
    """Seat 1 reports a battle with these Victory Cup tokens (everyone survives), seat 2
    disputes it; the match's seats in order are returned."""
    from common.audit.actor import Actor
    from matches.services.results import dispute_report, submit_report

    seats = list(match.seats.select_related("entrant").order_by("position"))
    sides = [
        {"side": str(s.entrant_id), "victory_cup_tokens": t, "survivors": 1}
        for s, t in zip(seats, cup_tokens, strict=True)
    ]
    version = submit_report(
        match, {"ended_by": "time", "sides": sides}, Actor(entrant=seats[0].entrant)
    )
    dispute_report(version, Actor(entrant=seats[1].entrant), reason)
    return seats


def play_rated_rounds(tournament, rounds: int = 1, first_seed: int = 3) -> None:
    """Play ``rounds`` Swiss rounds of ``tournament`` (every table's result entered, the round
    closed) and rebuild its system's ratings, as closing a round does once it commits."""
    from common.audit.actor import Actor
    from leagues.services.ratings import recompute
    from matches.services.results import enter_result
    from tests.browser.helpers import report_for
    from tournament.services.rounds import complete_round, generate_swiss_round, publish_round

    for seed in range(first_seed, first_seed + rounds):
        round_ = publish_round(generate_swiss_round(tournament, seed=seed))
        for match in round_.matches.filter(is_bye=False):
            enter_result(match, report_for(match), Actor())
        complete_round(round_)
    recompute(tournament.game_system)
