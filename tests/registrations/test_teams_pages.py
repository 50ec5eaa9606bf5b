"""The team pages on a phone: the captain's form, the team's page with its invitation link, the
join page its link opens, and the refusals shown on the page with nothing changed."""

import pytest
from django.urls import reverse

from registrations.models import Registration, RegistrationStatus, TeamEntry
from registrations.services.places import places_left
from tests.factories import UserFactory
from tests.registrations.conftest import players
from tests.registrations.team_helpers import captain_team, team_event, team_of

pytestmark = pytest.mark.django_db


def test_the_event_page_offers_a_team_form_that_registers_the_captain(client):
    event = team_event()
    (captain,) = players(1)
    client.force_login(captain)
    page = client.get(reverse("tournament:detail", args=[event.slug]))
    new = reverse("teams:new", args=[event.slug])
    assert new in page.content.decode()
    answer = client.post(new, {"name": "Hex Raiders", "player_name": "Cap Tain"})
    entry = TeamEntry.objects.get()
    assert answer.status_code == 302
    assert answer["Location"] == reverse("teams:team", args=[event.slug, entry.pk])
    shown = client.get(answer["Location"]).content.decode()
    assert "Hex Raiders" in shown and "Cap Tain" in shown
    assert reverse("teams:join", args=[entry.invite_token]) in shown
    assert client.get(new)["Location"] == answer["Location"]  # one team per captain


def test_the_link_asks_a_stranger_to_sign_in_then_joins_them(client):
    event = team_event(capacity=4)
    captain, mate = players(2)
    entry = captain_team(event, captain)
    join = reverse("teams:join", args=[entry.invite_token])
    page = client.get(join).content.decode()
    assert f"{reverse('account_login')}?next={join}" in page
    client.force_login(mate)
    assert client.post(join, {"player_name": "Mate"}).status_code == 302
    entry.refresh_from_db()
    assert entry.registration.status == RegistrationStatus.REGISTERED
    team_page = client.get(reverse("teams:team", args=[event.slug, entry.pk])).content.decode()
    assert "Registered" in team_page and "Leave the team" in team_page
    private = reverse("matches:my-table", args=[entry.registration.entrant.access_token])
    assert private in team_page


def test_a_refused_join_is_shown_on_the_page_and_changes_nothing(client):
    event = team_event(mode="king_of_the_hill_alliance")
    captain, mate, extra = players(3)
    entry = team_of(event, captain, [mate])
    client.force_login(extra)
    answer = client.post(reverse("teams:join", args=[entry.invite_token]))
    assert answer.status_code == 409
    assert "seats teams of 2 players, not 3" in answer.content.decode()
    assert entry.members.count() == 2
    assert client.get(reverse("teams:join", args=["not-a-link"])).status_code == 404


def test_the_captain_removes_a_member_and_others_see_no_team_page(client):
    event = team_event()
    captain, mate, third, stranger = players(4)
    entry = team_of(event, captain, [mate, third])
    client.force_login(stranger)
    assert client.get(reverse("teams:team", args=[event.slug, entry.pk])).status_code == 404
    client.force_login(mate)
    member = entry.members.get(user=third).pk
    remove = reverse("teams:remove", args=[event.slug, entry.pk, member])
    refused = client.post(remove)
    assert refused.status_code == 409 and entry.members.count() == 3
    client.force_login(captain)
    assert client.post(remove).status_code == 302
    assert set(entry.members.values_list("user", flat=True)) == {captain.pk, mate.pk}


def test_the_captain_withdraws_the_team_and_its_place_is_freed(client):
    event = team_event(capacity=1)
    captain, mate = players(2)
    entry = team_of(event, captain, [mate])
    client.force_login(captain)
    done = client.post(reverse("teams:withdraw", args=[event.slug, entry.pk]))
    assert done["Location"] == reverse("tournament:detail", args=[event.slug])
    assert not TeamEntry.objects.exists()
    assert Registration.objects.get().status == RegistrationStatus.WITHDRAWN
    assert places_left(event) == 1


def test_the_admin_shows_a_team_and_its_members_read_only(client):
    event = team_event()
    captain, mate = players(2)
    entry = team_of(event, captain, [mate])
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    listing = client.get("/admin/registrations/teamentry/")
    assert listing.status_code == 200 and "Hex Raiders" in listing.content.decode()
    page = client.get(f"/admin/registrations/teamentry/{entry.pk}/change/").content.decode()
    assert mate.username in page and 'name="_save"' not in page
    assert client.get("/admin/registrations/teamentry/add/").status_code == 403
