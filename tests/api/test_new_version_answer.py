"""The answer to a result submission is the version as the result history shows it.

``NewResultVersionSerializer`` builds its answer directly (no DRF fields per answer); here every
kind of new version - a referee's entry, a correction, a player's report - is compared with
``ResultVersionSerializer``'s rendering of the same stored row, and the stored rows written in one
statement (``common.db.sql.insert``) with what the ORM reads back.
"""

import pytest

from common.audit.models import AuditEntry
from matches.api.serializers import NewResultVersionSerializer, ResultVersionSerializer
from matches.models import ResultVersion
from tests.api.conftest import entrant_client, game, user_client

pytestmark = pytest.mark.django_db


def url(event, tail=""):
    return f"/api/v1/matches/{event.match.pk}/results/{tail}"


def stored(number, event) -> dict:
    version = ResultVersion.objects.get(match=event.match, number=number)
    return ResultVersionSerializer(version).data


def test_an_entry_and_a_correction_answer_as_the_history_shows_them(event):
    client = user_client(event.referee)
    entry = client.post(url(event), {"report": game(event.match)}, format="json")
    assert entry.status_code == 201
    assert entry.json() == stored(1, event)
    correction = client.post(
        url(event, "correct/"),
        {"report": game(event.match, 2), "reason": "wrong tokens on table 1"},
        format="json",
    )
    assert correction.status_code == 201
    answer = correction.json()
    assert answer == stored(2, event)
    assert answer["supersedes"] == 1 and answer["reason"] == "wrong tokens on table 1"
    assert answer["decided_at"] is not None


def test_a_players_report_answers_as_the_history_shows_it(event):
    reporter = event.players[0]
    response = entrant_client(reporter).post(
        url(event), {"report": game(event.match)}, format="json"
    )
    assert response.status_code == 201
    answer = response.json()
    assert answer == stored(1, event)
    assert answer["by"]["entrant"] == reporter.display_name
    assert answer["decided_at"] is None and answer["responses"] == []


def test_the_direct_answer_has_the_serializers_fields(event):
    user_client(event.referee).post(url(event), {"report": game(event.match)}, format="json")
    version = ResultVersion.objects.get(match=event.match)
    assert NewResultVersionSerializer(version).data == ResultVersionSerializer(version).data


def test_rows_stored_in_one_statement_read_back_whole(event):
    user_client(event.referee).post(
        url(event), {"report": game(event.match)}, format="json", REMOTE_ADDR="10.9.8.7"
    )
    version = ResultVersion.objects.get(match=event.match)
    assert version.created_at is not None and version.ip_address == "10.9.8.7"
    assert version.report == game(event.match) and version.placings
    entry = AuditEntry.objects.get(tournament=event.tournament, action="result.entered")
    assert entry.created_at is not None and entry.target_id == str(event.match.pk)
    assert entry.after["version"] == 1 and entry.after["state"] == "accepted"
