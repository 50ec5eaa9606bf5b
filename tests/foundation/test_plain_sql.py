"""``common.db.sql``: the plain statements of the hottest paths give what the ORM gives."""

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from common.db import sql
from matches.models import Match, Seat
from matches.services.table_queries import read_live_versions, read_match, read_seats
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import Entrant, StaffRole, StaffRoleKind
from tournament.services.permissions import is_referee
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    tournament = TournamentFactory(points_table={"1": 9, "2": 5, "3": 2, "4": 0})
    for _ in range(8):
        EntrantFactory(tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=1))
    return round_.matches.filter(is_bye=False).first()


def test_a_match_read_in_plain_sql_equals_the_orms(table):
    ours = read_match(table.pk)
    orm = Match.objects.select_related("round__tournament").get(pk=table.pk)
    for mine, theirs in [
        (ours, orm),
        (ours.round, orm.round),
        (ours.round.tournament, orm.round.tournament),
    ]:
        fields = type(theirs)._meta.concrete_fields
        assert [getattr(mine, f.attname) for f in fields] == [
            getattr(theirs, f.attname) for f in fields
        ]
    assert ours.round.tournament.points_table == {"1": 9, "2": 5, "3": 2, "4": 0}
    assert read_match(10**12) is None


def test_a_match_read_that_asks_for_a_staff_role_answers_as_the_role_check_does(
    table, django_assert_num_queries
):
    tournament = table.round.tournament
    referee, stranger = UserFactory(), UserFactory()
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)
    for user, holds in [(referee, True), (stranger, False)]:
        with django_assert_num_queries(1):
            match = read_match(table.pk, staff_of=user.pk)
            assert is_referee(user, match.round.tournament) is holds
        with django_assert_num_queries(2):  # asked again when the read did not carry it
            assert is_referee(user, read_match(table.pk).round.tournament) is holds
        # the answer is this user's only: another user's role is asked
        with django_assert_num_queries(1):
            assert is_referee(stranger if holds else referee, match.round.tournament) is not holds


def test_seats_and_versions_read_in_plain_sql_equal_the_orms(table):
    seats = read_seats(read_match(table.pk))
    orm = list(table.seats.select_related("entrant").order_by("position"))
    assert [(s.pk, s.entrant.display_name, s.position) for s in seats] == [
        (s.pk, s.entrant.display_name, s.position) for s in orm
    ]
    assert read_live_versions(table) == []


def test_an_update_in_plain_sql_changes_what_the_orms_would(table):
    others = list(Match.objects.exclude(pk=table.pk).values_list("pk", "status"))
    when = datetime(2026, 11, 26, 15, 30, 5, 123456, tzinfo=UTC)
    assert sql.update(Match, [table.pk], status="disputed", created_at=when) == 1
    table.refresh_from_db()
    assert (table.status, table.created_at) == ("disputed", when)
    assert list(Match.objects.exclude(pk=table.pk).values_list("pk", "status")) == others
    everyone = [pk for pk, _ in others]
    assert sql.update(Match, everyone, status="accepted") == len(everyone)
    assert set(Match.objects.filter(pk__in=everyone).values_list("status", flat=True)) == {
        "accepted"
    }


def test_an_update_of_each_row_with_its_own_values_changes_what_the_orms_would(table):
    first, second, *rest = table.seats.order_by("position")
    untouched = [
        (s.pk, s.place, s.points, s.stats) for s in Seat.objects.exclude(match=table).order_by("pk")
    ]
    rows = {
        first.pk: [1, Decimal("12.50"), {"victory_cup_tokens": 3, "it's": '"odd"'}],
        second.pk: [None, None, {}],  # NULLs alone in a column still have the column's type
    }
    assert sql.update_each(Seat, ("place", "points", "stats"), rows) == 2
    stored = {s.pk: [s.place, s.points, s.stats] for s in Seat.objects.filter(match=table)}
    assert stored[first.pk] == rows[first.pk] and stored[second.pk] == rows[second.pk]
    assert all(stored[s.pk] == [s.place, s.points, s.stats] for s in rest)
    assert [
        (s.pk, s.place, s.points, s.stats) for s in Seat.objects.exclude(match=table).order_by("pk")
    ] == (untouched)
    assert sql.update_each(Seat, ("place",), {second.pk: [2]}) == 1
    assert Seat.objects.get(pk=second.pk).place == 2


def test_a_model_with_its_own_save_is_not_stored_behind_its_back():
    with pytest.raises(TypeError, match="own save"):
        sql.insert(Entrant(display_name="x"))


def test_the_largest_id_is_the_largest_bigint():
    assert sql.MAX_ID == 9_223_372_036_854_775_807
