"""Oversized requests are refused with 400 or 413 (never a 500), and nothing is saved."""

import io
import json

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from matches.models import ResultVersion
from tests.api.conftest import user_client
from tournament.models import Entrant

pytestmark = pytest.mark.django_db


def test_the_limits_leave_room_for_a_csv_import():
    from tournament.services.csv_import import MAX_BYTES

    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE >= 2 * 1024 * 1024
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE >= MAX_BYTES
    assert settings.REQUEST_MAX_BODY_BYTES > MAX_BYTES * 2


def test_a_json_body_over_the_memory_limit_is_a_400(event):
    referee = user_client(event.referee)
    filler = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10)
    body = json.dumps({"report": {"sides": [], "note": filler}})
    response = referee.post(
        f"/api/v1/matches/{event.match.pk}/results/", body, content_type="application/json"
    )
    assert response.status_code in (400, 413)
    assert ResultVersion.objects.count() == 0


def test_a_form_body_over_the_memory_limit_is_a_400(client, event):
    filler = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10)
    response = client.post(
        f"/me/{event.players[0].access_token}/", {"action": "report", "note": filler}
    )
    assert response.status_code == 400
    assert ResultVersion.objects.count() == 0


def test_too_many_form_fields_is_a_400(client, event):
    data = {f"f{i}": "1" for i in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 5)}
    response = client.post(f"/me/{event.players[0].access_token}/", data)
    assert response.status_code == 400


def test_a_body_announced_above_the_request_limit_is_a_413_before_any_view(settings, event):
    settings.REQUEST_MAX_BODY_BYTES = 1_000_000
    api = user_client(event.organiser)
    big = SimpleUploadedFile("big.csv", b"name\n" + b"a" * 1_100_000, content_type="text/csv")
    response = api.post(
        f"/api/v1/tournaments/{event.tournament.slug}/entrants/import/",
        {"file": big},
        format="multipart",
    )
    assert response.status_code == 413
    assert "larger than" in response.json()["detail"]


def test_an_upload_over_the_csv_limit_is_refused_with_a_message(event):
    before = Entrant.objects.count()
    api = user_client(event.organiser)
    raw = b"name\n" + b"".join(f"Player {i:07d}\n".encode() for i in range(80_000))
    assert len(raw) > 1_000_000
    response = api.post(
        f"/api/v1/tournaments/{event.tournament.slug}/entrants/import/",
        {"file": SimpleUploadedFile("many.csv", raw, content_type="text/csv")},
        format="multipart",
    )
    assert response.status_code == 400
    assert "larger than" in response.json()["errors"][0]["message"]
    assert Entrant.objects.count() == before


def test_a_broken_content_length_is_not_a_500(event):
    api = APIClient()
    response = api.generic(
        "POST",
        "/api/v1/auth/token/",
        io.BytesIO(b"{}").read(),
        content_type="application/json",
        CONTENT_LENGTH="not-a-number",
    )
    assert response.status_code < 500


@pytest.mark.parametrize(
    ("path", "headers"),
    [
        ("/api/v1/tournaments/%00/", {}),
        ("/api/v1/tournaments/?status=%00", {}),
        ("/api/v1/matches/", {"HTTP_X_ENTRANT_TOKEN": "abc\x00def"}),
        ("/events/x%00y/standings/", {}),
        ("/me/abc%00/", {}),
    ],
)
def test_nul_characters_are_refused_before_any_view(client, path, headers):
    response = client.get(path, **headers)
    assert response.status_code == 400
    assert b"NUL character" in response.content
