"""The demo command builds the three documented events through the real services."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from matches.models import ResultVersion, Seat, VersionState
from tournament.management.demo_events import DEMO_USERS, remove_demo
from tournament.models import RoundStatus, StageKind, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):
    """Build the demo once for the module (it plays a few hundred games)."""
    with django_db_blocker.unblock():
        call_command("seed_demo", "--reset")
    yield
    with django_db_blocker.unblock():  # leave the shared test database as it was
        remove_demo()
        get_user_model().objects.filter(username__in=DEMO_USERS).delete()


def test_club_night_is_after_three_swiss_rounds(demo, client):
    club = Tournament.objects.get(slug="club-night")
    assert club.entrants.count() == 24
    rounds = list(club.rounds.order_by("number"))
    assert [r.status for r in rounds] == [RoundStatus.COMPLETE] * 3 + [RoundStatus.PUBLISHED]
    accepted = ResultVersion.objects.filter(
        match__round=rounds[3], state=VersionState.ACCEPTED
    ).count()
    assert accepted == 3  # half of the six tables
    assert client.get("/events/club-night/").status_code == 200


def test_convention_is_in_its_elimination_groups(demo):
    convention = Tournament.objects.get(slug="eye-con-open")
    assert convention.entrants.count() == 64
    swiss = convention.rounds.filter(stage__kind=StageKind.SWISS)
    assert swiss.count() == 5
    assert all(r.status == RoundStatus.COMPLETE for r in swiss)
    groups = convention.rounds.get(stage__kind=StageKind.ELIMINATION_1).matches.all()
    assert sorted(m.group_label for m in groups) == ["A", "B", "C", "D"]
    assert all(m.seats.count() == 4 for m in groups)


def test_alliance_cup_has_sixteen_teams_of_two_or_three(demo):
    alliance = Tournament.objects.get(slug="alliance-cup")
    assert alliance.team_play
    sizes = [e.team.memberships.count() for e in alliance.entrants.select_related("team")]
    assert len(sizes) == 16 and set(sizes) <= {2, 3}
    assert alliance.rounds.filter(status=RoundStatus.COMPLETE).count() == 4
    # Two teams a game: every match has two seats.
    seats = Seat.objects.filter(round__tournament=alliance)
    assert seats.count() == 16 * 4


def test_demo_pages_and_api_answer(demo, client):
    assert client.get("/").status_code == 200
    data = client.get("/api/v1/tournaments/").json()
    assert {t["slug"] for t in data["results"]} == {"club-night", "eye-con-open", "alliance-cup"}


def test_demo_logins_work(demo, client):
    for username, password in [("organiser", "organiser-demo"), ("referee", "referee-demo")]:
        assert client.login(username=username, password=password)


def test_the_demo_club_counts_its_events_as_a_season(demo, client):
    """Issue 17: the demo has a season to look at."""
    page = client.get("/seasons/riverside-league-2026/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Thursday Club Night" in html and "Alliance Cup" in html and "Eye-Con Open" in html
    assert html.count("<tr>") > 100  # the three fields' players
