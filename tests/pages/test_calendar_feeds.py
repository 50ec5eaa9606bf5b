"""Calendar feeds: one event's, an organisation's, a season's; parsed back with icalendar."""

import datetime

import pytest
from icalendar import Calendar

from common.audit.actor import Actor
from common.audit.channels import Channel
from leagues.models import Organisation, Season, SeasonEvent
from tests.factories import TournamentFactory, UserFactory
from tournament.services.events import update_tournament

pytestmark = pytest.mark.django_db

DAY = datetime.date(2030, 3, 14)


def entries(response) -> list:
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return list(Calendar.from_ical(response.content).walk("VEVENT"))


@pytest.fixture
def club():
    return Organisation.objects.create(name="Hex Club", slug="hex-club", region="Leeds")


@pytest.fixture
def event(club):
    return TournamentFactory(
        name="Pi Day Cup",
        slug="pi-day-cup",
        starts_on=DAY,
        venue="The Back Room",
        address="1 Dice Lane, Leeds",
        organisation=club,
    )


def test_an_events_feed_has_its_day_venue_and_page(client, event):
    (entry,) = entries(client.get("/events/pi-day-cup/calendar.ics"))
    assert entry.decoded("dtstart") == DAY
    assert entry.decoded("dtend") == DAY + datetime.timedelta(days=1)
    assert str(entry["summary"]) == "Pi Day Cup"
    assert str(entry["location"]) == "The Back Room, 1 Dice Lane, Leeds"
    assert str(entry["url"]) == "http://testserver/events/pi-day-cup/"
    assert "Hex Club" in str(entry["description"])


def test_a_changed_date_or_venue_updates_the_same_entry(client, event):
    # the event was made a while ago (the feed counts its changes in seconds)
    type(event).objects.filter(pk=event.pk).update(
        updated_at=event.updated_at - datetime.timedelta(minutes=5)
    )
    (before,) = entries(client.get("/events/pi-day-cup/calendar.ics"))
    actor = Actor(user=UserFactory(), channel=Channel.PAGE)
    later = DAY + datetime.timedelta(days=7)
    event.refresh_from_db()
    update_tournament(event, {"starts_on": later, "venue": "Main Hall"}, actor)
    (after,) = entries(client.get("/events/pi-day-cup/calendar.ics"))
    assert after.decoded("dtstart") == later
    assert str(after["location"]).startswith("Main Hall")
    assert str(after["uid"]) == str(before["uid"])
    assert int(after["sequence"]) > int(before["sequence"])
    assert after.decoded("last-modified") > before.decoded("last-modified")


def test_only_public_dated_events_have_a_feed(client, club):
    TournamentFactory(slug="secret", starts_on=DAY, is_public=False)
    TournamentFactory(slug="undated", starts_on=None)
    assert client.get("/events/secret/calendar.ics").status_code == 404
    assert client.get("/events/undated/calendar.ics").status_code == 404
    assert client.get("/events/nothing-here/calendar.ics").status_code == 404


def test_the_event_page_offers_add_to_calendar(client, event):
    page = client.get("/events/pi-day-cup/").content.decode()
    assert 'href="/events/pi-day-cup/calendar.ics"' in page and "Add to calendar" in page
    TournamentFactory(slug="undated", starts_on=None)
    assert "Add to calendar" not in client.get("/events/undated/").content.decode()


def test_an_organisations_feed_carries_its_public_events(client, club, event):
    TournamentFactory(name="Club Night", starts_on=DAY, organisation=club)
    TournamentFactory(name="Closed Playtest", starts_on=DAY, organisation=club, is_public=False)
    TournamentFactory(name="Elsewhere", starts_on=DAY)
    found = entries(client.get("/orgs/hex-club/calendar.ics"))
    assert sorted(str(e["summary"]) for e in found) == ["Club Night", "Pi Day Cup"]
    assert len({str(e["uid"]) for e in found}) == 2
    assert client.get("/orgs/nobody/calendar.ics").status_code == 404


def test_a_seasons_feed_carries_its_public_events_and_a_private_season_has_none(
    client, club, event
):
    season = Season.objects.create(organisation=club, name="Spring League", slug="spring")
    SeasonEvent.objects.create(season=season, tournament=event)
    TournamentFactory(name="Not In The Season", starts_on=DAY, organisation=club)
    (entry,) = entries(client.get("/seasons/spring/calendar.ics"))
    assert str(entry["summary"]) == "Pi Day Cup"
    assert "/seasons/spring/calendar.ics" in client.get("/seasons/spring/").content.decode()
    Season.objects.filter(pk=season.pk).update(is_public=False)
    assert client.get("/seasons/spring/calendar.ics").status_code == 404


def test_the_last_day_a_date_can_hold_still_makes_a_feed(client):
    TournamentFactory(slug="far-future", starts_on=datetime.date.max)
    (entry,) = entries(client.get("/events/far-future/calendar.ics"))
    assert entry.decoded("dtstart") == datetime.date.max
