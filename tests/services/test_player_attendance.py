"""Issue 36 items 8, 9 and 11 on the services: a player drops out and undoes it through their
own link; the venue's check-in code; the desk drops everyone not checked in; a late entry is
paired only once checked in."""

import pytest

from common.audit.actor import Actor
from common.audit.channels import Channel
from common.audit.models import AuditEntry
from matches.models import Seat
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import EntrantStatus, TournamentStatus
from tournament.services import no_shows, player_drop, registration, venue_check_in
from tournament.services.pairable import left_out_names, pairable_entrants
from tournament.services.rounds import (
    LEFT_OUT,
    RoundError,
    complete_round,
    generate_swiss_round,
    publish_round,
)
from tournament.tasks import _swiss_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    tournament = TournamentFactory(slug="attend", status=TournamentStatus.REGISTRATION)
    for i in range(8):
        EntrantFactory(tournament=tournament, display_name=f"Attendee {i}")
    return tournament


def me(entrant, channel=Channel.PAGE):
    return Actor(entrant=entrant, channel=channel)


def staff(tournament):
    return Actor(user=tournament.organiser, channel=Channel.PAGE)


def undo_refused(entrant, why: str, actor=None) -> None:
    """The undo is refused with ``why`` and the entrant stays dropped."""
    with pytest.raises(registration.RegistrationError, match=why):
        player_drop.undo_my_drop(entrant, actor or me(entrant))
    entrant.refresh_from_db()
    assert entrant.status == EntrantStatus.DROPPED


def played_round(tournament, seed=3):
    round_ = publish_round(generate_swiss_round(tournament, seed=seed))
    return complete_round(round_, reason="test: results not needed")


# --- item 8: the player drops out and may undo it ------------------------------------------


def test_a_player_drops_themselves_and_undoes_it_before_the_next_pairing(event):
    played_round(event)
    entrant = event.entrants.first()
    player_drop.drop_myself(entrant, me(entrant))
    entrant.refresh_from_db()
    assert entrant.status == EntrantStatus.DROPPED and entrant.dropped_after_round == 1
    assert player_drop.attendance(entrant) == {
        "dropped": True,
        "by_organisers": False,
        "can_undo": True,
    }
    player_drop.undo_my_drop(entrant, me(entrant))
    entrant.refresh_from_db()
    assert entrant.status == EntrantStatus.REGISTERED and entrant.dropped_at is None
    trail = AuditEntry.objects.filter(
        target_id=str(entrant.pk), action__startswith="entrant."
    ).order_by("id")
    assert [(e.action, e.entrant_id) for e in trail] == [
        ("entrant.dropped", entrant.pk),
        ("entrant.reinstated", entrant.pk),
    ]


def test_a_drop_during_a_round_keeps_the_table_and_counts_from_the_next_pairing(event):
    round_ = publish_round(generate_swiss_round(event, seed=5))
    entrant = event.entrants.first()
    player_drop.drop_myself(entrant, me(entrant))
    assert Seat.objects.filter(round=round_, entrant=entrant).exists()  # still at their table
    complete_round(round_, reason="test")
    second = generate_swiss_round(event, seed=6)
    assert not Seat.objects.filter(round=second, entrant=entrant).exists()


def test_dropping_twice_is_refused_and_records_nothing_more(event):
    entrant = event.entrants.first()
    player_drop.drop_myself(entrant, me(entrant))
    entrant.refresh_from_db()
    with pytest.raises(registration.RegistrationError, match="already dropped out"):
        player_drop.drop_myself(entrant, me(entrant))
    assert AuditEntry.objects.filter(action="entrant.dropped").count() == 1


def test_no_undo_once_the_next_round_is_paired(event):
    entrant = event.entrants.first()
    player_drop.drop_myself(entrant, me(entrant))
    generate_swiss_round(event, seed=2)
    entrant.refresh_from_db()
    assert player_drop.attendance(entrant)["can_undo"] is False
    undo_refused(entrant, "can no longer be undone")


def test_a_drop_the_organisers_made_is_not_the_players_to_undo(event):
    entrant = event.entrants.first()
    registration.drop(entrant, staff(event), reason="left the venue")
    entrant.refresh_from_db()
    assert player_drop.attendance(entrant)["by_organisers"] is True
    undo_refused(entrant, "only the organisers can undo")


def test_someone_elses_link_cannot_drop_or_undo(event):
    mine, theirs = event.entrants.all()[:2]
    with pytest.raises(registration.RegistrationError, match="only the player themselves"):
        player_drop.drop_myself(theirs, me(mine))
    player_drop.drop_myself(theirs, me(theirs))
    theirs.refresh_from_db()
    undo_refused(theirs, "only the player themselves", actor=me(mine))


def test_no_self_drop_once_the_cut_is_made(event):
    entrant = event.entrants.first()
    event.status = TournamentStatus.ELIMINATION
    event.save()
    entrant.refresh_from_db()
    assert player_drop.may_drop(entrant) is False
    with pytest.raises(registration.RegistrationError, match="Swiss rounds are over"):
        player_drop.drop_myself(entrant, me(entrant))
    entrant.refresh_from_db()
    assert entrant.status == EntrantStatus.REGISTERED


# --- item 9: the venue's check-in code -----------------------------------------------------


def test_the_right_code_checks_in_in_any_case_with_spaces(event):
    entrant = event.entrants.first()
    code = event.check_in_code
    typed = f" {code[:3].lower()} {code[3:]} "
    venue_check_in.check_in_with_code(entrant, typed, me(entrant))
    entrant.refresh_from_db()
    assert entrant.status == EntrantStatus.CHECKED_IN
    entry = AuditEntry.objects.get(action="entrant.checked_in")
    assert entry.entrant_id == entrant.pk and event.check_in_code not in str(entry.after)


@pytest.mark.parametrize("typed", ["", "nonsense-and-more-than-twenty", "XXXXXX", "12345"])
def test_a_wrong_code_is_refused_and_changes_nothing(event, typed):
    entrant = event.entrants.first()
    event.check_in_code = "7KQ2XM"
    event.save()
    entrant.refresh_from_db()
    with pytest.raises(venue_check_in.WrongCheckInCode, match="not the code shown"):
        venue_check_in.check_in_with_code(entrant, typed, me(entrant))
    entrant.refresh_from_db()
    assert entrant.status == EntrantStatus.REGISTERED
    assert not AuditEntry.objects.filter(action="entrant.checked_in").exists()


def test_the_code_works_only_while_self_check_in_does(event):
    entrant = event.entrants.first()
    generate_swiss_round(event, seed=1)
    entrant.refresh_from_db()
    with pytest.raises(registration.RegistrationError, match="check-in is closed"):
        venue_check_in.check_in_with_code(entrant, event.check_in_code, me(entrant))


def test_a_dropped_player_cannot_check_in_with_the_code(event):
    entrant = event.entrants.first()
    registration.drop(entrant)
    entrant.refresh_from_db()
    with pytest.raises(registration.RegistrationError, match="dropped out"):
        venue_check_in.check_in_with_code(entrant, event.check_in_code, me(entrant))


def test_replacing_the_code_stops_the_old_one_and_is_audited_without_it(event):
    entrant = event.entrants.first()
    old = event.check_in_code
    fresh = venue_check_in.replace_check_in_code(event, staff(event))
    assert fresh.check_in_code != old and len(fresh.check_in_code) == 6
    entry = AuditEntry.objects.get(action="tournament.check_in_code_replaced")
    assert old not in str(entry.before) + str(entry.after)
    assert fresh.check_in_code not in str(entry.before) + str(entry.after)
    entrant.refresh_from_db()
    with pytest.raises(venue_check_in.WrongCheckInCode):
        venue_check_in.check_in_with_code(entrant, old, me(entrant))


def test_every_event_has_its_own_code():
    codes = {TournamentFactory().check_in_code for _ in range(5)}
    assert len(codes) == 5


def test_the_signed_in_players_entry_is_found_and_nobody_elses(event):
    user, stranger = UserFactory(username="attendee"), UserFactory(username="stranger")
    entrant = event.entrants.first()
    entrant.player.user = user
    entrant.player.save()
    assert venue_check_in.entry_of_user(event, user) == entrant
    assert venue_check_in.entry_of_user(event, stranger) is None


# --- item 11: the no-shows, and late entries -------------------------------------------------


def test_drop_everyone_not_checked_in_one_entry_each(event):
    present = list(event.entrants.order_by("id")[:5])
    for entrant in present:
        registration.check_in(entrant)
    dropped = no_shows.drop_not_checked_in(event, staff(event), expected=3)
    assert len(dropped) == 3
    statuses = sorted(event.entrants.values_list("status", flat=True))
    assert statuses == ["checked_in"] * 5 + ["dropped"] * 3
    entries = AuditEntry.objects.filter(action="entrant.dropped")
    assert entries.count() == 3
    assert {e.target_id for e in entries} == {str(e.pk) for e in dropped}
    assert all("not checked in" in e.reason for e in entries)


def test_no_shows_refused_when_the_number_changed(event):
    registration.check_in(event.entrants.first())
    with pytest.raises(registration.RegistrationError, match="7 players are not checked in now"):
        no_shows.drop_not_checked_in(event, staff(event), expected=6)
    assert not event.entrants.filter(status=EntrantStatus.DROPPED).exists()


def test_no_shows_refused_when_nobody_is_checked_in_or_everyone_is(event):
    with pytest.raises(registration.RegistrationError, match="nobody is checked in yet"):
        no_shows.drop_not_checked_in(event, staff(event), expected=8)
    registration.check_in_everyone(event)
    with pytest.raises(registration.RegistrationError, match="nobody to drop"):
        no_shows.drop_not_checked_in(event, staff(event), expected=0)
    assert not event.entrants.filter(status=EntrantStatus.DROPPED).exists()


def test_no_shows_refused_once_round_1_is_paired(event):
    registration.check_in(event.entrants.first())
    generate_swiss_round(event, seed=1)
    with pytest.raises(registration.RegistrationError, match="round 1 is paired already"):
        no_shows.drop_not_checked_in(event, staff(event), expected=7)


def test_a_late_entry_is_paired_only_once_checked_in(event):
    played_round(event)
    late = registration.register_player(event, "Latecomer")
    assert late not in pairable_entrants(event)
    assert left_out_names(event) == ["Latecomer"]
    second = generate_swiss_round(event, seed=9)
    assert not Seat.objects.filter(round=second, entrant=late).exists()
    assert second.pairing_report[LEFT_OUT] == ["Latecomer"]
    entry = AuditEntry.objects.filter(action="round.generated").latest("id")
    assert entry.after["report"][LEFT_OUT] == ["Latecomer"]
    complete_round(publish_round(second), reason="test")
    registration.check_in(late)
    third = generate_swiss_round(event, seed=10)
    assert Seat.objects.filter(round=third, entrant=late).exists()
    assert LEFT_OUT not in third.pairing_report


def test_the_generation_message_names_the_late_entries_left_out(event):
    played_round(event)
    registration.register_player(event, "Latecomer")
    job = type("Job", (), {"tournament": event, "parameters": {"seed": 4}})()
    round_, message = _swiss_round(job, staff(event))
    assert "Not paired: Latecomer" in message and "checked in" in message


def test_before_round_1_everyone_not_dropped_is_paired_as_before(event):
    first = generate_swiss_round(event, seed=1)
    assert Seat.objects.filter(round=first).count() == 8
    assert LEFT_OUT not in first.pairing_report


def test_a_round_needs_two_sides_that_may_be_paired(event):
    tournament = TournamentFactory(slug="tiny", status=TournamentStatus.REGISTRATION)
    _, leaving = (EntrantFactory(tournament=tournament) for _ in range(2))
    played_round(tournament)
    registration.drop(leaving)
    registration.register_player(tournament, "Late one")
    with pytest.raises(RoundError, match="at least two sides"):
        generate_swiss_round(tournament, seed=2)


def test_a_withdrawal_through_the_players_link_is_not_undone_here(event):
    entrant = event.entrants.first()
    registration.drop(entrant, me(entrant), reason="withdrew from the event")
    entrant.refresh_from_db()
    assert player_drop.attendance(entrant)["can_undo"] is False
    undo_refused(entrant, "only the organisers can undo")
