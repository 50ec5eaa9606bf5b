"""On PostgreSQL a statement the app runs again and again is prepared once per connection.

Server-side binding (``config.databases``) lets psycopg prepare a query after
``DB_PREPARE_THRESHOLD`` runs; PostgreSQL then reuses its plan instead of planning each call.
"""

import pytest
from django.db import connection

from tests.factories import TournamentFactory
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def prepared_statements() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements")
        return cursor.fetchone()[0]


def test_a_repeated_orm_query_is_prepared(on_postgres):
    before = prepared_statements()
    for pk in range(1, 8):
        list(Tournament.objects.filter(pk=pk).values_list("slug", flat=True))
    assert prepared_statements() > before


def test_parameters_keep_their_types_with_server_side_binding(on_postgres):
    tournament = TournamentFactory(name="Riverside Open")
    # a parameter PostgreSQL must infer (compared with a text column, and used in LIKE)
    for _ in range(7):
        assert Tournament.objects.filter(name__icontains=tournament.name[:3]).exists()
        assert Tournament.objects.filter(slug=tournament.slug).count() == 1
