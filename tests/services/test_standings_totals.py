"""The running standings totals always equal a full recompute from the seats.

A seeded random mix of what an event goes through - rounds drafted (with byes), re-paired,
published and closed, results entered and corrected (in open and closed rounds), entrants
dropped - and after every step: the standings read from ``EntrantTotals`` are exactly the
standings recomputed from every counted seat, and each stored row is exactly the tally of the
entrant's seats (no drift, not even in the last bit of a float).
"""

import importlib
import json
import random
from pathlib import Path

import pytest
from django.apps import apps as django_apps
from django.db import connection, transaction
from django.forms.models import model_to_dict

from common.audit.actor import Actor
from common.errors import ServiceError
from matches.models import MatchStatus, Seat
from matches.services.results import correct_result, enter_result
from tests.factories import (
    EntrantFactory,
    PlayerFactory,
    TeamFactory,
    TournamentFactory,
    UserFactory,
)
from tournament import migrations as tournament_migrations
from tournament.logic import standings as pure
from tournament.logic.simulated_games import random_battle
from tournament.models import EntrantStatus, EntrantTotals, RoundStatus, TeamMember
from tournament.services.registration import drop
from tournament.services.rounds import (
    complete_round,
    generate_swiss_round,
    publish_round,
    repair_round,
)
from tournament.services.standing_totals import refresh_entrant_totals
from tournament.services.standings import compute_standings, swiss_placings, tiebreaker_keys

pytestmark = pytest.mark.django_db


def exact(rows):
    """Standings rows with every value's type kept (0 and 0.0 print differently)."""
    return [
        (r.position, r.rank, r.entrant_id, r.name, r.status, repr(r.points), repr(r.tiebreaks),
         r.games_played, r.byes)
        for r in rows
    ]  # fmt: skip


def full_recompute(tournament):
    entrants = [
        pure.Entrant(str(pk), name, status)
        for pk, name, status in tournament.entrants.values_list("pk", "display_name", "status")
    ]
    return pure.compute_standings(entrants, swiss_placings(tournament), tiebreaker_keys(tournament))


def stored_totals(tournament):
    return {
        str(row.entrant_id): (
            repr(row.points),
            row.games,
            row.byes,
            row.firsts,
            row.stats,
            row.opponents,
        )
        for row in EntrantTotals.objects.filter(entrant__tournament=tournament)
    }


def tallied_totals(tournament):
    return {
        pk: (repr(float(t.points)), t.games, t.byes, t.firsts, dict(t.stats), ",".join(t.opponents))
        for pk, t in pure.tally(swiss_placings(tournament)).items()
    }


def assert_equivalent(tournament):
    tournament.refresh_from_db()
    assert stored_totals(tournament) == tallied_totals(tournament)
    assert exact(compute_standings(tournament)) == exact(full_recompute(tournament))


def sides_of(match, team_play):
    seats = match.seats.select_related("entrant__team")
    if team_play:
        return [(str(s.entrant_id), s.entrant.team.memberships.count()) for s in seats]
    return [(str(s.entrant_id), 1) for s in seats]


def every_eye_event():
    tournament = TournamentFactory(
        pairing_method="swiss",
        swiss_rounds=4,
        # an organiser's order with an engine statistic (a ``stat:`` sum) among the built-ins
        tiebreakers=["victory_cup_tokens", "strength_of_schedule", "survivors", "first_places"],
    )
    EntrantFactory.create_batch(10, tournament=tournament)  # tables of 4, 3 and 3
    return tournament


def alliance_event():
    tournament = TournamentFactory(mode="alliances", pairing_method="swiss", swiss_rounds=4)
    for size in (2, 2, 2, 3, 2):  # five teams: a bye every round
        entrant = EntrantFactory(tournament=tournament, player=None, team=TeamFactory())
        for _ in range(size):
            TeamMember.objects.create(team=entrant.team, player=PlayerFactory())
    return tournament


@pytest.mark.parametrize("make_event", [every_eye_event, alliance_event])
@pytest.mark.parametrize("seed", [1, 2])
def test_totals_equal_a_full_recompute_after_every_step(make_event, seed):
    tournament = make_event()
    rng = random.Random(seed)
    referee = Actor(user=UserFactory())
    mode = tournament.mode
    assert_equivalent(tournament)
    steps = 0
    while steps < 70:
        steps += 1
        rounds = list(tournament.rounds.order_by("number"))
        current = rounds[-1] if rounds else None
        if current is None or current.status == RoundStatus.COMPLETE:
            if len(rounds) == tournament.swiss_rounds:
                break
            current = generate_swiss_round(tournament, seed=rng.randrange(1000))
            assert_equivalent(tournament)  # a draft's bye is accepted but does not count yet
            if rng.random() < 0.4:
                current = repair_round(current)
                assert_equivalent(tournament)
            publish_round(current)
            assert_equivalent(tournament)
            continue
        action = rng.random()
        open_matches = list(current.matches.filter(is_bye=False).exclude(
            status=MatchStatus.ACCEPTED
        ))  # fmt: skip
        if action < 0.45 and open_matches:
            match = rng.choice(open_matches)
            enter_result(match, random_battle(mode, sides_of(match, tournament.team_play), rng))
        elif action < 0.75:
            played = [
                m
                for r in rounds
                for m in r.matches.filter(is_bye=False, status=MatchStatus.ACCEPTED)
            ]
            if not played:
                continue
            match = rng.choice(played)
            report = random_battle(mode, sides_of(match, tournament.team_play), rng)
            correct_result(match, report, referee, "a referee's correction")
        elif action < 0.82:
            active = list(tournament.entrants.exclude(status=EntrantStatus.DROPPED))
            if len(active) > 6:
                try:
                    drop(rng.choice(active))
                except ServiceError:
                    continue
        else:
            reason = "closed with tables open" if open_matches else ""
            complete_round(current, reason=reason)
        assert_equivalent(tournament)
    assert tournament.rounds.count() >= 2
    assert EntrantTotals.objects.filter(entrant__tournament=tournament, games__gt=0).exists()


def played_event(rounds=2):
    """An event of ten with ``rounds`` rounds played and closed, every result entered."""
    tournament = every_eye_event()
    rng = random.Random(5)
    for _ in range(rounds):
        round_ = publish_round(generate_swiss_round(tournament, seed=rng.randrange(1000)))
        for match in round_.matches.filter(is_bye=False):
            enter_result(match, random_battle("every_eye", sides_of(match, False), rng))
        complete_round(round_)
    return tournament


def test_a_statistic_named_with_quotes_is_read_as_a_plain_key():
    tournament = played_event(1)
    tournament.tiebreakers = ["stat:it's \"odd\"') --", "survivors"]
    tournament.save()
    assert_equivalent(tournament)
    assert {r.tiebreak("stat:it's \"odd\"') --") for r in compute_standings(tournament)} == {0}


def form_data(instance, **changes):
    """What the admin's change form posts for ``instance``, with ``changes``."""
    data = {k: "" if v is None else v for k, v in model_to_dict(instance).items()}
    data.update(changes)
    for key, value in list(data.items()):
        if isinstance(value, (dict, list)):
            data[key] = json.dumps(value)
        elif isinstance(value, bool):
            data[key] = "on" if value else ""
    return data


def test_an_admin_edit_of_a_round_tallies_the_event_again(
    admin_client, django_capture_on_commit_callbacks
):
    tournament = played_event(2)
    first = tournament.rounds.get(number=1)
    before = tournament.standings_revision
    # a round put back to draft by hand (nothing else can) stops counting, and back again
    for status in ("draft", "complete"):
        with django_capture_on_commit_callbacks(execute=True):
            response = admin_client.post(
                f"/admin/tournament/round/{first.pk}/change/", form_data(first, status=status)
            )
        assert response.status_code == 302, response.content[:2000]
        first.refresh_from_db()
        assert first.status == status
        assert_equivalent(tournament)
        games = set(
            EntrantTotals.objects.filter(entrant__tournament=tournament).values_list(
                "games", flat=True
            )
        )
        assert games == ({1} if status == "draft" else {2})
    tournament.refresh_from_db()
    assert tournament.standings_revision >= before + 2  # the cached standings expired


def test_an_admin_edit_of_a_seat_tallies_the_event_again(admin_client):
    tournament = played_event(1)
    seat = Seat.objects.filter(round__tournament=tournament, match__is_bye=False).first()
    newcomer = EntrantFactory(tournament=tournament)
    response = admin_client.post(
        f"/admin/matches/seat/{seat.pk}/change/", form_data(seat, entrant=newcomer.pk)
    )
    assert response.status_code == 302, response.content[:2000]
    assert_equivalent(tournament)
    assert EntrantTotals.objects.get(entrant=newcomer).games == 1


def test_the_migration_tallies_the_events_stored_before_it():
    tournament = played_event(2)
    expected = stored_totals(tournament)
    EntrantTotals.objects.all().delete()  # as before the migration: no totals at all
    # found by its name's end: the migration's number may change when branches are merged
    (path,) = Path(tournament_migrations.__file__).parent.glob("*_entrant_totals.py")
    migration = importlib.import_module(f"tournament.migrations.{path.stem}")
    migration.tally_every_event(django_apps, None)
    assert stored_totals(tournament) == expected
    assert_equivalent(tournament)


@pytest.mark.django_db(transaction=True)
def test_a_result_plans_its_placings_read_once_per_connection_on_postgresql():
    """The placings read is planned once per connection, not once per result; the setting that
    makes it so is back to the default as soon as that read is done."""
    if connection.vendor != "postgresql":
        pytest.skip("a PostgreSQL planner setting")
    tournament = played_event(1)
    match = tournament.rounds.get(number=1).matches.filter(is_bye=False).first()
    ids = list(match.seats.values_list("entrant", flat=True))
    for _ in range(12):  # more than the executions after which psycopg prepares a statement
        with transaction.atomic():
            refresh_entrant_totals(ids)
            with connection.cursor() as cursor:
                cursor.execute("SHOW plan_cache_mode")
                assert cursor.fetchone() == ("auto",)  # the rest of the transaction as usual
    with connection.cursor() as cursor:
        cursor.execute("SHOW plan_cache_mode")
        assert cursor.fetchone() == ("auto",)
        # this table's read (its entrants' ids twice and four more parameters): the pooled
        # connection may hold the same read for tables of other sizes, from earlier tests
        cursor.execute(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements "
            "WHERE statement LIKE %s AND cardinality(parameter_types) = %s",
            ["%DOUBLE PRECISION%CASE WHEN%", 2 * len(ids) + 4],
        )
        (generic, custom), *others = cursor.fetchall()
    assert others == []
    assert generic >= 1 and custom == 0
