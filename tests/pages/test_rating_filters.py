"""Issue 17: the rating lists narrowed to one organisation's events or one region's, on the
page and over the API (the same players, the same order)."""

import random

import pytest

from common.audit.actor import Actor
from leagues.services import organisations as org_service
from leagues.services.ratings import recompute
from tests.factories import TournamentFactory, UserFactory
from tournament.services.simulation import player_pool, register_sides, run_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_clubs():
    """Two clubs in two regions, each with one finished event of its own eight players."""
    rng = random.Random(8)
    names = {}
    for slug, region in (("north", "Hills"), ("south", "Coast")):
        boss = UserFactory(username=f"{slug}-boss")
        club = org_service.create_organisation(slug.title(), slug, region, Actor(user=boss))
        event = TournamentFactory(organiser=boss, swiss_rounds=2, organisation=club)
        pool = player_pool(8, rng)
        register_sides(event, 8, False, rng, pool=pool)
        run_event(event, rng)
        names[slug] = {p.name for p in pool}
    recompute("eye_for_an_eye")
    return names


def listed_names(client, query: str) -> list[str]:
    rows = client.get(f"/api/v1/ratings/eye_for_an_eye/?{query}").json()["results"]
    return [row["name"] for row in rows]


def test_an_organisation_or_a_region_keeps_its_own_players(client, two_clubs):
    assert set(listed_names(client, "organisation=north")) == two_clubs["north"]
    assert set(listed_names(client, "region=coast")) == two_clubs["south"]
    assert len(listed_names(client, "")) == 16
    assert listed_names(client, "organisation=" + "x" * 5000) == []
    page = client.get("/ratings/eye_for_an_eye/?organisation=north").content.decode()
    assert all(name in page for name in two_clubs["north"])
    assert not any(name in page for name in two_clubs["south"])
    assert '<option value="north" selected>' in page
