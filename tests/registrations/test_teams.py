"""Team registration (issue 36, item 5): a captain's team takes a place when its size is one
the mode plays; members join by link; too big, twice, two teams: refused; full: waitlisted."""

import pytest

from common.audit.logic.story import AuditNames, tell
from common.audit.models import AuditEntry
from registrations.models import RegistrationStatus, TeamEntryMember
from registrations.services.errors import RegistrationError
from registrations.services.places import places_left
from registrations.services.team_leaving import leave_team, remove_member
from registrations.services.team_reads import team_view
from registrations.services.teams import create_team
from tests.registrations.conftest import player_actor, players
from tests.registrations.team_helpers import captain_team, join, team_event, team_of
from tournament.models import TeamMember, TournamentStatus

pytestmark = pytest.mark.django_db


def team_players(entry) -> set:
    """The accounts of the players in the team's side in the field."""
    entrant = entry.registration.entrant
    return {m.player.user for m in TeamMember.objects.filter(team=entrant.team)}


def test_a_captain_alone_forms_a_team_that_holds_no_place():
    event = team_event(capacity=4)
    (captain,) = players(1)
    entry = captain_team(event, captain)
    assert entry.registration is None and team_view(entry).status == "forming"
    assert places_left(event) == 4 and event.entrants.count() == 0
    assert AuditEntry.objects.filter(action="team.created").count() == 1


def test_the_team_registers_once_it_holds_a_size_the_mode_plays_with_each_members_record():
    event = team_event(capacity=4)
    captain, mate, third = players(3)
    entry = team_of(event, captain, [mate])
    assert entry.registration.status == RegistrationStatus.REGISTERED
    assert team_players(entry) == {captain, mate}
    assert places_left(event) == 3
    join(entry, third)  # alliances seats teams of three too
    entry.refresh_from_db()
    assert team_players(entry) == {captain, mate, third}
    assert event.entrants.get().display_name == "Hex Raiders"


def test_a_team_too_big_for_the_mode_is_refused_with_its_sizes_and_nothing_changes():
    event = team_event(mode="king_of_the_hill_alliance", capacity=4)
    captain, mate, extra = players(3)
    entry = team_of(event, captain, [mate])
    with pytest.raises(RegistrationError, match="seats teams of 2 players, not 3"):
        join(entry, extra)
    assert entry.members.count() == 2 and len(team_players(entry)) == 2


def test_joining_twice_is_joining_once():
    event = team_event()
    captain, mate = players(2)
    entry = team_of(event, captain, [mate])
    assert join(entry, mate).pk == entry.pk
    assert entry.members.count() == 2
    assert AuditEntry.objects.filter(action="team.joined").count() == 1


def test_a_person_joins_one_team_of_an_event():
    event = team_event()
    first_captain, second_captain, mate = players(3)
    first = team_of(event, first_captain, [mate])
    second = captain_team(event, second_captain, "Flower Power")
    with pytest.raises(RegistrationError, match="already in the team Hex Raiders"):
        join(second, mate)
    assert TeamEntryMember.objects.get(user=mate).entry == first
    with pytest.raises(RegistrationError, match="already in the team"):
        create_team(event, mate, name="Breakaway", actor=player_actor(mate))


def test_a_full_event_puts_the_completed_team_on_the_waitlist_and_promotes_it_later():
    event = team_event(capacity=1)
    a1, a2, b1, b2 = players(4)
    first = team_of(event, a1, [a2])
    second = team_of(event, b1, [b2], "Second Wind")
    assert second.registration.status == RegistrationStatus.WAITLISTED
    assert team_view(second).waitlist_position == 1
    assert event.entrants.count() == 1
    # the first team's captain removes their mate: too small, it gives its place up
    remove_member(first, first.members.get(user=a2).pk, actor=player_actor(a1))
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.registration is None and team_view(first).status == "forming"
    assert second.registration.status == RegistrationStatus.REGISTERED
    assert team_players(second) == {b1, b2}
    # complete again, the first team waits behind the second
    join(first, a2)
    first.refresh_from_db()
    assert first.registration.status == RegistrationStatus.WAITLISTED


def test_a_full_event_without_a_waitlist_refuses_the_completing_member():
    event = team_event(capacity=1, waitlist=False)
    a1, a2, b1, b2 = players(4)
    team_of(event, a1, [a2])
    with pytest.raises(RegistrationError, match="full"):
        captain_team(event, b1, "Too Late")
    assert event.team_entries.count() == 1 and not TeamEntryMember.objects.filter(user=b2)


def test_a_member_leaves_the_captain_cannot():
    event = team_event()
    captain, mate, third = players(3)
    entry = team_of(event, captain, [mate, third])
    leave_team(entry, third, actor=player_actor(third))
    entry.refresh_from_db()
    assert team_players(entry) == {captain, mate}
    with pytest.raises(RegistrationError, match="You are the captain"):
        leave_team(entry, captain, actor=player_actor(captain))
    assert AuditEntry.objects.filter(action="team.left").count() == 1


def test_only_the_captain_removes_a_member_and_only_before_the_event():
    event = team_event()
    captain, mate, third = players(3)
    entry = team_of(event, captain, [mate, third])
    target = entry.members.get(user=third).pk
    with pytest.raises(RegistrationError, match="organisers"):
        remove_member(entry, target, actor=player_actor(mate))
    event.status = TournamentStatus.SWISS
    event.save(update_fields=["status"])
    with pytest.raises(RegistrationError, match="has started"):
        remove_member(entry, target, actor=player_actor(captain))
    with pytest.raises(RegistrationError, match="has started"):
        leave_team(entry, third, actor=player_actor(third))
    assert entry.members.count() == 3


def test_bad_team_input_is_refused_with_a_clear_message():
    event = team_event()
    singles = team_event(mode="every_eye")
    captain, other = players(2)
    with pytest.raises(RegistrationError, match="single players"):
        captain_team(singles, captain)
    with pytest.raises(RegistrationError, match="at most 60 characters"):
        captain_team(event, captain, "x" * 61)
    with pytest.raises(RegistrationError, match="team's name"):
        captain_team(event, captain, "   ")
    captain_team(event, captain, "Hex Raiders")
    with pytest.raises(RegistrationError, match="already registered"):
        captain_team(event, other, "hex raiders")
    assert event.team_entries.count() == 1


def test_the_organisers_trail_tells_each_team_step_in_words():
    event = team_event()
    captain, mate, third = players(3)
    entry = team_of(event, captain, [mate, third])
    leave_team(entry, third, actor=player_actor(third))
    names = AuditNames(entrants={str(e.pk): e.display_name for e in event.entrants.all()})
    told = [
        tell(e, names).sentence
        for e in AuditEntry.objects.filter(tournament=event).order_by("pk")
        if e.action.startswith("team.") or e.action == "entrant.team_members_changed"
    ]
    assert told == [
        "runner0 registered a team (it takes a place once it has enough members).",
        "runner1 joined a team.",
        "runner2 joined a team.",
        "runner2 changed the players of Hex Raiders.",
        "runner2 left a team.",
        "runner2 changed the players of Hex Raiders.",
    ]
