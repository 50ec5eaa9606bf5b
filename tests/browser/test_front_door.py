"""Issue 14, through the pages on Debian's Chromium: a new organiser signs up, verifies their
e-mail, creates an event from the dashboard and invites a referee, who signs up from the
invitation and enters a result at the desk; a player claims two entries from different events
and sees both on their page; a revoked API token is refused with 401.

The server writes its e-mail to files (``EMAIL_URL=file://...``); the tests open the links in
them as the people would from their inboxes.
"""

import re

import pytest
from playwright.sync_api import expect

from matches.models import MatchStatus
from tests.browser.helpers import (
    PASSWORD,
    PHONE,
    fill_result,
    link_in,
    log_in,
    read_mail,
    staff_user,
)
from tests.factories import EntrantFactory, TournamentFactory
from tournament.models import Entrant, Player, StaffRole, StaffRoleKind, Tournament
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def sign_up(page, username: str, email: str) -> None:
    page.get_by_label("E-mail").fill(email)
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Sign Up").click()
    expect(page.locator("main")).to_contain_text("Verify Your Email Address")


def verify(page, email: str) -> None:
    """Open the verification link of the newest e-mail to ``email`` and confirm it."""
    message = read_mail(email, "/accounts/confirm-email/")
    page.goto(link_in(message, "/accounts/confirm-email/"))
    page.get_by_role("button", name="Confirm").click()


def test_a_new_organiser_signs_up_creates_an_event_and_invites_a_referee(new_context):
    organiser = new_context(viewport=PHONE).new_page()
    organiser.goto("/")
    organiser.get_by_role("link", name="Sign up").click()
    sign_up(organiser, "nora", "nora@example.org")
    verify(organiser, "nora@example.org")
    organiser.wait_for_url("**/dashboard/")
    expect(organiser.locator("h1")).to_have_text("My events")
    expect(organiser.locator("header")).to_contain_text("Signed in as nora")

    organiser.get_by_role("link", name="New event").click()
    organiser.get_by_label("Event name").fill("Front Door Cup")
    organiser.get_by_role("button", name="Create the event").click()
    expect(organiser.locator(".messages")).to_contain_text("Front Door Cup is created.")
    tournament = Tournament.objects.get(name="Front Door Cup")
    organiser.goto("/dashboard/")
    expect(organiser.locator(".event-card")).to_contain_text("Front Door Cup")
    expect(organiser.locator(".event-card")).to_contain_text("you are organiser")

    # the players and a published round come from the services (other tests drive those pages)
    for i in range(4):
        EntrantFactory(tournament=tournament, display_name=f"Guest {i + 1}")
    round_ = publish_round(generate_swiss_round(tournament, seed=8))
    match = round_.matches.get()

    organiser.goto(f"/events/{tournament.slug}/manage/staff/")
    organiser.get_by_label("E-mail (optional)").fill("rita@example.org")
    organiser.get_by_role("button", name="Invite").click()
    expect(organiser.locator(".messages")).to_contain_text("sent to rita@example.org")

    referee = new_context(viewport=PHONE).new_page()
    invitation = link_in(read_mail("rita@example.org", "/invitations/"), "/invitations/")
    referee.goto(invitation)
    expect(referee.locator("h1")).to_have_text("You are invited to Front Door Cup")
    referee.get_by_role("link", name="Make an account").click()
    sign_up(referee, "rita", "rita@example.org")
    verify(referee, "rita@example.org")
    referee.wait_for_url(f"**{invitation}")
    referee.get_by_role("button", name="Accept as rita").click()
    referee.wait_for_url(f"**/events/{tournament.slug}/desk/")
    expect(referee.locator(".messages")).to_contain_text("You are now referee of Front Door Cup")
    assert StaffRole.objects.filter(
        tournament=tournament, user__username="rita", role=StaffRoleKind.REFEREE
    ).exists()

    referee.goto(f"/events/{tournament.slug}/desk/matches/{match.pk}/")
    fill_result(referee)
    referee.get_by_role("button", name="Save the result", exact=True).click()
    expect(referee.locator(".messages")).to_contain_text(f"Table {match.table_number}")
    match.refresh_from_db()
    assert match.status == MatchStatus.ACCEPTED


def test_a_player_claims_two_entries_and_sees_both(new_context):
    player = Player.objects.create(name="Olive Oak")
    other = Player.objects.create(name="Olive Oak")
    links = []
    for name, record in (("Autumn Open", player), ("Winter Open", other)):
        event = TournamentFactory(name=name)
        links.append(Entrant.objects.create(tournament=event, player=record).access_token)
        EntrantFactory.create_batch(3, tournament=event)
        publish_round(generate_swiss_round(event, seed=4))
    staff_user("olive")
    page = new_context(viewport=PHONE).new_page()
    log_in(page, "olive", "/dashboard/")
    for token in links:
        page.goto(f"/me/{token}/")
        page.get_by_role("button", name=re.compile("^Add this event to my account")).click()
        expect(page.locator(".messages")).to_contain_text("is now in your history")
    page.goto("/accounts/history/")
    cards = page.locator(".event-card")
    expect(cards).to_have_count(2)
    expect(cards.nth(0)).to_contain_text("Open")
    expect(page.locator("main")).to_contain_text("Autumn Open")
    expect(page.locator("main")).to_contain_text("Winter Open")
    assert Player.objects.filter(user__username="olive").count() == 1


def test_a_revoked_api_token_gets_401(new_context):
    staff_user("tomas")
    page = new_context().new_page()
    log_in(page, "tomas", "/accounts/tokens/")
    page.get_by_label("Name").fill("laptop script")
    page.get_by_role("button", name="Make the token").click()
    secret = page.locator("[data-token-secret]").inner_text().strip()
    api = page.context.request
    headers = {"Authorization": f"Token {secret}"}
    assert api.get("/api/v1/tokens/", headers=headers).status == 200
    page.goto("/accounts/tokens/")
    expect(page.locator("main")).not_to_contain_text(secret)  # shown once only
    page.get_by_role("button", name="Revoke laptop script").click()
    expect(page.locator(".messages")).to_contain_text("revoked")
    refused = api.get("/api/v1/tokens/", headers=headers)
    assert refused.status == 401
    assert refused.json()["detail"] == "This token was revoked."
