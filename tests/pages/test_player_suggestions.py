"""Issue 17: registration suggests known players so nobody is entered twice - the desk asks
"played before?" for a known name, links the chosen record, and never offers a player the
organiser could not see; the same over the API. Issue 33: only records of the organiser's own
events are offered (or attached): a record seen in another organiser's event, public or not, is
not theirs to attach."""

import pytest

from tests.api.conftest import user_client
from tests.factories import EntrantFactory, PlayerFactory, TournamentFactory, UserFactory
from tournament.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(client):
    boss = UserFactory(username="desk-boss")
    client.force_login(boss)
    event = TournamentFactory(organiser=boss, slug="tonight")
    ada = PlayerFactory(name="Ada Lovelace", club="North", email="ada@example.org")
    EntrantFactory(player=ada, tournament=TournamentFactory(slug="last-month", organiser=boss))
    hidden = PlayerFactory(name="Ada Lovelace", club="Secret")
    EntrantFactory(player=hidden, tournament=TournamentFactory(slug="private", is_public=False))
    # another organiser's public event: seen by everyone, still not the desk's to attach
    elsewhere = PlayerFactory(name="Ada Lovelace", club="Elsewhere")
    EntrantFactory(player=elsewhere, tournament=TournamentFactory(slug="elsewhere"))
    return boss, event, ada, hidden


ADD = "/events/tonight/manage/entrants/"


def test_a_known_name_is_asked_about_and_the_chosen_record_is_linked(client, desk):
    boss, event, ada, hidden = desk
    page = client.post(ADD, {"name": "ada lovelace", "club": "North"})
    assert page.status_code == 200 and not event.entrants.exists()
    html = page.content.decode()
    assert "Has ada lovelace played before?" in html
    assert f'name="existing_player" value="{ada.pk}"' in html
    assert f'value="{hidden.pk}"' not in html  # only seen in another organiser's private event
    elsewhere = Player.objects.get(club="Elsewhere")
    assert f'value="{elsewhere.pk}"' not in html  # ... or another organiser's public one
    assert "ada@example.org" not in html
    client.post(ADD, {"name": "ada lovelace", "club": "North", "existing_player": ada.pk})
    entrant = event.entrants.get()
    assert entrant.player == ada and Player.objects.filter(name__iexact="ada lovelace").count() == 3


def test_no_says_a_new_player(client, desk):
    boss, event, ada, _ = desk
    client.post(ADD, {"name": "Ada Lovelace", "new_player": "1"})
    assert event.entrants.get().player != ada


def test_a_new_name_is_registered_without_a_question(client, desk):
    _, event, _, _ = desk
    response = client.post(ADD, {"name": "Bram Oduya"})
    assert response.status_code == 302 and event.entrants.get().display_name == "Bram Oduya"


@pytest.mark.parametrize("hostile", ["hidden", "999999999", "-1", "1e9", "x" * 200, "0"])
def test_a_record_the_desk_could_not_offer_is_refused(client, desk, hostile):
    _, event, _, hidden = desk
    value = hidden.pk if hostile == "hidden" else hostile
    response = client.post(ADD, {"name": "Ada Lovelace", "existing_player": value})
    assert response.status_code == 400 and not event.entrants.exists()


def test_the_same_record_twice_in_one_event_is_refused(client, desk):
    _, event, ada, _ = desk
    client.post(ADD, {"name": "Ada Lovelace", "existing_player": ada.pk})
    response = client.post(ADD, {"name": "Ada L.", "existing_player": ada.pk})
    assert response.status_code == 400 and event.entrants.count() == 1


def test_hints_while_typing(client, desk):
    _, _, ada, hidden = desk
    found = client.get(ADD + "suggestions/?name=ada+lovlace&club=north").json()["suggestions"]
    assert [s["player"] for s in found] == [ada.pk]
    assert found[0]["events"] == 1 and found[0]["last_event"] and "email" not in found[0]
    assert client.get(ADD + "suggestions/?name=" + "x" * 5000).json() == {"suggestions": []}
    client.logout()
    assert client.get(ADD + "suggestions/?name=ada").status_code == 302  # sign in first


def test_the_api_suggests_and_registers_a_known_player(desk):
    boss, event, ada, hidden = desk
    api = user_client(boss)
    url = "/api/v1/tournaments/tonight/entrants/"
    found = api.get(url + "suggestions/?name=Ada%20Lovelace").json()["suggestions"]
    assert [s["player"] for s in found] == [ada.pk] and found[0]["strong"]
    assert api.get(url + "suggestions/").status_code == 400  # the name is needed
    refused = api.post(url, {"name": "Ada", "player": hidden.pk}, format="json")
    assert refused.status_code == 400 and "player" in refused.json()
    made = api.post(url, {"name": "Ada", "player": ada.pk}, format="json")
    assert made.status_code == 201 and event.entrants.get().player == ada
    stranger = user_client(UserFactory(username="stranger"))
    assert stranger.get(url + "suggestions/?name=Ada").status_code == 403
