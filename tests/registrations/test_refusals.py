"""Every refusal of registration says why and changes nothing: the window, who may, the
capacity, a duplicate, the review; and who may act on a registration."""

import datetime

import pytest
from django.utils import timezone

from leagues.models import Organisation, OrganisationStaff
from registrations.logic.entry_code import code_matches
from registrations.models import Registration, RegistrationStatus, WhoMay
from registrations.services import desk, review
from registrations.services.errors import RegistrationError
from registrations.services.places import registration_state
from registrations.services.policy import set_policy
from registrations.services.register import register
from registrations.services.withdraw import withdraw
from tests.factories import EntrantFactory, PlayerFactory, RoundFactory, TournamentFactory
from tests.registrations.conftest import open_event, organiser_actor, player_actor, players
from tournament.models import TournamentStatus

pytestmark = pytest.mark.django_db


def sign_up(tournament, user, **extra):
    extra.setdefault("name", user.username.title())
    return register(tournament, user, actor=player_actor(user), **extra)


def refused(tournament, user, match, **extra):
    with pytest.raises(RegistrationError, match=match):
        sign_up(tournament, user, **extra)
    assert not Registration.objects.filter(tournament=tournament, user=user).exists()


def hours(n: int):
    return timezone.now() + datetime.timedelta(hours=n)


def test_not_yet_open(db):
    tournament = open_event(opens_at=hours(2))
    (user,) = players(1)
    refused(tournament, user, "opens at")
    assert registration_state(tournament).state == "not_yet"


def test_closed_by_the_window_by_the_organiser_and_after_round_1(db):
    (user,) = players(1)
    past = open_event(opens_at=hours(-5), closes_at=hours(-1))
    refused(past, user, "closed")
    typed = TournamentFactory()
    refused(typed, user, "organiser registers")
    running = open_event()
    running.status = TournamentStatus.SWISS
    running.save()
    refused(running, user, "closed")


def test_full_without_a_waitlist_says_so(db):
    tournament = open_event(capacity=1, waitlist=False)
    first, second = players(2)
    sign_up(tournament, first)
    refused(tournament, second, "full")
    assert registration_state(tournament).state == "full"


def test_the_entry_code(db):
    tournament = open_event(who_may=WhoMay.CODE, entry_code="Yarra Mark")
    missing, wrong, right = players(3)
    refused(tournament, missing, "needs its entry code")
    refused(tournament, wrong, "not this event's entry code", code="Yarra Bung")
    assert sign_up(tournament, right, code="  yarra   mark ").status == "registered"


def test_the_code_compares_whole_codes_only():
    assert code_matches("ABC", "abc") and not code_matches("AB", "abc")
    assert not code_matches("", "") and not code_matches("abc", "")


def test_members_only(db):
    club = Organisation.objects.create(name="Hex Club", slug="hex-club")
    tournament = open_event(who_may=WhoMay.MEMBERS)
    tournament.organisation = club
    tournament.save()
    outsider, staff, regular = players(3)
    refused(tournament, outsider, "Only members of Hex Club")
    OrganisationStaff.objects.create(organisation=club, user=staff)
    assert sign_up(tournament, staff).status == "registered"
    earlier = TournamentFactory(organisation=club)
    EntrantFactory(tournament=earlier, player=PlayerFactory(user=regular))
    assert sign_up(tournament, regular).status == "registered"


def test_a_name_taken_or_a_player_already_in_the_field(db):
    tournament = open_event()
    EntrantFactory(tournament=tournament, display_name="Ada")
    namesake, typed = players(2)
    refused(tournament, namesake, "already registered", name="ada")
    EntrantFactory(tournament=tournament, player=PlayerFactory(user=typed, name="Typed"))
    refused(tournament, typed, "already in this event's field")


@pytest.mark.parametrize("name", ["", "   ", "x" * 121, None])
def test_a_bad_name(db, name):
    tournament = open_event()
    (user,) = players(1)
    refused(tournament, user, "name", name=name)


def test_review_pending_holds_no_place_until_accepted(db):
    tournament = open_event(capacity=1, review=True)
    first, second = players(2)
    pending = sign_up(tournament, first)
    assert pending.status == RegistrationStatus.PENDING and pending.entrant is None
    assert tournament.entrants.count() == 0
    accepted = review.accept(pending, organiser_actor(tournament), "see you there")
    assert accepted.status == RegistrationStatus.REGISTERED and accepted.entrant is not None
    assert accepted.organiser_message == "see you there"
    with pytest.raises(RegistrationError, match="awaiting review"):
        review.accept(accepted, organiser_actor(tournament))
    other = sign_up(tournament, second)
    with pytest.raises(RegistrationError, match="why"):
        review.decline(other, organiser_actor(tournament), "  ")
    declined = review.decline(other, organiser_actor(tournament), "members first")
    assert declined.status == RegistrationStatus.DECLINED


def test_accepting_into_a_full_event_waitlists_or_refuses(db):
    tournament = open_event(capacity=1, review=True)
    first, second = players(2)
    organiser = organiser_actor(tournament)
    review.accept(sign_up(tournament, first), organiser)
    assert review.accept(sign_up(tournament, second), organiser).status == "waitlisted"
    closed = open_event(capacity=1, review=True, waitlist=False)
    third, fourth = players(2, prefix="closed")
    review.accept(sign_up(closed, third), organiser_actor(closed))
    waiting = sign_up(closed, fourth)
    with pytest.raises(RegistrationError, match="full"):
        review.accept(waiting, organiser_actor(closed))
    waiting.refresh_from_db()
    assert waiting.status == RegistrationStatus.PENDING


def test_only_the_owner_or_an_organiser_acts(db):
    tournament = open_event()
    owner, stranger = players(2)
    registration = sign_up(tournament, owner)
    for act in (
        lambda: withdraw(registration, player_actor(stranger)),
        lambda: desk.mark_paid(registration, True, player_actor(owner)),
        lambda: review.decline(registration, player_actor(owner), "no"),
        lambda: set_policy(tournament, player_actor(owner), capacity=1),
    ):
        with pytest.raises(RegistrationError, match="organisers"):
            act()
    registration.refresh_from_db()
    assert registration.status == RegistrationStatus.REGISTERED and not registration.paid


def test_withdrawn_and_declined_register_again_at_the_back(db):
    tournament = open_event(capacity=1)
    first, second = players(2)
    seated = sign_up(tournament, first)
    waiting = sign_up(tournament, second)
    withdraw(seated, player_actor(first))
    with pytest.raises(RegistrationError, match="already withdrawn"):
        withdraw(seated, player_actor(first))
    waiting.refresh_from_db()
    assert waiting.status == RegistrationStatus.REGISTERED
    again = sign_up(tournament, first)
    assert again.pk == seated.pk and again.status == RegistrationStatus.WAITLISTED
    assert again.queue_number == 3
    withdraw(waiting, player_actor(second))
    again.refresh_from_db()
    # the same entrant comes back (one entrant per player and event)
    assert again.status == RegistrationStatus.REGISTERED
    assert again.entrant_id == seated.entrant_id and tournament.entrants.count() == 2


def test_a_withdrawal_after_round_1_is_a_drop_and_promotes_nobody(db):
    tournament = open_event(capacity=1)
    first, second = players(2)
    seated = sign_up(tournament, first)
    waiting = sign_up(tournament, second)
    tournament.status = TournamentStatus.SWISS
    tournament.save()
    RoundFactory(stage__tournament=tournament)
    withdrawn = withdraw(seated, player_actor(first))
    assert withdrawn.entrant.status == "dropped"
    waiting.refresh_from_db()
    assert waiting.status == RegistrationStatus.WAITLISTED


def test_move_and_promote_refusals(db):
    tournament = open_event(capacity=1)
    first, second = players(2)
    seated = sign_up(tournament, first)
    waiting = sign_up(tournament, second)
    organiser = organiser_actor(tournament)
    with pytest.raises(RegistrationError, match="not on the waitlist"):
        desk.move_in_waitlist(seated, 1, organiser)
    for position in (0, -1, "1", True, 10**9):
        with pytest.raises(RegistrationError, match="position"):
            desk.move_in_waitlist(waiting, position, organiser)
    with pytest.raises(RegistrationError, match="full"):
        desk.promote(waiting, organiser)
    with pytest.raises(RegistrationError, match="yes or no"):
        desk.mark_paid(seated, "yes", organiser)
