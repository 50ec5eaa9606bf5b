"""Plain SQL for the few statements on the hottest paths (a cached page's check, a result).

Building a statement with the ORM costs several times what PostgreSQL then spends running it
(bench/http_load.py). The handful of statements every request of a busy path runs are written
here as SQL once, with table and column names taken from the models, so a renamed field still
renames them; everything else stays on the ORM. On PostgreSQL they are prepared statements
(``config.databases``), so the server plans each one once per connection.
"""

from __future__ import annotations

import hashlib
from functools import cache

from django.db import DEFAULT_DB_ALIAS, connection, connections, models

#: the largest id a (64-bit) primary key can hold: an id from a URL above it names nothing
MAX_ID = 2**63 - 1


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


def database():
    """This thread's database connection itself: what ``django.db.connection`` stands for.

    That proxy looks the connection up again on every attribute read, and a field preparing a
    value for a statement reads ``connection.ops``: about eighty lookups per result, each with
    two attribute misses on the way. The statements below look it up once.
    """
    return connections[DEFAULT_DB_ALIAS]


def fetch_one(sql: str, params) -> tuple | None:
    """The first row of ``sql`` (or None)."""
    with database().cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def fetch_all(sql: str, params) -> list[tuple]:
    """Every row of ``sql``."""
    with database().cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def fetch_all_planned_once(sql: str, params) -> list[tuple]:
    """``fetch_all`` of a statement PostgreSQL should plan once per connection, whatever the
    parameters (a generic plan), where it would otherwise plan it afresh each time.

    Left to itself the server compares a generic plan's estimate with a custom plan's and
    leaves out what planning costs; for a join of many tables the custom plan wins every time
    and the planning can cost more than the run (``pg_stat_statements`` with
    ``track_planning``: ``plans`` equal to ``calls``). The setting holds for this statement only:
    it goes back to the default right after, so whatever else the transaction runs is planned
    as usual. Call it inside a transaction (``SET LOCAL``). Other databases: ``fetch_all``.
    """
    db = database()
    if db.vendor != "postgresql":
        return fetch_all(sql, params)
    execute("SET LOCAL plan_cache_mode = force_generic_plan", ())
    rows = fetch_all(sql, params)
    execute("SET LOCAL plan_cache_mode TO DEFAULT", ())
    return rows


def lock_name(name: str) -> int:
    """The 64-bit key of a named lock (a stable hash: the same in every process)."""
    digest = hashlib.blake2b(name.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def hold_named_lock(name: str) -> None:
    """Wait for, then hold until the current transaction ends, the lock called ``name``: one
    transaction at a time runs what follows it (e.g. one rebuild per game system's ratings).

    PostgreSQL: a transaction-level advisory lock (no row, no table; released at commit or
    rollback, taken again harmlessly by the same transaction). SQLite: nothing to do, its
    IMMEDIATE transactions already take the database's one write lock when they begin.
    """
    db = database()
    if not db.in_atomic_block:
        raise RuntimeError("hold_named_lock needs a transaction (it is released at its end)")
    if db.vendor == "postgresql":
        fetch_one("SELECT pg_advisory_xact_lock(%s)", [lock_name(name)])


def execute(sql: str, params) -> int:
    """Run ``sql``; the number of rows it changed."""
    with database().cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


@cache
def _update_sql(model, field_names: tuple[str, ...], count: int) -> str:
    assignments = ", ".join(f"{column(model, name)} = %s" for name in field_names)
    marks = ", ".join(["%s"] * count)
    return f"UPDATE {table(model)} SET {assignments} WHERE {column(model, 'pk')} IN ({marks})"


def update(model, pks, **values) -> int:
    """``model.objects.filter(pk__in=pks).update(**values)`` for plain values (no expressions),
    the statement built once; the number of rows changed."""
    pks = list(pks)
    names = tuple(values)
    db = database()
    params = [model._meta.get_field(name).get_db_prep_save(values[name], db) for name in names]
    return execute(_update_sql(model, names, len(pks)), params + pks)


@cache
def _update_each_sql(model, field_names: tuple[str, ...], count: int) -> str:
    pk = column(model, "pk")
    cast = connection.features.requires_casted_case_in_updates  # PostgreSQL: typed CASE
    whens = " ".join(["WHEN %s THEN %s"] * count)
    assignments = []
    for name in field_names:
        field = model._meta.get_field(name)
        case = f"CASE {pk} {whens} END"
        if cast:
            case = f"CAST({case} AS {field.cast_db_type(connection)})"
        assignments.append(f"{column(model, name)} = {case}")
    marks = ", ".join(["%s"] * count)
    return f"UPDATE {table(model)} SET {', '.join(assignments)} WHERE {pk} IN ({marks})"


def update_each(model, field_names: tuple[str, ...], rows: dict) -> int:
    """Give each row its own values in one statement (``bulk_update`` for plain values, the
    statement built once per shape): ``rows`` maps a primary key to its values, in the order of
    ``field_names``. The number of rows changed."""
    fields = [model._meta.get_field(name) for name in field_names]
    db = database()
    params = []
    for index, field in enumerate(fields):
        for pk, values in rows.items():
            params += [pk, field.get_db_prep_save(values[index], db)]
    return execute(_update_each_sql(model, tuple(field_names), len(rows)), params + list(rows))


class ModelColumns:
    """One model's columns in a plain SQL select, and the way back to an instance.

    ``select`` lists the model's concrete fields (all, or all but ``leave_out``, which the
    instance then loads on first use, as with ``QuerySet.defer``) under a table alias;
    ``instance(row, start)`` turns those values, from ``start`` on in ``row``, into a model
    instance through Django's own converters (JSON text, SQLite's dates and booleans), as a
    queryset would have made it.
    """

    def __init__(self, model, alias: str, leave_out: tuple[str, ...] = ()):
        self.model = model
        self.alias = alias
        self.fields = [f for f in model._meta.concrete_fields if f.name not in leave_out]
        self.attnames = [f.attname for f in self.fields]
        self.width = len(self.fields)
        self._pk_index = self.attnames.index(model._meta.pk.attname)
        self._converters = None

    @property
    def select(self) -> str:
        return ", ".join(f"{self.alias}.{connection.ops.quote_name(f.column)}" for f in self.fields)

    def _field_converters(self) -> list[tuple[int, list, object]]:
        if self._converters is None:
            found = []
            for index, field in enumerate(self.fields):
                expression = field.get_col(self.alias)
                converters = connection.ops.get_db_converters(expression) + field.get_db_converters(
                    connection
                )
                if converters:
                    found.append((index, converters, expression))
            self._converters = found
        return self._converters

    def instance(self, row, start: int = 0):
        """The instance whose values start at ``row[start]`` (None for an outer join's miss)."""
        values = list(row[start : start + self.width])
        if values[self._pk_index] is None:
            return None
        converting = self._field_converters()
        if converting:
            db = database()
            for index, converters, expression in converting:
                for convert in converters:
                    values[index] = convert(values[index], expression, db)
        return self.model.from_db(DEFAULT_DB_ALIAS, self.attnames, values)


@cache
def _insert_sql(model) -> tuple[str, tuple]:
    if model.save is not models.Model.save:
        raise TypeError(f"{model.__name__} has its own save(): store it with save()")
    fields = tuple(f for f in model._meta.concrete_fields if f is not model._meta.auto_field)
    names = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    pk = connection.ops.quote_name(model._meta.pk.column)
    statement = f"INSERT INTO {table(model)} ({names}) VALUES ({marks}) RETURNING {pk}"
    return statement, fields


def insert(instance) -> None:
    """Store a new ``instance`` in one prepared statement and give it its primary key.

    What ``instance.save(force_insert=True)`` does for a model with an automatic primary key, no
    ``save()`` of its own and no signal receivers (``auto_now_add`` and defaults apply, values
    are prepared by their fields), without the ORM building the statement each time. For the
    rows every result writes: its version, its audit entry.
    """
    model = type(instance)
    statement, fields = _insert_sql(model)
    db = database()
    params = [f.get_db_prep_save(f.pre_save(instance, True), db) for f in fields]
    (pk,) = fetch_one(statement, params)
    instance.pk = pk
    instance._state.adding = False
    instance._state.db = DEFAULT_DB_ALIAS
