"""Issue 36's proof on a 390 px phone (Debian's Chromium): a player finds the event in the public
listing, registers in one tap, opens their private link, and withdraws from it; the first
waitlisted player, who signed in from the event page to register, is promoted, and their page
says so with their own link. The pages fit the phone and pass axe."""

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from common.audit.actor import Actor
from common.audit.channels import Channel
from registrations.models import Registration, RegistrationStatus
from registrations.services.policy import set_policy
from registrations.services.register import register
from tests.browser.helpers import (
    PASSWORD,
    PHONE,
    SCREENSHOTS,
    assert_no_serious_axe_violation,
    assert_no_sideways_overflow,
    link_in,
    read_mail,
    staff_user,
)
from tests.factories import TournamentFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def rush_event():
    """A public event of two places with a waitlist; one place is already taken."""
    tournament = TournamentFactory(
        name="Spring Rush",
        slug="spring-rush",
        is_public=True,
        venue="The Hex Hall",
        starts_on=timezone.localdate() + datetime.timedelta(days=10),
    )
    set_policy(
        tournament,
        Actor(user=tournament.organiser, channel=Channel.PAGE),
        self_service=True,
        capacity=2,
        waitlist=True,
        fee_note="5 EUR at the door.",
    )
    early = staff_user("early")
    register(tournament, early, name="Early Bird", actor=Actor(user=early, channel=Channel.PAGE))
    return tournament


def checked(page, name: str) -> None:
    """The page fits the phone, passes axe, and is kept as a screenshot (under var/)."""
    assert_no_sideways_overflow(page, name)
    assert_no_serious_axe_violation(page, name)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"registration-{name.replace(' ', '-')}-phone.png"
    page.screenshot(path=str(path), full_page=True, animations="disabled", caret="hide")


def test_register_open_the_link_withdraw_and_the_waitlisted_player_is_promoted(new_context):
    tournament = rush_event()
    pia, wendy = staff_user("pia"), staff_user("wendy")

    # Pia finds the event in the listing and registers in one tap
    phone = new_context(viewport=PHONE, user=pia).new_page()
    phone.goto("/")
    card = phone.locator(".event-listing .card", has_text="Spring Rush")
    expect(card).to_contain_text("Registration open")
    expect(card).to_contain_text("1 place left")
    expect(card.get_by_role("link", name="Register for Spring Rush")).to_be_visible()
    card.get_by_role("link", name="Spring Rush", exact=True).click()
    phone.wait_for_url("**/events/spring-rush/")
    expect(phone.locator(".registration-panel")).to_contain_text("Registration is open.")
    checked(phone, "event")
    phone.get_by_role("link", name="Register", exact=True).click()
    phone.wait_for_url("**/events/spring-rush/register/")
    expect(phone.get_by_label("Your name")).to_have_value("pia")
    expect(phone.locator("main")).to_contain_text("5 EUR at the door.")
    checked(phone, "form")
    phone.get_by_label("Your name").fill("Pia Quick")
    phone.get_by_label("List my name publicly").check()
    phone.get_by_role("button", name="Register").click()
    phone.wait_for_url("**/events/spring-rush/registration/")
    expect(phone.locator(".registration-answer")).to_contain_text("You are in")
    checked(phone, "answer")
    mine = Registration.objects.get(user=pia)
    link = f"/me/{mine.entrant.access_token}/"
    assert link_in(read_mail(pia.email, link), "/me/") == link

    # Wendy is not signed in: "Sign in to register" brings her back to the form
    other = new_context(viewport=PHONE).new_page()
    other.goto("/events/spring-rush/")
    expect(other.locator(".registration-panel")).to_contain_text("Every place is taken")
    other.get_by_role("link", name="Sign in to register").click()
    other.get_by_label("Username or e-mail").fill("wendy")
    other.get_by_label("Password").fill(PASSWORD)
    other.get_by_role("button", name="Sign in").click()
    other.wait_for_url("**/events/spring-rush/register/")
    other.get_by_role("button", name="Register").click()
    answer = other.locator(".registration-answer")
    expect(answer).to_contain_text("Waitlisted: position 1 of 1")
    checked(other, "waitlisted")

    # Pia opens her private link and withdraws from it, after confirming
    phone.get_by_role("link", name="Open my private page").click()
    phone.wait_for_url(f"**{link}")
    expect(phone.locator("h1")).to_have_text("Pia Quick")
    phone.get_by_role("link", name="Withdraw from this event").click()
    phone.wait_for_url(f"**{link}withdraw/")
    checked(phone, "withdraw")
    phone.get_by_role("button", name="Yes, withdraw").click()
    phone.wait_for_url(f"**{link}")
    expect(phone.locator("main")).to_contain_text("You withdrew from this event before it began.")
    expect(phone.get_by_role("link", name="Register again")).to_be_visible()
    checked(phone, "withdrawn")
    assert Registration.objects.get(user=pia).status == RegistrationStatus.WITHDRAWN

    # the first waitlisted player is promoted at once; their page says so, with their link
    promoted = Registration.objects.get(user=wendy)
    assert promoted.status == RegistrationStatus.REGISTERED
    other.reload()
    expect(answer).to_contain_text("You are in")
    other.get_by_role("link", name="Open my private page").click()
    other.wait_for_url(f"**/me/{promoted.entrant.access_token}/")
    expect(other.locator("h1")).to_have_text("wendy")
    assert tournament.entrants.exclude(status="dropped").count() == 2
