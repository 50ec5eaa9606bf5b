"""Issue 14.5-6: players claim their entries (private link or verified e-mail), see every event
on one page, renew their links, choose a public page, download and delete their data; organisers
merge duplicate records. Private links keep working without an account."""

import json
import random

import pytest

from common.audit.actor import SYSTEM, Actor
from common.audit.models import AuditEntry
from leagues.services import organisations as org_service
from tests.factories import EntrantFactory, TournamentFactory, verified_user
from tournament.models import Entrant, Player, Team, TeamMember
from tournament.services import players as player_service
from tournament.services.final_standings import final_standings
from tournament.services.rounds import generate_swiss_round, publish_round
from tournament.services.simulation import player_pool, register_sides, run_event

pytestmark = pytest.mark.django_db


def entry(tournament, name="Ann Lee", email=""):
    player = Player.objects.create(name=name, email=email, club="Hex Club")
    return Entrant.objects.create(tournament=tournament, player=player)


@pytest.fixture
def two_events():
    first = TournamentFactory(name="Spring Cup")
    second = TournamentFactory(name="Summer Cup")
    return first, second


def test_claim_two_entries_by_their_links_and_see_both(client, two_events):
    first, second = two_events
    mine = [entry(first), entry(second)]
    for event in two_events:
        EntrantFactory.create_batch(3, tournament=event)
        publish_round(generate_swiss_round(event, seed=3))
    ann = verified_user("ann")
    client.force_login(ann)
    for e in mine:
        page = client.get(f"/me/{e.access_token}/").content.decode()
        assert "Add this event to my account" in page
        response = client.post(f"/me/{e.access_token}/", {"action": "claim"})
        assert response.status_code == 302
    assert Player.objects.filter(user=ann).count() == 1
    history = client.get("/accounts/history/")
    names = [row.entrant.tournament.name for row in history.context["rows"]]
    assert sorted(names) == ["Spring Cup", "Summer Cup"]
    page = history.content.decode()
    assert all(f"/me/{e.access_token}/" in page for e in mine)
    assert "Met:" in page  # each entry names the sides it met
    assert "This event is in" in client.get(f"/me/{mine[0].access_token}/").content.decode()
    actions = AuditEntry.objects.filter(action="player.claimed").values_list(
        "tournament", flat=True
    )
    assert set(actions) == {first.pk, second.pk}
    # the links keep working without any account
    client.logout()
    assert client.get(f"/me/{mine[0].access_token}/").status_code == 200


def test_an_entry_of_another_account_cannot_be_claimed(client, two_events):
    e = entry(two_events[0])
    player_service.claim(verified_user("bea"), e.player, SYSTEM)
    client.force_login(verified_user("cal"))
    assert "belongs to another account" in client.get(f"/me/{e.access_token}/").content.decode()
    client.post(f"/me/{e.access_token}/", {"action": "claim"})
    assert Player.objects.get(pk=e.player_id).user.username == "bea"


def test_a_team_member_claims_their_place(client, two_events):
    team = Team.objects.create(name="Pair")
    dee = Player.objects.create(name="Dee")
    eli = Player.objects.create(name="Eli")
    TeamMember.objects.create(team=team, player=dee)
    TeamMember.objects.create(team=team, player=eli)
    e = Entrant.objects.create(tournament=two_events[0], team=team)
    user = verified_user("dee")
    client.force_login(user)
    assert "Which member of Pair are you?" in client.get(f"/me/{e.access_token}/").content.decode()
    client.post(f"/me/{e.access_token}/", {"action": "claim", "member": "9" * 40})
    assert not Player.objects.filter(user=user).exists()  # a nonsense member is refused
    client.post(f"/me/{e.access_token}/", {"action": "claim", "member": str(dee.pk)})
    assert Player.objects.get(user=user) == dee
    rows = client.get("/accounts/history/").context["rows"]
    assert [r.entrant for r in rows] == [e]


def test_claim_by_verified_email_only(client, two_events):
    first, second = two_events
    entry(first, email="fay@example.org")
    entry(second, name="Fay", email="FAY@example.org")
    entry(second, name="Not Fay", email="other@example.org")
    fay = verified_user("fay", email="fay@example.org")
    client.force_login(fay)
    page = client.get("/accounts/history/").content.decode()
    assert "Entries registered with your e-mail" in page
    client.post("/accounts/history/claim-by-email/")
    rows = client.get("/accounts/history/").context["rows"]
    assert sorted(r.entrant.tournament.name for r in rows) == ["Spring Cup", "Summer Cup"]
    # an unverified address claims nothing
    from allauth.account.models import EmailAddress

    gus = verified_user("gus", email="gus@example.org")
    EmailAddress.objects.filter(user=gus).update(verified=False)
    entry(first, name="Gus", email="gus@example.org")
    assert player_service.claimable_by_email(gus) == []


def test_two_records_in_one_event_are_never_merged(two_events):
    first, _ = two_events
    a, b = entry(first, "Hal"), entry(first, "Hal")
    with pytest.raises(player_service.PlayerError, match="same event"):
        player_service.merge(a.player, b.player, SYSTEM)


def test_a_new_link_replaces_the_old_one(client, two_events):
    e = entry(two_events[0])
    user = verified_user("ida")
    player_service.claim(user, e.player, SYSTEM)
    client.force_login(user)
    old = e.access_token
    client.post(f"/accounts/history/{e.pk}/new-link/")
    e.refresh_from_db()
    assert e.access_token != old
    assert client.get(f"/me/{old}/").status_code == 404
    other = entry(two_events[1], "Someone else")
    assert client.post(f"/accounts/history/{other.pk}/new-link/").status_code == 404


def test_the_public_page_is_off_until_the_player_turns_it_on(client, two_events):
    e = entry(two_events[0], email="jo@example.org")
    user = verified_user("jo")
    player = player_service.claim(user, e.player, SYSTEM)
    assert client.get(f"/players/{player.pk}/").status_code == 404
    client.force_login(user)
    client.post("/accounts/history/privacy/", {"profile_public": "on"})
    client.logout()
    page = client.get(f"/players/{player.pk}/")
    assert page.status_code == 200 and "Spring Cup" in page.content.decode()
    assert "jo@example.org" not in page.content.decode()


def test_download_my_data(client, two_events):
    e = entry(two_events[0])
    user = verified_user("kat")
    player_service.claim(user, e.player, SYSTEM)
    client.force_login(user)
    response = client.get("/accounts/data/")
    assert response["Content-Disposition"].startswith("attachment")
    data = json.loads(response.content)
    assert data["account"]["username"] == "kat"
    assert data["player"]["entries"][0]["event"] == "Spring Cup"


def test_delete_my_account_keeps_my_results(client, two_events):
    e = entry(two_events[0], email="lu@example.org")
    user = verified_user("lu")
    player_service.claim(user, e.player, SYSTEM)
    client.force_login(user)
    wrong = client.post("/accounts/delete/", {"password": "nope"})
    assert wrong.status_code == 400 and "not your password" in wrong.content.decode()
    done = client.post("/accounts/delete/", {"password": "a-long-test-password"})
    assert done.status_code == 302
    from django.contrib.auth import get_user_model

    assert not get_user_model().objects.filter(username="lu").exists()
    e.refresh_from_db()
    assert e.display_name == "Ann Lee" and e.player.user is None and e.player.email == ""


def test_an_owner_of_events_cannot_delete_the_account(client, two_events):
    owner = two_events[0].organiser
    client.force_login(owner)
    page = client.post("/accounts/delete/", {"password": "a-long-test-password"})
    assert page.status_code == 400 and "You own events" in page.content.decode()


def test_organisers_merge_duplicates_from_their_own_events_only(client):
    boss = verified_user("boss")
    here = TournamentFactory(name="Here", slug="here", organiser=boss)
    mine = TournamentFactory(name="Mine Before", organiser=boss)
    theirs = TournamentFactory(name="Someone Else's")
    target = entry(here, "Max Moe")
    source = entry(mine, "max moe")
    entry(theirs, "Max Moe")
    client.force_login(boss)
    page = client.get("/events/here/manage/players/duplicates/")
    pairs = page.context["pairs"]
    assert [(t.pk, s.pk) for t, s, _ in pairs] == [(target.player_id, source.player_id)]
    assert "Someone Else" not in page.content.decode()
    client.post("/events/here/manage/players/merge/",
                {"target": target.player_id, "source": source.player_id})  # fmt: skip
    assert not Player.objects.filter(pk=source.player_id).exists()
    assert Entrant.objects.get(pk=source.pk).player_id == target.player_id
    assert AuditEntry.objects.filter(action="player.merged").count() == 2  # both events
    stranger = Entrant.objects.get(tournament=theirs).player_id
    client.post("/events/here/manage/players/merge/",
                {"target": target.player_id, "source": stranger})  # fmt: skip
    assert Player.objects.filter(pk=stranger).exists()


def test_a_clubs_staff_merge_duplicates_across_the_clubs_events(client):
    """Issue 17: a season counts one record per person, so whoever runs the club sees the
    duplicates of every club event, also those another organiser ran."""
    boss = verified_user("club-runner")
    club = org_service.create_organisation("Club", "club", "", Actor(user=boss))
    here = TournamentFactory(name="Here", slug="here", organiser=boss, organisation=club)
    guest_run = TournamentFactory(name="Guest Night", organisation=club)
    elsewhere = TournamentFactory(name="Elsewhere")
    target = entry(here, "Ivy Rowe")
    source = entry(guest_run, "ivy rowe")
    entry(elsewhere, "Ivy Rowe")
    client.force_login(boss)
    pairs = client.get("/events/here/manage/players/duplicates/").context["pairs"]
    assert [(t.pk, s.pk) for t, s, _ in pairs] == [(target.player_id, source.player_id)]


def test_a_decided_event_shows_the_final_place_not_only_the_swiss_standing(client):
    """The card of a finished event says where the player finished (the final, the groups),
    beside their Swiss standing."""
    rng = random.Random(5)
    event = TournamentFactory(name="Decided", swiss_rounds=2)
    register_sides(event, 8, False, rng, pool=player_pool(8, rng))
    run_event(event, rng)
    event.refresh_from_db()
    final = final_standings(event)
    runner_up = event.entrants.get(pk=final[1].entrant_id).player
    runner_up.profile_public = True
    runner_up.save()
    page = client.get(f"/players/{runner_up.pk}/").content.decode()
    assert "Finished 2 of 8" in page and "Swiss standing" in page
