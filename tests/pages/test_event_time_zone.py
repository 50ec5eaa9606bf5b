"""Each event has its venue's time zone (``Tournament.time_zone``): its pages show times in it,
an organiser's times are read in it, its e-mails and calendar entries name it; stored times
stay UTC."""

import datetime

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.utils import timezone

from accounts.models import LanguagePreference
from registrations.models import RegistrationPolicy
from tests.factories import TournamentFactory, UserFactory
from tests.registrations.conftest import open_event
from tournament.models import StaffRole, StaffRoleKind

pytestmark = pytest.mark.django_db

UTC = datetime.UTC


def test_a_new_event_takes_the_site_zone_and_refuses_a_name_that_is_no_zone(settings):
    settings.TIME_ZONE = "Europe/Paris"
    event = TournamentFactory()
    assert event.time_zone == "Europe/Paris"
    event.time_zone = "Europe/Atlantis"
    with pytest.raises(ValidationError) as refused:
        event.full_clean()
    assert "Europe/Atlantis is not a time zone name" in str(refused.value.message_dict)
    event.time_zone = "America/New_York"
    event.full_clean()


def test_the_event_page_shows_the_opening_time_in_the_venue_zone(client):
    opens = datetime.datetime(2030, 1, 10, 17, 0, tzinfo=UTC)
    berlin = open_event(opens_at=opens)
    berlin.time_zone = "Europe/Berlin"
    berlin.is_public = True
    berlin.save()
    text = client.get(f"/events/{berlin.slug}/").content.decode()
    assert "Registration opens at 2030-01-10 18:00." in text
    assert RegistrationPolicy.objects.get(tournament=berlin).opens_at == opens  # stored in UTC
    # the next page, of no event, is back in the site's zone
    assert timezone.get_current_timezone_name() == "UTC"


def test_the_organiser_types_times_in_the_venue_zone(client):
    organiser = UserFactory(username="boss")
    event = TournamentFactory(slug="tokyo", organiser=organiser, time_zone="Asia/Tokyo")
    StaffRole.objects.create(tournament=event, user=organiser, role=StaffRoleKind.ORGANISER)
    client.force_login(organiser)
    page = "/events/tokyo/manage/registrations/settings/"
    assert "In the event&#x27;s time (Asia/Tokyo)" in client.get(page).content.decode()
    response = client.post(
        page,
        {
            "self_service": "on",
            "opens_at": "2030-05-01T09:00",
            "closes_at": "2030-05-20T18:00",
            "waitlist": "on",
            "who_may": "anyone",
        },
    )
    assert response.status_code == 302
    policy = RegistrationPolicy.objects.get(tournament=event)
    assert policy.opens_at == datetime.datetime(2030, 5, 1, 0, 0, tzinfo=UTC)  # 09:00 in Tokyo


def test_the_calendar_feed_of_an_event_names_its_zone(client):
    event = TournamentFactory(
        slug="paris", is_public=True, starts_on=datetime.date(2030, 3, 6), time_zone="Europe/Paris"
    )
    feed = client.get(f"/events/{event.slug}/calendar.ics").content.decode()
    assert "X-WR-TIMEZONE:Europe/Paris" in feed and "DTSTART;VALUE=DATE:20300306" in feed


def test_the_registration_email_speaks_the_event_language_and_names_its_zone(
    client, django_capture_on_commit_callbacks
):
    event = open_event(capacity=4)
    event.starts_on = datetime.date(2030, 3, 6)
    event.time_zone, event.language = "Europe/Berlin", "de"
    event.save()
    chose_none = UserFactory(username="anna", email="anna@example.org")
    chose_french = UserFactory(username="zoe", email="zoe@example.org")
    LanguagePreference.objects.create(user=chose_french, language="fr")
    for user in (chose_none, chose_french):
        client.force_login(user)
        with django_capture_on_commit_callbacks(execute=True):
            client.post(f"/events/{event.slug}/register/", {"name": user.username.title()})
    by_address = {message.to[0]: message for message in mail.outbox}
    assert f"Deine Anmeldung für {event.name}" in by_address["anna@example.org"].subject
    assert f"Votre inscription à {event.name}" in by_address["zoe@example.org"].subject
    (_name, calendar, _kind) = by_address["anna@example.org"].attachments[0]
    assert "X-WR-TIMEZONE:Europe/Berlin" in calendar
