"""Issue 40, item 5: cursor pages on the long lists, ETags on reads (304, a new tag after a
change, Vary on credentials), the OpenAPI document linked from event pages."""

import pytest
from django.db.models import F

from tests.api.conftest import user_client
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

B = "/api/v1/tournaments/spring-cup"


def walk(client, url):
    """Every row of a cursor list, following ``next``."""
    rows, pages = [], 0
    while url:
        body = client.get(url).json()
        assert "cursor=" in url or pages == 0
        rows += body["results"]
        url, pages = body["next"], pages + 1
    return rows, pages


def test_entrants_page_by_cursor_in_a_stable_order(event, anon):
    rows, pages = walk(anon, f"{B}/entrants/?limit=3")
    assert pages == 3 and len(rows) == 8 == len({row["id"] for row in rows})
    assert [r["display_name"] for r in rows] == sorted(r["display_name"] for r in rows)
    first = anon.get(f"{B}/entrants/?limit=3").json()
    assert first["count"] == 8 and "cursor=" in first["next"] and first["previous"] is None


def test_a_cursor_holds_its_place_when_the_list_grows(event):
    client = user_client(event.organiser)
    for name in ("Ada", "Ben", "Cleo"):
        client.post(f"{B}/entrants/", {"name": name}, format="json")  # audited
    first = client.get(f"{B}/audit/?limit=2").json()
    seen = {row["id"] for row in first["results"]}
    client.post(f"{B}/entrants/", {"name": "Aaron"}, format="json")  # a new newest entry
    second = client.get(first["next"]).json()["results"]
    assert not seen & {row["id"] for row in second}  # no row repeated by the new one


def test_a_round_s_tables_page_by_cursor(event, anon):
    rows, pages = walk(anon, f"{B}/rounds/1/matches/?limit=1")
    assert pages == 2 and [row["table_number"] for row in rows] == [1, 2]


def test_the_page_size_is_bounded(event, anon):
    assert len(anon.get(f"{B}/entrants/?limit=99999999999").json()["results"]) == 8


def test_offset_still_answers_and_is_deprecated(event, anon):
    response = anon.get(f"{B}/entrants/?limit=3&offset=3")
    assert len(response.json()["results"]) == 3 and "offset=6" in response.json()["next"]
    assert response["Deprecation"].startswith("@") and "2027" in response["Sunset"]
    assert "Deprecation" not in anon.get(f"{B}/entrants/")


def test_an_ordering_a_cursor_cannot_hold_is_paged_by_offset(event, anon):
    body = anon.get(f"{B}/entrants/?ordering=seed&limit=3").json()
    assert body["count"] == 8 and "offset=3" in body["next"]


@pytest.mark.parametrize("cursor", ["cD1hYmM%3D", "cD05OTk5OTk5OTk5OTk5OTk5OTk5OTk%3D", "zzz"])
def test_a_crafted_cursor_is_refused_not_a_500(event, cursor):
    client = user_client(event.organiser)
    assert client.get(f"{B}/registrations/?cursor={cursor}").status_code == 404


def test_a_read_has_an_etag_and_answers_304_until_it_changes(event, anon):
    url = f"{B}/entrants/"
    first = anon.get(url)
    etag = first["ETag"]
    assert {"Authorization", "Cookie", "X-Entrant-Token"} <= {
        part.strip() for part in first["Vary"].split(",")
    }
    again = anon.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == etag
    user_client(event.organiser).patch(
        f"{url}{event.players[0].pk}/", {"display_name": "Renamed"}, format="json"
    )
    changed = anon.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_the_standings_tag_is_their_version(event, anon):
    url = f"{B}/standings/"
    etag = anon.get(url)["ETag"]
    assert anon.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    # what bump_standings_revision does once a result commits
    Tournament.objects.filter(pk=event.tournament.pk).update(
        standings_revision=F("standings_revision") + 1
    )
    fresh = anon.get(url, HTTP_IF_NONE_MATCH=etag)
    assert fresh.status_code == 200 and fresh["ETag"] != etag


def test_writes_and_errors_carry_no_etag(event, anon):
    assert "ETag" not in anon.get(f"{B}/audit/")  # 401
    assert "ETag" not in user_client(event.organiser).post(f"{B}/entrants/", {}, format="json")


def test_event_pages_link_the_openapi_document(event, client):
    page = client.get("/events/spring-cup/").content.decode()
    assert 'href="/api/schema/"' in page and 'href="/api/docs/"' in page
    assert 'href="/api/v1/tournaments/spring-cup/"' in page
    assert 'href="/api/schema/"' not in client.get("/").content.decode()
