"""Issue 19.3: the public standings page is rendered once per standings revision - a phone
that reloads an unchanged page gets 304 for one small query, anonymous phones share one
(gzipped) render, and any change of the standings gives the new page at once."""

import gzip
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from common.audit.actor import Actor
from matches.services.results import enter_result
from tests.browser.helpers import report_for
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db

URL = "/events/cached-cup/standings/"
moment = re.compile(rb"\d{13}|\d{4}-\d\d-\d\dT[\d:.+Z-]+")


@pytest.fixture
def event():
    tournament = TournamentFactory(slug="cached-cup")
    for i in range(8):
        EntrantFactory(tournament=tournament, display_name=f"Reader {i}")
    return publish_round(generate_swiss_round(tournament, seed=4))


def queries_for(client, url=URL, **headers):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, **headers)
    return response, len(queries)


@pytest.mark.also_on_postgres  # counts queries
def test_an_unchanged_page_is_304_for_one_query(client, event):
    first = client.get(URL)
    assert first.status_code == 200 and first["Cache-Control"] == "no-cache"
    assert "Cookie" in first["Vary"] and "Accept-Encoding" in first["Vary"]
    again, count = queries_for(client, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b"" and count == 1
    assert again["ETag"] == first["ETag"]


@pytest.mark.also_on_postgres  # counts queries
def test_anonymous_phones_share_one_render(client, event):
    _, rendered = queries_for(client)
    second, cached = queries_for(client)
    assert second.status_code == 200 and cached == 1 < rendered
    assert b"Reader 0" in second.content


def test_a_result_gives_the_new_page_at_once(client, event, django_capture_on_commit_callbacks):
    first = client.get(URL)
    match = event.matches.filter(is_bye=False).first()
    with django_capture_on_commit_callbacks(execute=True):  # the revision moves on commit
        enter_result(match, report_for(match), Actor())
    after = client.get(URL, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    assert after.content != first.content


def test_gzip_once_and_the_same_page(client, event):
    plain = client.get(URL)
    zipped = client.get(URL, HTTP_ACCEPT_ENCODING="gzip, br")
    assert zipped["Content-Encoding"] == "gzip" and zipped["ETag"].endswith('-gz"')
    # the same page, but for the moment each copy was drawn (the live layer's "after")
    assert moment.sub(b"", gzip.decompress(zipped.content)) == moment.sub(b"", plain.content)
    assert len(zipped.content) < len(plain.content) / 2
    again = client.get(URL, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=zipped["ETag"])
    assert again.status_code == 304


def test_a_signed_in_page_is_theirs_alone(client, event):
    anonymous = client.get(URL)
    client.force_login(UserFactory(username="ada-reads"))
    mine = client.get(URL)
    assert mine["ETag"] != anonymous["ETag"] and b"ada-reads" in mine.content
    assert client.get(URL, HTTP_IF_NONE_MATCH=mine["ETag"]).status_code == 304
    client.logout()
    assert b"ada-reads" not in client.get(URL).content


@pytest.mark.parametrize("held", ['"' + "f" * 8000 + '"', "*garbage*", 'W/"x", ""', ""])
def test_hostile_if_none_match_is_a_plain_page(client, event, held):
    assert client.get(URL, HTTP_IF_NONE_MATCH=held).status_code == 200


def test_a_private_event_is_not_cached(client, event):
    event.tournament.is_public = False
    event.tournament.save()
    assert client.get(URL).status_code == 404
    organiser = event.tournament.organiser
    client.force_login(organiser)
    page = client.get(URL)
    assert page.status_code == 200 and not page.has_header("ETag")


def test_each_language_has_its_own_page(client, event):
    """Anonymous phones share a render only with phones of the same language (issue 39)."""
    german = client.get(URL, HTTP_ACCEPT_LANGUAGE="de")
    french = client.get(URL, HTTP_ACCEPT_LANGUAGE="fr")
    assert b'<html lang="de"' in german.content and b'<html lang="fr"' in french.content
    assert german["ETag"] != french["ETag"]
    assert "Accept-Language" in german["Vary"]
    again = client.get(URL, HTTP_ACCEPT_LANGUAGE="fr", HTTP_IF_NONE_MATCH=german["ETag"])
    assert again.status_code == 200 and b'<html lang="fr"' in again.content
