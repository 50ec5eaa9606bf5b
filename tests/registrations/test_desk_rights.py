"""Who may open the registrations desk: the organiser everything, a referee the table only;
a player, a stranger and an anonymous visitor nothing."""

import pytest

from tests.factories import UserFactory
from tests.registrations.desk_setup import desk_event

pytestmark = pytest.mark.django_db

BASE = "/events/cup/manage/registrations/"
ORGANISER_PAGES = [
    BASE + "registrations.csv",
    BASE + "settings/",
    BASE + "questions/",
    BASE + "mail/",
]
ACTIONS = ["accept", "decline", "promote", "move", "paid"]


@pytest.fixture
def desk():
    desk = desk_event(capacity=1)
    desk.first = desk.player("Ann")
    return desk


@pytest.mark.parametrize("url", [BASE, *ORGANISER_PAGES])
def test_anonymous_visitors_are_sent_to_sign_in(client, desk, url):
    response = client.get(url)
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


@pytest.mark.parametrize("url", [BASE, *ORGANISER_PAGES])
def test_a_stranger_and_a_registered_player_are_refused(client, desk, url):
    client.force_login(UserFactory(username="stranger"))
    assert client.get(url).status_code == 403
    client.force_login(desk.first.user)
    assert client.get(url).status_code == 403


def test_a_referee_reads_the_table_but_nothing_else(client, desk):
    client.force_login(desk.referee)
    page = client.get(BASE)
    assert page.status_code == 200
    assert "Ann" in page.content.decode()
    assert "Mark paid" not in page.content.decode()
    for url in ORGANISER_PAGES:
        assert client.get(url).status_code == 403


@pytest.mark.parametrize("action", ACTIONS)
def test_only_the_organiser_acts_on_a_registration(client, desk, action):
    url = f"{BASE}{desk.first.pk}/{action}/"
    for user in (desk.referee, desk.first.user):
        client.force_login(user)
        assert client.post(url, {"paid": "1", "position": "1"}).status_code == 403
    desk.first.refresh_from_db()
    assert desk.first.paid is False


@pytest.mark.parametrize("url", [BASE, *ORGANISER_PAGES])
def test_the_organiser_opens_every_page(client, desk, url):
    client.force_login(desk.organiser)
    assert client.get(url).status_code == 200


def test_the_console_menu_leads_to_the_registrations(client, desk):
    client.force_login(desk.organiser)
    assert f'href="{BASE}"' in client.get("/events/cup/manage/").content.decode()
