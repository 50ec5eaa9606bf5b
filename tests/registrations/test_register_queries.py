"""Issue 36's registration rush: registrations of one event wait for each other at the event's
row lock, so the queries a registration runs while it holds that lock set the pace of a rush.
These tests pin how many there are (from the lock to the end of ``register``) for a
registration that takes a place, one that is waitlisted, and a repeat (which takes no lock).
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from registrations.models import RegistrationStatus
from registrations.services.register import register
from tests.registrations.conftest import open_event, player_actor, players

pytestmark = pytest.mark.django_db

#: statements from the event's lock to the end (the savepoints of a test's transaction
#: included), for a registration that takes a place: the event and its policy locked, the
#: account's registration locked, the field and the queue counted in one statement
#: (``places.queue_of``), the player's side and a namesake in one read, the entrant, the
#: record's events, the entrant's audit entries in one insert (``own_entry``), the
#: registration and its audit entry, the standings' revision bumped on the row already held
#: (``holding_event_row``; after the commit it would queue for the lock again) (34 before
#: issue 36's work on the registration rush, 25 after its first part, when the tournament's
#: ``register_player`` ran 14 of them)
TAKES_A_PLACE = 11
#: the same for a registration that goes on the waitlist: the lock, its row, the field and
#: the queue counted, one insert and its audit entry (15 before, then 7)
WAITLISTED = 6


def is_event_lock(sql: str) -> bool:
    """Whether ``sql`` reads the event's row to lock it (SQLite has no FOR UPDATE: there the
    first read of the event's row by its id is the lock's place)."""
    if 'FROM "tournament_tournament"' not in sql.split(" WHERE ")[0]:
        return False
    return "FOR UPDATE" in sql or not connection.features.has_select_for_update


def under_lock(queries: list[dict]) -> list[str]:
    """The statements from the event's lock on (empty when no lock was taken)."""
    sqls = [query["sql"] for query in queries]
    starts = [index for index, sql in enumerate(sqls) if is_event_lock(sql)]
    return sqls[starts[0] :] if starts else []


def register_counted(tournament, user):
    with CaptureQueriesContext(connection) as captured:
        registration = register(tournament, user, name=user.username, actor=player_actor(user))
    return registration, under_lock(captured.captured_queries)


def test_a_registration_that_takes_a_place_runs_few_queries_under_the_lock():
    tournament = open_event(capacity=2, waitlist=True)
    (user,) = players(1, prefix="fast")
    registration, locked = register_counted(tournament, user)
    assert registration.status == RegistrationStatus.REGISTERED
    assert len(locked) <= TAKES_A_PLACE, "\n".join(sql[:150] for sql in locked)


def test_a_waitlisted_registration_runs_few_queries_under_the_lock():
    tournament = open_event(capacity=1, waitlist=True)
    first, second = players(2, prefix="wait")
    register(tournament, first, name="first", actor=player_actor(first))
    registration, locked = register_counted(tournament, second)
    assert registration.status == RegistrationStatus.WAITLISTED
    assert registration.entrant is None
    assert len(locked) <= WAITLISTED, "\n".join(sql[:150] for sql in locked)


def test_a_repeat_is_answered_without_the_lock():
    tournament = open_event(capacity=2, waitlist=True)
    (user,) = players(1, prefix="again")
    registration = register(tournament, user, name="again", actor=player_actor(user))
    with CaptureQueriesContext(connection) as captured:
        repeat = register(tournament, user, name="again", actor=player_actor(user))
    assert repeat.pk == registration.pk
    assert under_lock(captured.captured_queries) == []
    reads = [q["sql"] for q in captured.captured_queries if "SAVEPOINT" not in q["sql"]]
    assert len(reads) == 1, reads


def test_a_place_bumps_the_standings_revision_on_the_row_it_holds_not_after_the_commit():
    tournament = open_event(capacity=2, waitlist=True)
    (user,) = players(1, prefix="bump")
    revision = tournament.standings_revision
    registration, locked = register_counted(tournament, user)  # no commit: a test's transaction
    assert registration.status == RegistrationStatus.REGISTERED
    tournament.refresh_from_db()
    assert tournament.standings_revision == revision + 1
    assert any("standings_revision" in sql for sql in locked)
