"""Database triggers for invariants that a plain constraint cannot state.

- A seat's round must be its match's round (so "one seat per entrant per round" is sound).
- A saved result version's content (match, number, kind, report, placings, provenance) never
  changes, and a superseded or rejected version never comes back.
- A stored live-game event never changes.

Written for both databases the project runs on: SQLite (embedded) and PostgreSQL.
"""

from django.db import migrations

GUARDED_VERSION_COLUMNS = [
    "match_id",
    "number",
    "kind",
    "report",
    "placings",
    "reason",
    "user_id",
    "entrant_id",
    "channel",
    "created_at",
]
GUARDED_EVENT_COLUMNS = ["game_id", "sequence", "payload", "created_at"]

SQLITE_FORWARD = [
    """
    CREATE TRIGGER seat_round_is_match_round_ins BEFORE INSERT ON matches_seat
    FOR EACH ROW WHEN NEW.round_id IS NOT (SELECT round_id FROM matches_match WHERE id = NEW.match_id)
    BEGIN SELECT RAISE(ABORT, 'seat round must be the round of its match'); END
    """,
    """
    CREATE TRIGGER seat_round_is_match_round_upd BEFORE UPDATE ON matches_seat
    FOR EACH ROW WHEN NEW.round_id IS NOT (SELECT round_id FROM matches_match WHERE id = NEW.match_id)
    BEGIN SELECT RAISE(ABORT, 'seat round must be the round of its match'); END
    """,
    """
    CREATE TRIGGER result_version_content_frozen BEFORE UPDATE ON matches_resultversion
    FOR EACH ROW WHEN {changed}
    BEGIN SELECT RAISE(ABORT, 'a saved result version cannot be changed; add a new version'); END
    """.format(changed=" OR ".join(f"NEW.{c} IS NOT OLD.{c}" for c in GUARDED_VERSION_COLUMNS)),
    """
    CREATE TRIGGER result_version_no_revival BEFORE UPDATE ON matches_resultversion
    FOR EACH ROW WHEN OLD.state IN ('superseded', 'rejected') AND NEW.state IS NOT OLD.state
    BEGIN SELECT RAISE(ABORT, 'a superseded or rejected result version stays so'); END
    """,
    """
    CREATE TRIGGER live_event_frozen BEFORE UPDATE ON matches_liveevent
    FOR EACH ROW WHEN {changed}
    BEGIN SELECT RAISE(ABORT, 'a stored live game event cannot be changed'); END
    """.format(changed=" OR ".join(f"NEW.{c} IS NOT OLD.{c}" for c in GUARDED_EVENT_COLUMNS)),
]
SQLITE_BACKWARD = [
    "DROP TRIGGER IF EXISTS seat_round_is_match_round_ins",
    "DROP TRIGGER IF EXISTS seat_round_is_match_round_upd",
    "DROP TRIGGER IF EXISTS result_version_content_frozen",
    "DROP TRIGGER IF EXISTS result_version_no_revival",
    "DROP TRIGGER IF EXISTS live_event_frozen",
]


def _pg_distinct(columns):
    return " OR ".join(f"NEW.{c} IS DISTINCT FROM OLD.{c}" for c in columns)


POSTGRES_FORWARD = [
    """
    CREATE FUNCTION matches_seat_round_check() RETURNS trigger AS $$
    BEGIN
      IF NEW.round_id IS DISTINCT FROM (SELECT round_id FROM matches_match WHERE id = NEW.match_id)
      THEN RAISE EXCEPTION 'seat round must be the round of its match' USING ERRCODE = '23514';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql
    """,
    """
    CREATE TRIGGER seat_round_is_match_round BEFORE INSERT OR UPDATE ON matches_seat
    FOR EACH ROW EXECUTE FUNCTION matches_seat_round_check()
    """,
    f"""
    CREATE FUNCTION matches_version_guard() RETURNS trigger AS $$
    BEGIN
      IF {_pg_distinct(GUARDED_VERSION_COLUMNS)} THEN
        RAISE EXCEPTION 'a saved result version cannot be changed; add a new version'
          USING ERRCODE = '23514';
      END IF;
      IF OLD.state IN ('superseded', 'rejected') AND NEW.state IS DISTINCT FROM OLD.state THEN
        RAISE EXCEPTION 'a superseded or rejected result version stays so' USING ERRCODE = '23514';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql
    """,
    """
    CREATE TRIGGER result_version_guard BEFORE UPDATE ON matches_resultversion
    FOR EACH ROW EXECUTE FUNCTION matches_version_guard()
    """,
    f"""
    CREATE FUNCTION matches_live_event_guard() RETURNS trigger AS $$
    BEGIN
      IF {_pg_distinct(GUARDED_EVENT_COLUMNS)} THEN
        RAISE EXCEPTION 'a stored live game event cannot be changed' USING ERRCODE = '23514';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql
    """,
    """
    CREATE TRIGGER live_event_frozen BEFORE UPDATE ON matches_liveevent
    FOR EACH ROW EXECUTE FUNCTION matches_live_event_guard()
    """,
]
POSTGRES_BACKWARD = [
    "DROP TRIGGER IF EXISTS seat_round_is_match_round ON matches_seat",
    "DROP FUNCTION IF EXISTS matches_seat_round_check()",
    "DROP TRIGGER IF EXISTS result_version_guard ON matches_resultversion",
    "DROP FUNCTION IF EXISTS matches_version_guard()",
    "DROP TRIGGER IF EXISTS live_event_frozen ON matches_liveevent",
    "DROP FUNCTION IF EXISTS matches_live_event_guard()",
]

STATEMENTS = {
    "sqlite": (SQLITE_FORWARD, SQLITE_BACKWARD),
    "postgresql": (POSTGRES_FORWARD, POSTGRES_BACKWARD),
}


def _run(apps, schema_editor, backward=False):
    vendor = schema_editor.connection.vendor
    if vendor not in STATEMENTS:
        raise RuntimeError(f"no integrity triggers written for database vendor {vendor!r}")
    forward, reverse = STATEMENTS[vendor]
    for statement in reverse if backward else forward:
        schema_editor.execute(statement)


def create_triggers(apps, schema_editor):
    _run(apps, schema_editor)


def drop_triggers(apps, schema_editor):
    _run(apps, schema_editor, backward=True)


class Migration(migrations.Migration):
    dependencies = [("matches", "0001_initial")]

    operations = [migrations.RunPython(create_triggers, drop_triggers)]
