""" "Run this again" from the console page: the copy, its audit entry, and the refusals."""

import datetime

import pytest
from django.utils import timezone

from common.audit.models import AuditEntry
from leagues.models import Organisation
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import StaffRole, StaffRoleKind, Tournament, TournamentStatus
from tournament.models.event_settings import NAMES
from tournament.services.run_again import NOT_COPIED

pytestmark = pytest.mark.django_db


def days(n: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=n)


@pytest.fixture
def weekly():
    """A finished club night with non-default settings, two entrants and its organiser."""
    organiser = UserFactory(username="club-org")
    club = Organisation.objects.create(name="Hex Club", slug="hex-club")
    event = TournamentFactory(
        name="Thursday Night",
        slug="thursday-night",
        organiser=organiser,
        organisation=club,
        starts_on=days(-1),
        venue="The Back Room",
        address="1 Dice Lane, Leeds",
        mode="alliances",
        swiss_rounds=3,
        allow_three_team_games=True,
        game_length_seconds=420,
        tiebreakers=["sos"],
        keep_clubmates_apart=False,
        is_public=False,
        status=TournamentStatus.FINISHED,
    )
    StaffRole.objects.create(tournament=event, user=organiser, role=StaffRoleKind.ORGANISER)
    EntrantFactory.create_batch(2, tournament=event)
    return event


def post(client, event, **body):
    return client.post(f"/events/{event.slug}/manage/run-again/", body)


def test_the_page_says_entrants_are_not_copied_and_suggests_next_week(client, weekly):
    client.force_login(weekly.organiser)
    page = client.get("/events/thursday-night/manage/run-again/").content.decode()
    assert "Entrants are not copied" in page
    assert f'value="{days(6).isoformat()}"' in page  # a week after the original's day
    home = client.get("/events/thursday-night/manage/").content.decode()
    assert "/events/thursday-night/manage/run-again/" in home


def test_the_copy_has_every_setting_the_organisation_and_venue_but_no_entrants(client, weekly):
    client.force_login(weekly.organiser)
    response = post(client, weekly, starts_on=days(6).isoformat(), slug="thursday-next")
    assert response.status_code == 302 and response["Location"].endswith("/thursday-next/manage/")
    copy = Tournament.objects.get(slug="thursday-next")
    for name in NAMES:
        if name not in NOT_COPIED:
            assert getattr(copy, name) == getattr(weekly, name), name
    assert copy.name == "Thursday Night" and copy.starts_on == days(6)
    assert copy.status == TournamentStatus.SETUP and copy.organisation == weekly.organisation
    assert copy.venue == "The Back Room" and copy.address == "1 Dice Lane, Leeds"
    assert copy.entrants.count() == 0 and copy.rounds.count() == 0
    assert StaffRole.objects.filter(
        tournament=copy, user=weekly.organiser, role=StaffRoleKind.ORGANISER
    ).exists()
    entry = AuditEntry.objects.get(tournament=copy, action="tournament.created")
    assert entry.user == weekly.organiser and entry.channel == "page"
    assert entry.after["run_again_from"] == "thursday-night"
    assert entry.after["swiss_rounds"] == 3


def test_a_new_name_can_be_given(client, weekly):
    client.force_login(weekly.organiser)
    post(client, weekly, starts_on=days(6).isoformat(), slug="special", name="Special Night")
    assert Tournament.objects.get(slug="special").name == "Special Night"


@pytest.mark.parametrize(
    ("day", "slug", "problem"),
    [
        (-3, "thursday-next", "is in the past"),
        (0, "thursday-night", "The web address thursday-night is taken"),
        (0, "not a slug!", "Enter a valid"),
    ],
)
def test_bad_input_is_named_and_changes_nothing(client, weekly, day, slug, problem):
    client.force_login(weekly.organiser)
    before = Tournament.objects.count(), AuditEntry.objects.count()
    response = post(client, weekly, starts_on=days(day).isoformat(), slug=slug)
    assert response.status_code == 400
    assert problem in response.content.decode()
    assert (Tournament.objects.count(), AuditEntry.objects.count()) == before


def test_a_day_not_after_the_original_is_refused(client, weekly):
    Tournament.objects.filter(pk=weekly.pk).update(starts_on=days(10))
    client.force_login(weekly.organiser)
    response = post(client, weekly, starts_on=days(5).isoformat(), slug="earlier")
    assert response.status_code == 400 and "Choose a day after" in response.content.decode()
    assert not Tournament.objects.filter(slug="earlier").exists()


def test_only_an_organiser_may_run_it_again(client, weekly):
    client.force_login(UserFactory(username="stranger"))
    response = post(client, weekly, starts_on=days(6).isoformat(), slug="stolen")
    assert response.status_code == 403
    assert not Tournament.objects.filter(slug="stolen").exists()


def test_the_page_opens_for_an_event_on_the_last_day_a_date_can_hold(client, weekly):
    Tournament.objects.filter(pk=weekly.pk).update(starts_on=datetime.date.max)
    client.force_login(weekly.organiser)
    response = client.get("/events/thursday-night/manage/run-again/")
    assert response.status_code == 200 and days(7).isoformat() in response.content.decode()
