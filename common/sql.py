"""Plain SQL for the few statements on the hottest paths (a cached page's check, a result).

Building a statement with the ORM costs several times what PostgreSQL then spends running it
(bench/http_load.py). The handful of statements every request of a busy path runs are written
here as SQL once, with table and column names taken from the models, so a renamed field still
renames them; everything else stays on the ORM. On PostgreSQL they are prepared statements
(``config.databases``), so the server plans each one once per connection.
"""

from __future__ import annotations

from django.db import connection


def table(model) -> str:
    """The model's table name, quoted for the database in use."""
    return connection.ops.quote_name(model._meta.db_table)


def column(model, field_name: str) -> str:
    """The column of ``model.field_name``, quoted (``"player"`` gives ``"player_id"``, ``"pk"``
    the primary key's)."""
    field = model._meta.pk if field_name == "pk" else model._meta.get_field(field_name)
    return connection.ops.quote_name(field.column)


def columns(model, *field_names: str) -> str:
    """Several columns of ``model``, quoted and joined with commas."""
    return ", ".join(column(model, name) for name in field_names)


def fetch_one(sql: str, params) -> tuple | None:
    """The first row of ``sql`` (or None)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def fetch_all(sql: str, params) -> list[tuple]:
    """Every row of ``sql``."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def execute(sql: str, params) -> int:
    """Run ``sql``; the number of rows it changed."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount
