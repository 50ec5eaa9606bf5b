"""Whether a database already holds data, before a restore overwrites it."""

from __future__ import annotations

#: tables a migrated but unused database fills by itself
BOOKKEEPING = frozenset({"django_migrations", "django_content_type", "auth_permission"})


def tables_with_rows(connection, limit: int = 5) -> list[str]:
    """Up to ``limit`` of the database's tables that hold rows (bookkeeping tables aside)."""
    found = []
    tables = sorted(set(connection.introspection.table_names()) - BOOKKEEPING)
    with connection.cursor() as cursor:
        for table in tables:
            cursor.execute(f"SELECT 1 FROM {connection.ops.quote_name(table)} LIMIT 1")  # noqa: S608
            if cursor.fetchone() is not None:
                found.append(table)
                if len(found) >= limit:
                    break
    return found
