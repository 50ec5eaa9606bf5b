"""Moving the audit trail into its own app (``common.audit``) moved no row: a database migrated
from before the move keeps its entries in the same table, and the model's content type (with
the permissions granted on it) follows the model. Runs on SQLite and on PostgreSQL."""

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from common.audit.models import AuditEntry
from tests.factories import TournamentFactory

BEFORE_THE_MOVE = [("matches", "0007_accepted_versions_by_decision_time"), ("audit", None)]
AFTER_THE_MOVE = [("matches", "0008_audit_entries_to_the_audit_app"), ("audit", "0001_initial")]


def migrate(targets):
    """Migrate the test database to ``targets``; the model state of the matches app there."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets[0]).apps


@pytest.fixture
def latest_schema_after():
    """The database goes back to every app's latest migration after the test: left at
    ``AFTER_THE_MOVE``, it missed the later migrations (``matches`` 0009's column), and every
    later test in the worker that wrote a table failed (session 21's CI)."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_an_entry_written_before_the_move_is_read_after_it(latest_schema_after):
    tournament = TournamentFactory()
    content_type = ContentType.objects.get_for_model(AuditEntry)

    old_state = migrate(BEFORE_THE_MOVE)
    with pytest.raises(LookupError):
        old_state.get_model("audit", "AuditEntry")
    assert ContentType.objects.get(pk=content_type.pk).app_label == "matches"
    written = old_state.get_model("matches", "AuditEntry").objects.create(
        tournament_id=tournament.pk,
        action="round.published",
        target_type="tournament.round",
        target_id="7",
        after={"number": 1},
        channel="api",
        ip_address="10.0.0.1",
    )

    migrate(AFTER_THE_MOVE)

    entry = AuditEntry.objects.get(pk=written.pk)
    assert (entry.tournament, entry.action, entry.target_id, entry.after) == (
        tournament,
        "round.published",
        "7",
        {"number": 1},
    )
    assert (entry.channel, entry.ip_address, entry.created_at) == (
        "api",
        "10.0.0.1",
        written.created_at,
    )
    assert AuditEntry._meta.db_table == "matches_auditentry"
    assert ContentType.objects.get(pk=content_type.pk).app_label == "audit"
