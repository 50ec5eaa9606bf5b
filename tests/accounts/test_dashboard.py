"""Issue 14.2: "My events" after sign-in - the events I organise, co-organise or referee, each
with its state now and links to its console, desk and public page."""

import pytest

from matches.models import MatchStatus
from tests.factories import EntrantFactory, TournamentFactory, verified_user
from tournament.models import StaffRole, StaffRoleKind, TournamentStatus
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def vic():
    return verified_user("vic")


def test_anonymous_visitors_are_asked_to_sign_in(client):
    response = client.get("/dashboard/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_my_events_with_roles_states_and_links(client, vic):
    own = TournamentFactory(name="Own Cup", organiser=vic, status=TournamentStatus.REGISTRATION)
    EntrantFactory.create_batch(3, tournament=own)
    co = TournamentFactory(name="Co Cup", status=TournamentStatus.SWISS)
    StaffRole.objects.create(tournament=co, user=vic, role=StaffRoleKind.ORGANISER)
    EntrantFactory.create_batch(8, tournament=co)
    round_ = publish_round(generate_swiss_round(co, seed=4))
    first = round_.matches.filter(is_bye=False).first()
    first.status = MatchStatus.ACCEPTED
    first.save(update_fields=["status"])
    reffed = TournamentFactory(name="Ref Cup", status=TournamentStatus.FINISHED)
    StaffRole.objects.create(tournament=reffed, user=vic, role=StaffRoleKind.REFEREE)
    TournamentFactory(name="Stranger Cup")
    client.force_login(vic)
    page = client.get("/dashboard/").content.decode()
    assert "Stranger Cup" not in page
    rows = {row.tournament.name: row for row in client.get("/dashboard/").context["events"]}
    assert set(rows) == {"Own Cup", "Co Cup", "Ref Cup"}
    assert rows["Own Cup"].role == "organiser" and rows["Co Cup"].role == "organiser"
    assert rows["Ref Cup"].role == "referee"
    assert rows["Own Cup"].state == "Registration open: 3 registered, 0 checked in."
    tables = round_.matches.filter(is_bye=False).count()
    assert rows["Co Cup"].state == f"Round 1 running: {tables - 1} of {tables} results missing."
    assert rows["Ref Cup"].state == "Finished."
    assert f'href="/events/{own.slug}/manage/"' in page
    assert f'href="/events/{co.slug}/desk/"' in page
    assert f'href="/events/{reffed.slug}/manage/"' not in page  # a referee has no console
    assert f'href="/events/{reffed.slug}/"' in page
    assert 'href="/manage/new/"' in page


def test_an_empty_dashboard_says_what_to_do(client, vic):
    client.force_login(vic)
    page = client.get("/dashboard/").content.decode()
    assert "You do not play, run or referee an event yet" in page and "New event" in page


def test_sign_in_lands_on_the_dashboard(client):
    verified_user("wyn", password="a-long-test-password")
    response = client.post("/accounts/login/", {"login": "wyn", "password": "a-long-test-password"})
    assert response["Location"] == "/dashboard/"


def test_a_superuser_must_set_up_a_second_factor_when_required(client, settings):
    boss = verified_user("chief", is_superuser=True, is_staff=True)
    client.force_login(boss)
    settings.REQUIRE_SUPERUSER_MFA = False
    assert client.get("/dashboard/").status_code == 200
    settings.REQUIRE_SUPERUSER_MFA = True
    response = client.get("/dashboard/")
    assert response.status_code == 302 and response["Location"] == "/accounts/2fa/totp/activate/"
    # the set-up itself stays reachable (allauth first asks for the password again)
    setup = client.get("/accounts/2fa/totp/activate/", follow=True)
    assert setup.status_code == 200 and setup.redirect_chain[-1][0].startswith("/accounts/")
    organiser = verified_user("plain")
    client.force_login(organiser)
    assert client.get("/dashboard/").status_code == 200  # only superusers are held to it


def test_a_superuser_without_a_second_factor_still_gets_the_service_worker(client, settings):
    """Every page registers /sw.js: redirected to the set-up, the browser would drop the worker."""
    settings.REQUIRE_SUPERUSER_MFA = True
    client.force_login(verified_user("chief", is_superuser=True, is_staff=True))
    assert client.get("/dashboard/").status_code == 302
    assert client.get("/sw.js").status_code == 200
    assert client.get("/manifest.webmanifest").status_code == 200


def test_between_rounds_the_dashboard_says_the_next_is_not_paired(client, vic):
    event = TournamentFactory(organiser=vic, status=TournamentStatus.SWISS)
    EntrantFactory.create_batch(4, tournament=event)
    round_ = publish_round(generate_swiss_round(event, seed=2))
    round_.status = "complete"
    round_.save(update_fields=["status"])
    client.force_login(vic)
    (row,) = client.get("/dashboard/").context["events"]
    assert row.state == "Swiss rounds: 1 round complete; the next is not paired yet."
