"""Issue 35, item 11: one player record per person across team events.

A team's members used to get a new ``Player`` record at every event, so a person's Alliances
games split over as many records (and ratings) as events. Registering a team now matches each
member to a record the organiser may attach, by the rule the desk uses for single players
(``tournament.logic.name_matching``: a strong match); a record seen only in another organiser's
events is not theirs to take (issue 33), and an unclear match makes a new record. The
``merge_split_players`` command joins the records split before this change, audited.
"""

import pytest
from django.core.management import call_command

from common.audit.actor import SYSTEM, Actor
from common.audit.models import AuditEntry
from leagues.services.ratings import players_by_entrant
from tests.factories import TournamentFactory, UserFactory
from tournament.models import Player, Team, TeamMember
from tournament.services import registration

pytestmark = pytest.mark.django_db


def alliance(organiser, slug):
    return TournamentFactory(slug=slug, mode="alliances", organiser=organiser)


def records(name):
    return list(Player.objects.filter(name__iexact=name))


def test_a_team_member_keeps_one_record_across_two_team_events():
    organiser = UserFactory(username="owl-org")
    actor = Actor(user=organiser)
    first = registration.register_team(
        alliance(organiser, "owls-1"), "Owls", ["Ada Lovelace", "Bo Brown"], actor=actor
    )
    second = registration.register_team(
        alliance(organiser, "owls-2"), "Night Owls", ["lovelace  ada", "Cy Chen"], actor=actor
    )
    assert len(records("Ada Lovelace")) == 1
    ada = records("Ada Lovelace")[0]
    sides = players_by_entrant({first.pk, second.pk})
    assert ada.pk in sides[first.pk] and ada.pk in sides[second.pk]  # her games rate one record
    assert TeamMember.objects.filter(player=ada).count() == 2
    attached = AuditEntry.objects.filter(action="player.attached", tournament=first.tournament)
    assert attached.count() == 1 and attached.get().after["entrant"] == second.pk


def test_the_system_matches_within_the_events_of_the_events_organiser():
    organiser = UserFactory(username="sys-org")
    registration.register_team(
        alliance(organiser, "s-1"), "A", ["Ada Lovelace", "Bo"], actor=SYSTEM
    )
    registration.register_team(
        alliance(organiser, "s-2"), "B", ["Ada Lovelace", "Cy"], actor=SYSTEM
    )
    assert len(records("Ada Lovelace")) == 1


def test_another_organisers_player_and_an_unclear_name_get_new_records():
    registration.register_team(
        alliance(UserFactory(username="club-a"), "a-1"), "A", ["Ada Lovelace", "Bo"], actor=SYSTEM
    )
    mine = UserFactory(username="club-b")
    registration.register_team(
        alliance(mine, "b-1"), "B", ["Ada Lovelace", "Cy"], actor=Actor(user=mine)
    )
    assert len(records("Ada Lovelace")) == 2  # club A's record is not club B's to take
    registration.register_team(
        alliance(mine, "b-2"), "C", ["Ada Lovelase", "Cy"], actor=Actor(user=mine)
    )
    assert len(records("Ada Lovelase")) == 1  # a close spelling is not the same person
    assert len(records("Cy")) == 1  # Cy, named exactly, is


def split_record(organiser, slug):
    """What registration did before: a new record for each member at each team event."""
    event = alliance(organiser, slug)
    team = Team.objects.create(name=f"Team {slug}")
    for name in ("Ada Lovelace", f"Mate {slug}"):
        TeamMember.objects.create(team=team, player=Player.objects.create(name=name))
    event.entrants.create(team=team, display_name=team.name)


def test_the_command_merges_records_split_before_and_audits_it():
    organiser = UserFactory(username="old-org")
    split_record(organiser, "old-1")
    split_record(organiser, "old-2")
    call_command("merge_split_players")  # a dry run by default: nothing changes
    assert len(records("Ada Lovelace")) == 2
    call_command("merge_split_players", "--apply")
    assert len(records("Ada Lovelace")) == 1
    assert AuditEntry.objects.filter(action="player.merged").count() == 2  # in both events
    assert len(records("Mate old-1")) == 1 and len(records("Mate old-2")) == 1


def test_the_command_leaves_records_of_different_organisers_apart():
    split_record(UserFactory(username="org-x"), "x-1")
    split_record(UserFactory(username="org-y"), "y-1")
    call_command("merge_split_players", "--apply")
    assert len(records("Ada Lovelace")) == 2
    assert not AuditEntry.objects.filter(action="player.merged").exists()
