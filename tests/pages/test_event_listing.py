"""The home page's public listing: what a row says, the filters, who is listed, its cost."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from leagues.models import Organisation
from tests.factories import EntrantFactory, TournamentFactory
from tournament.models import TournamentStatus
from tournament.services.listing import PAGE_SIZE, RECENT_DAYS

pytestmark = pytest.mark.django_db


def days(n: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=n)


def listed(client, query: str = "") -> str:
    response = client.get("/" + query)
    assert response.status_code == 200
    return response.content.decode()


def test_the_home_page_says_what_the_site_is_and_how_to_run_an_event(client):
    page = listed(client)
    assert "tabletop game tournament" in page
    assert 'href="/manage/new/"' in page


def test_a_row_shows_date_venue_address_organisation_game_and_status(client):
    club = Organisation.objects.create(name="Hex Club", slug="hex-club", region="Yorkshire")
    event = TournamentFactory(
        name="Club Night",
        starts_on=days(7),
        venue="The Back Room",
        address="1 Dice Lane, Leeds",
        organisation=club,
        mode="alliances",
        status=TournamentStatus.REGISTRATION,
    )
    EntrantFactory.create_batch(2, tournament=event)
    page = listed(client)
    assert "Club Night" in page
    assert f'datetime="{days(7).isoformat()}"' in page
    assert "The Back Room, 1 Dice Lane, Leeds" in page
    assert "Hex Club (Yorkshire)" in page
    assert event.game_mode["label"] in page
    assert "Registration open" in page and "2 teams" in page
    # registration settings do not exist yet: no made-up places or closing time
    assert "places left" not in page and "Registration open until" not in page


def test_running_comes_first_then_upcoming_by_date_then_recent(client):
    TournamentFactory(name="Later Open", starts_on=days(20))
    TournamentFactory(name="Soon Open", starts_on=days(2))
    TournamentFactory(name="Last Week", starts_on=days(-7), status=TournamentStatus.FINISHED)
    TournamentFactory(name="Going On", starts_on=days(0), status=TournamentStatus.SWISS)
    TournamentFactory(
        name="Long Ago", starts_on=days(-RECENT_DAYS - 5), status=TournamentStatus.FINISHED
    )
    page = listed(client)
    order = [page.index(name) for name in ("Going On", "Soon Open", "Later Open", "Last Week")]
    assert order == sorted(order)
    assert "Long Ago" not in page
    assert "Long Ago" in listed(client, f"?date_from={days(-RECENT_DAYS - 10).isoformat()}")


def test_private_events_are_never_listed(client):
    TournamentFactory(name="Open Cup", starts_on=days(3))
    TournamentFactory(name="Secret Playtest", starts_on=days(3), is_public=False)
    club = Organisation.objects.create(name="Quiet Club", slug="quiet")
    TournamentFactory(name="Members Only", organisation=club, is_public=False)
    page = listed(client)
    assert "Open Cup" in page
    assert "Secret Playtest" not in page and "Members Only" not in page
    assert "Quiet Club" not in page  # not even among the filter's organisations


def test_filters_by_game_organisation_region_and_dates(client):
    north = Organisation.objects.create(name="North Club", slug="north", region="Northumberland")
    south = Organisation.objects.create(name="South Club", slug="south", region="Kent")
    TournamentFactory(name="Eye Night", organisation=north, starts_on=days(5))
    TournamentFactory(
        name="Moon Night",
        organisation=south,
        game_system="tsukuyumi",
        mode="standard",
        starts_on=days(40),
        address="Harbour Hall, Dover",
    )
    by_game = listed(client, "?game=tsukuyumi")
    assert "Moon Night" in by_game and "Eye Night" not in by_game
    by_club = listed(client, "?organisation=north")
    assert "Eye Night" in by_club and "Moon Night" not in by_club
    by_region = listed(client, "?region=northum")
    assert "Eye Night" in by_region and "Moon Night" not in by_region
    by_address = listed(client, "?region=dover")
    assert "Moon Night" in by_address and "Eye Night" not in by_address
    by_dates = listed(client, f"?date_from={days(30).isoformat()}&date_to={days(50).isoformat()}")
    assert "Moon Night" in by_dates and "Eye Night" not in by_dates
    assert "No public event matches these filters." in listed(client, "?game=eye_vs_eye")


@pytest.mark.parametrize(
    ("query", "problem"),
    [
        ("?game=chess", "Select a valid choice"),
        ("?date_from=someday", "Enter a valid date"),
        ("?date_from=2030-05-02&date_to=2030-05-01", "The date range ends before it starts."),
    ],
)
def test_a_wrong_filter_is_named_and_filters_nothing(client, query, problem):
    TournamentFactory(name="Club Night", starts_on=days(3))
    page = listed(client, query)
    assert problem in page
    assert "A filter was not understood, so every event is shown." in page
    assert "Club Night" in page


def test_the_listing_is_paged(client):
    for n in range(PAGE_SIZE + 3):
        TournamentFactory(name=f"Weekly {n:02d}", starts_on=days(n + 1))
    first = listed(client)
    assert first.count('class="card"') == PAGE_SIZE
    assert "Weekly 00" in first and f"Weekly {PAGE_SIZE:02d}" not in first
    second = listed(client, "?page=2")
    assert second.count('class="card"') == 3 and f"Weekly {PAGE_SIZE + 2:02d}" in second


def test_the_filters_stay_on_the_next_page(client):
    for n in range(PAGE_SIZE + 1):
        TournamentFactory(name=f"Moon {n:02d}", game_system="tsukuyumi", mode="standard")
    TournamentFactory(name="Eye Night")
    page = listed(client, "?game=tsukuyumi")
    assert "page=2&amp;game=tsukuyumi" in page


def queries_for_home(client) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/")
    assert response.status_code == 200 and "Run by Club" in response.content.decode()
    return len(queries)


@pytest.mark.also_on_postgres  # counts queries
def test_the_number_of_queries_does_not_grow_with_the_events(client):
    def add_events(count: int, start: int):
        for n in range(start, start + count):
            club = Organisation.objects.create(name=f"Club {n}", slug=f"club-{n}")
            event = TournamentFactory(organisation=club, starts_on=days(n % 30))
            EntrantFactory.create_batch(2, tournament=event)

    add_events(2, 0)
    few = queries_for_home(client)
    add_events(PAGE_SIZE + 5, 2)
    assert queries_for_home(client) == few
