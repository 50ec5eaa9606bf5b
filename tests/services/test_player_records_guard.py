"""Issue 33, item 2: nobody takes over another club's player record.

The attack: register a "known player" by id into one's own private event, make a second entry
under one's own e-mail and claim it, then merge the two on the duplicates page - the merge moved
every entry of the victim, in every club's events, onto the attacker's record and account.

Who may attach a known record to an event: an organiser whose own events (those they organise,
or those of a club they are staff of) the record has played in, or anyone for a record with no
account and no entries. Anyone else registers a new entry by name and e-mail; the player joins
it to their record themselves (private link or verified e-mail). Who may merge two records: an
organiser who runs every event either record played in; otherwise the merge is refused whole.
Both are audited in every event they touch; a refusal changes nothing.
"""

import pytest

from common.audit.actor import Actor
from common.audit.models import AuditEntry
from tests.api.conftest import user_client
from tests.factories import TournamentFactory, UserFactory, verified_user
from tournament.models import Entrant, Player, StaffRole, StaffRoleKind
from tournament.services import players as player_service
from tournament.services import registration

pytestmark = pytest.mark.django_db


def entry(tournament, name, **fields):
    player = Player.objects.create(name=name, **fields)
    return Entrant.objects.create(tournament=tournament, player=player, display_name=name)


def event_of(user, slug, **fields):
    tournament = TournamentFactory(organiser=user, slug=slug, **fields)
    StaffRole.objects.create(tournament=tournament, user=user, role=StaffRoleKind.ORGANISER)
    return tournament


@pytest.fixture
def world():
    """A victim who played at two clubs and claimed the record, and an attacker with a
    private event of their own."""
    victim_account = verified_user("victim")
    club_a = event_of(UserFactory(username="club-a"), "club-a-cup")
    club_b = event_of(UserFactory(username="club-b"), "club-b-cup")
    victim = entry(club_a, "Vera Vale", email="vera@example.org").player
    Entrant.objects.create(tournament=club_b, player=victim, display_name="Vera Vale")
    Player.objects.filter(pk=victim.pk).update(user=victim_account)
    attacker = verified_user("mallory", email="mallory@example.org")
    lair = event_of(attacker, "lair", is_public=False)
    return victim, attacker, lair, (club_a, club_b)


def victims_entries(victim):
    return sorted(Entrant.objects.filter(player=victim).values_list("pk", flat=True))


def test_the_api_refuses_to_attach_another_clubs_player(world):
    victim, attacker, lair, _ = world
    before = victims_entries(victim)
    api = user_client(attacker)
    response = api.post(
        "/api/v1/tournaments/lair/entrants/", {"name": "Vera", "player": victim.pk}, format="json"
    )
    assert response.status_code == 400, response.content
    assert "player" in response.json()
    assert not lair.entrants.exists() and victims_entries(victim) == before
    found = api.get("/api/v1/tournaments/lair/entrants/suggestions/?name=Vera%20Vale").json()
    assert found["suggestions"] == []  # never offered either


def test_the_desk_page_refuses_to_attach_another_clubs_player(client, world):
    victim, attacker, lair, _ = world
    client.force_login(attacker)
    response = client.post(
        "/events/lair/manage/entrants/", {"name": "Vera Vale", "existing_player": victim.pk}
    )
    assert response.status_code == 400
    assert not lair.entrants.exists()


def test_the_service_refuses_to_attach_another_clubs_player(world):
    victim, attacker, lair, _ = world
    with pytest.raises(registration.RegistrationError, match="events you do not run"):
        registration.register_player(lair, "Vera", player=victim, actor=Actor(user=attacker))
    assert not lair.entrants.exists()


def test_a_merge_never_moves_entries_of_events_the_organiser_does_not_run(client, world):
    """Even with the victim's record in the attacker's event (as the old hole let it be), the
    merge with the attacker's own record is refused whole: nothing moves."""
    victim, attacker, lair, clubs = world
    Player.objects.filter(pk=victim.pk).update(user=None)  # most players have no account
    Entrant.objects.create(tournament=lair, player=victim, display_name="Vera Vale")
    other_lair = event_of(attacker, "other-lair", is_public=False)
    mine = entry(other_lair, "Vera Vale", email="mallory@example.org").player
    player_service.claim(attacker, mine, Actor(user=attacker))
    before = victims_entries(victim)
    with pytest.raises(player_service.PlayerError, match="events you do not run"):
        player_service.merge(victim, mine, Actor(user=attacker))
    with pytest.raises(player_service.PlayerError, match="events you do not run"):
        player_service.merge(mine, victim, Actor(user=attacker))
    client.force_login(attacker)
    response = client.post(
        "/events/lair/manage/players/merge/", {"target": victim.pk, "source": mine.pk}
    )
    assert response.status_code == 403
    response = client.post(
        "/events/other-lair/manage/players/merge/", {"target": mine.pk, "source": victim.pk}
    )
    assert response.status_code == 403
    victim.refresh_from_db()
    assert victims_entries(victim) == before and victim.user is None
    assert Player.objects.filter(pk=mine.pk, user=attacker).exists()
    assert not AuditEntry.objects.filter(action="player.merged").exists()
    duplicates = client.get("/events/other-lair/manage/players/duplicates/")
    assert duplicates.context["pairs"] == []


def test_an_organiser_attaches_a_player_of_their_own_earlier_event(world):
    victim, attacker, lair, _ = world
    boss = UserFactory(username="boss")
    earlier = event_of(boss, "earlier")
    regular = entry(earlier, "Rui Regular").player
    elsewhere = TournamentFactory(slug="elsewhere")  # the record also played elsewhere
    Entrant.objects.create(tournament=elsewhere, player=regular, display_name="Rui")
    tonight = event_of(boss, "tonight")
    entrant = registration.register_player(
        tonight, "Rui Regular", player=regular, actor=Actor(user=boss)
    )
    assert entrant.player == regular
    audited = AuditEntry.objects.filter(action="player.attached")
    assert set(audited.values_list("tournament__slug", flat=True)) == {
        "earlier",
        "elsewhere",
        "tonight",
    }
    assert set(audited.values_list("user__username", flat=True)) == {"boss"}


def test_a_record_with_no_account_and_no_entries_may_be_attached(world):
    _, attacker, lair, _ = world
    fresh = Player.objects.create(name="Nell New")
    entrant = registration.register_player(lair, "Nell", player=fresh, actor=Actor(user=attacker))
    assert entrant.player == fresh


def test_a_merge_within_ones_own_events_is_audited_in_each(world):
    _, _, _, (club_a, club_b) = world
    host = club_a.organiser
    second = event_of(host, "club-a-second")
    target = entry(club_a, "Sam Same").player
    source = entry(second, "sam same").player
    player_service.merge(source, target, Actor(user=host))
    assert Entrant.objects.filter(player=target).count() == 2
    audited = AuditEntry.objects.filter(action="player.merged")
    assert set(audited.values_list("tournament__slug", flat=True)) == {
        "club-a-cup",
        "club-a-second",
    }


def test_a_private_link_claims_its_own_entry_not_the_records_other_events(client, world):
    """An organiser holds every private link of their event. Claiming one with an account
    used to take the whole record - every entry at every club, with their private links. A
    link proves one entry: when the record played elsewhere too, only that entry joins the
    account; the others stay with the record for the player to claim."""
    victim, attacker, lair, (club_a, club_b) = world
    Player.objects.filter(pk=victim.pk).update(user=None)
    host = club_a.organiser  # runs club A, so holds the victim's link there
    Entrant.objects.create(tournament=event_of(host, "club-a-next"), player=victim)
    link = Entrant.objects.get(tournament=club_a, player=victim)
    host_account = verified_user("club-a-host")
    client.force_login(host_account)
    response = client.post(f"/me/{link.access_token}/", {"action": "claim"})
    assert response.status_code == 302
    mine = Player.objects.get(user=host_account)
    assert list(Entrant.objects.filter(player=mine)) == [link]
    assert Entrant.objects.filter(player=victim).count() == 2  # club B and club A's next
    victim.refresh_from_db()
    assert victim.user is None
    audited = AuditEntry.objects.filter(action="player.claimed")
    assert list(audited.values_list("tournament__slug", flat=True)) == ["club-a-cup"]
    # the whole record is claimed when the link's event is its only one
    solo = entry(club_b, "Solo Sam").player
    solo_link = Entrant.objects.get(player=solo)
    owner = verified_user("sam")
    client.force_login(owner)
    client.post(f"/me/{solo_link.access_token}/", {"action": "claim"})
    solo.refresh_from_db()
    assert solo.user == owner


def test_a_team_link_claims_the_team_place_only(world):
    from tournament.models import Team, TeamMember

    victim, _, _, (club_a, club_b) = world
    Player.objects.filter(pk=victim.pk).update(user=None)
    pairs = event_of(club_a.organiser, "pairs-night", mode="alliances")
    team = Team.objects.create(name="Vale & Co")
    TeamMember.objects.create(team=team, player=victim)
    TeamMember.objects.create(team=team, player=Player.objects.create(name="Co"))
    team_entry = Entrant.objects.create(tournament=pairs, team=team, display_name="Vale & Co")
    claimer = verified_user("claimer")
    mine = player_service.claim_entry(claimer, team_entry, Actor(user=claimer), member=victim.pk)
    assert TeamMember.objects.filter(team=team, player=mine).exists()
    assert Entrant.objects.filter(player=victim).count() == 2  # club A and club B stay
    assert mine.user == claimer and mine.pk != victim.pk
