"""Issue 33.8: every paginated list and every whole-number query parameter is bounded.

Before: ``?limit=9223372036854775808`` (2^63) answered 500 on every paginated list on
PostgreSQL ("bigint out of range"), and on SQLite ("Python int too large to convert to SQLite
INTEGER"); so did a huge ``offset``. A huge, negative or non-numeric value is now clamped (a
limit to ``MAX_LIMIT``, an offset to ``MAX_OFFSET``) or ignored, never a 500.
"""

import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from common.api.pagination import MAX_LIMIT, MAX_OFFSET, BoundedLimitOffsetPagination
from tests.api.conftest import user_client
from tests.factories import TournamentFactory, UserFactory
from tournament.models import Entrant

pytestmark = pytest.mark.django_db

HUGE = "9223372036854775808"  # 2^63: one past PostgreSQL's bigint and SQLite's INTEGER
HOSTILE = [
    f"limit={HUGE}",
    f"offset={HUGE}",
    f"limit={HUGE}&offset={HUGE}",
    "limit=99999999999999999999999999999999",
    "offset=99999999999999999999999999999999",
    "limit=-1",
    "offset=-5",
    "limit=abc&offset=xyz",
    "limit=1e999",
    "limit=" + "9" * 5000,  # past Python's own limit on digits
]


def lists(event) -> list[str]:
    """The paginated lists of the API, each with the data the fixture gives it."""
    slug = event.tournament.slug
    player = Entrant.objects.filter(tournament=event.tournament).first().player
    return [
        "/api/v1/tournaments/",
        f"/api/v1/tournaments/{slug}/entrants/",
        f"/api/v1/tournaments/{slug}/rounds/",
        f"/api/v1/tournaments/{slug}/rounds/{event.round.number}/matches/",
        f"/api/v1/tournaments/{slug}/audit/",
        "/api/v1/matches/",
        f"/api/v1/matches/?round={HUGE}",
        f"/api/v1/matches/{event.match.pk}/results/",
        "/api/v1/ratings/eye_for_an_eye/",
        "/api/v1/organisations/",
        "/api/v1/seasons/",
        f"/api/v1/players/{player.pk}/head-to-head/",
    ]


@pytest.mark.parametrize("query", HOSTILE)
def test_no_list_answers_500_to_a_hostile_limit_or_offset(event, query):
    client = user_client(event.organiser)
    for url in lists(event):
        joined = f"{url}{'&' if '?' in url else '?'}{query}"
        response = client.get(joined)
        assert response.status_code in (200, 400, 404), (joined, response.status_code)
        assert response.status_code != 404 or "head-to-head" in url, joined


def test_a_huge_limit_is_cut_to_the_maximum(db):
    TournamentFactory.create_batch(3, is_public=True)
    body = APIClient().get(f"/api/v1/tournaments/?limit={HUGE}").json()
    assert body["count"] == 3 and len(body["results"]) == 3
    assert MAX_LIMIT <= 500


def test_a_huge_offset_gives_an_empty_page(db):
    TournamentFactory.create_batch(2, is_public=True)
    body = APIClient().get(f"/api/v1/tournaments/?offset={HUGE}").json()
    assert body["count"] == 2 and body["results"] == []
    assert body["next"] is None
    assert f"offset={MAX_OFFSET - 50}" in body["previous"]  # the offset was cut to the bound


def test_the_limit_is_held_to_the_maximum(db, monkeypatch):
    monkeypatch.setattr(BoundedLimitOffsetPagination, "max_limit", 4)
    organiser = UserFactory()
    TournamentFactory.create_batch(6, organiser=organiser, is_public=True)
    body = APIClient().get("/api/v1/tournaments/?limit=100000").json()
    assert body["count"] == 6 and len(body["results"]) == 4
    assert "limit=4" in body["next"]


def signed_in(user) -> Client:
    """A browser signed in as ``user`` (the pages read the session, not API tokens)."""
    client = Client()
    client.force_login(user)
    return client


PAGES = [
    "/events/{slug}/standings/?page={value}",
    "/events/{slug}/live.json?after={value}",
    "/ratings/eye_for_an_eye/?page={value}",
    "/events/{slug}/manage/audit/?page={value}&round={value}&table={value}",
    "/events/{slug}/desk/?round={value}",
    "/events/{slug}/manage/rounds/?job={value}",
]


@pytest.mark.parametrize("value", [HUGE, "-1", "abc", "1e999", "9" * 5000, "0", "²", "١٢"])
def test_no_page_answers_500_to_a_hostile_number(event, value):
    client = signed_in(event.organiser)
    for template in PAGES:
        url = template.format(slug=event.tournament.slug, value=value)
        response = client.get(url)
        assert response.status_code in (200, 400), (url, response.status_code)


def test_the_standings_cache_keeps_one_entry_per_real_page(event):
    """Page numbers past the end are the last page: one cached render, not one per number."""
    client = APIClient()
    url = f"/events/{event.tournament.slug}/standings/"
    first = client.get(url + "?page=1").content
    for page in (2, 3, 999, int(HUGE)):
        assert client.get(f"{url}?page={page}").status_code == 200
    keys = [k for k in getattr(cache, "_cache", {}) if ":table:" in str(k)]
    if keys:  # the local-memory cache shows its keys; others cannot be listed
        assert len(keys) == 1, keys
    assert first


@pytest.mark.parametrize(
    "template",
    [
        "/events/{slug}/rounds/{n}/",
        "/events/{slug}/rounds/{n}/live.json",
        "/events/{slug}/entrants/{n}/",
        "/events/{slug}/matches/{n}/live.json",
        "/events/{slug}/desk/matches/{n}/",
        "/api/v1/matches/{n}/",
        "/api/v1/matches/{n}/results/",
        "/api/v1/players/{n}/ratings/",
        "/api/v1/jobs/{n}/",
    ],
)
def test_a_huge_number_in_a_path_is_a_404(event, template):
    url = template.format(slug=event.tournament.slug, n=HUGE)
    client = user_client(event.organiser) if url.startswith("/api/") else signed_in(event.organiser)
    assert client.get(url).status_code == 404, url
