"""``common.sql``: the plain statements of the hottest paths give what the ORM gives."""

from datetime import UTC, datetime

import pytest

from common import sql
from matches.models import Match
from matches.services.table_rows import read_live_versions, read_match, read_seats
from tests.factories import EntrantFactory, TournamentFactory
from tournament.models import Entrant
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


def test_a_model_with_its_own_save_is_not_stored_behind_its_back():
    with pytest.raises(TypeError, match="own save"):
        sql.insert(Entrant(display_name="x"))


def test_the_largest_id_is_the_largest_bigint():
    assert sql.MAX_ID == 9_223_372_036_854_775_807
