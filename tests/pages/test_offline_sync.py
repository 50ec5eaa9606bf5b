"""What the pages answer offline.js: the idempotency key of a form, JSON outcomes, and the
installable app's manifest and service worker."""

import json
import uuid

import pytest

from matches.models import ResultResponse, ResultVersion
from tests.pages.test_desk_flow import result, two_tables  # noqa: F401 - the fixture
from tests.pages.test_player_results import report_data, table  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db
SYNC = {"HTTP_X_OFFLINE_SYNC": "1"}


def test_a_report_sent_twice_with_its_key_makes_one_version(client, table):  # noqa: F811
    match, (ann, bob, _cat) = table
    data = report_data(match, [12, 5, 10], [1, 0, 1]) | {"idempotency_key": str(uuid.uuid4())}
    url = f"/me/{ann.access_token}/"
    for _ in range(2):
        answer = client.post(url, data, **SYNC)
        assert answer.status_code == 200
        assert answer.json()["outcome"] == "sent" and answer.json()["next"] == url
    assert ResultVersion.objects.filter(match=match).count() == 1
    # bob reported nothing; ann's key is hers: the same key from bob on his confirmation is new
    version = ResultVersion.objects.get(match=match)
    confirm = {
        "action": "confirm",
        "version": version.pk,
        "idempotency_key": data["idempotency_key"],
    }
    for _ in range(2):
        assert client.post(f"/me/{bob.access_token}/", confirm, **SYNC).json()["outcome"] == "sent"
    assert ResultResponse.objects.filter(version=version).count() == 1


def test_a_report_that_now_conflicts_is_refused_in_plain_words(client, table):  # noqa: F811
    match, (ann, bob, _cat) = table
    client.post(f"/me/{bob.access_token}/", report_data(match, [5, 12, 10], [0, 1, 1]))
    data = report_data(match, [12, 5, 10], [1, 0, 1]) | {"idempotency_key": str(uuid.uuid4())}
    answer = client.post(f"/me/{ann.access_token}/", data, **SYNC)
    assert answer.status_code == 409
    body = answer.json()
    assert body["outcome"] == "refused"
    assert "already reported" in body["message"] or "not one of your games" in body["message"]
    assert ResultVersion.objects.filter(match=match).count() == 1


def test_a_wrong_report_is_refused_with_its_problems(client, table):  # noqa: F811
    match, (ann, *_rest) = table
    data = report_data(match, [12, 5, 10], [1, 0, 1])
    data[next(name for name in data if name.endswith("-survivors"))] = "-4"
    answer = client.post(f"/me/{ann.access_token}/", data, **SYNC)
    assert answer.status_code in (400, 409)
    assert answer.json()["outcome"] == "refused" and answer.json()["problems"]
    assert not ResultVersion.objects.filter(match=match).exists()


def test_a_hostile_key_is_refused_and_changes_nothing(client, table):  # noqa: F811
    match, (ann, *_rest) = table
    data = report_data(match, [12, 5, 10], [1, 0, 1]) | {"idempotency_key": "x" * 5000}
    answer = client.post(f"/me/{ann.access_token}/", data, **SYNC)
    assert answer.json() == {
        "outcome": "refused",
        "message": "the idempotency key must be a UUID",
        "problems": [],
    }
    assert not ResultVersion.objects.filter(match=match).exists()


def test_without_the_sync_header_the_page_answers_as_before(client, table):  # noqa: F811
    match, (ann, *_rest) = table
    data = report_data(match, [12, 5, 10], [1, 0, 1]) | {"idempotency_key": str(uuid.uuid4())}
    assert client.post(f"/me/{ann.access_token}/", data).status_code == 302
    page = client.get(f"/me/{ann.access_token}/").content.decode()
    assert 'data-offline-form="Confirmation' not in page  # ann waits for the others


def test_the_desk_takes_an_entry_key_once_and_refuses_an_entry_for_an_accepted_table(
    client,
    two_tables,  # noqa: F811
):
    _round, (first, second) = two_tables
    url = f"/events/flow-cup/desk/matches/{first.pk}/"
    page = client.get(url).content.decode()
    assert 'name="idempotency_key"' in page and 'name="intent" value="entry"' in page
    data = result(first) | {"intent": "entry", "idempotency_key": str(uuid.uuid4())}
    data["then"] = "next"
    for _ in range(2):
        answer = client.post(url, data, **SYNC)
        assert answer.json()["outcome"] == "sent"
        assert answer.json()["next"] == f"/events/flow-cup/desk/matches/{second.pk}/"
    assert ResultVersion.objects.filter(match=first).count() == 1
    # typed offline on the "enter" page, sent after the table was accepted: refused, not a
    # silent correction
    late = result(first) | {"intent": "entry", "idempotency_key": str(uuid.uuid4())}
    answer = client.post(url, late, **SYNC)
    assert answer.status_code == 409
    assert "already has an accepted result" in answer.json()["message"]
    assert ResultVersion.objects.filter(match=first).count() == 1


def test_the_manifest_and_the_service_worker(client, table):  # noqa: F811
    _match, (ann, *_rest) = table
    page = client.get(f"/me/{ann.access_token}/").content.decode()
    assert 'rel="manifest"' in page and 'name="theme-color"' in page and "js/offline.js" in page
    assert 'data-offline-form="Report of table' in page
    manifest = client.get(f"/manifest.webmanifest?start=/me/{ann.access_token}/")
    data = json.loads(manifest.content)
    assert data["display"] == "standalone" and data["start_url"] == f"/me/{ann.access_token}/"
    assert {icon["sizes"] for icon in data["icons"]} >= {"192x192", "512x512"}
    for hostile in ("https://evil.example/", "//evil.example/me/x/", "/admin/", "/me/" + "x" * 300):
        start = client.get("/manifest.webmanifest", {"start": hostile})
        assert json.loads(start.content)["start_url"] == "/"
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker["Content-Type"].startswith("text/javascript")
    assert worker["Cache-Control"] == "no-cache"
    assert "default-src 'self'" in worker["Content-Security-Policy"]
    text = worker.content.decode()
    assert 'importScripts("/static/js/sw-push.js")' in text
    assert "/static/js/offline.js" in text and "accounts" not in text
    assert client.post("/sw.js").status_code == 405
