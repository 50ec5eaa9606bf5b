"""Issue 20.1 in the browser: the organiser prints player cards; a player opens their card's link
(what scanning its QR code does) on a phone and lands on their table, as does the short code
typed by hand."""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import PHONE, log_in, staff_user
from tests.factories import EntrantFactory, TournamentFactory
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_reaches_their_table_from_their_card(new_context):
    organiser = staff_user("cards-organiser")
    tournament = TournamentFactory(name="Card Night", slug="card-night", organiser=organiser)
    for i in range(8):
        EntrantFactory(tournament=tournament, display_name=f"Card Player {i + 1}")
    round_ = publish_round(generate_swiss_round(tournament, seed=6))
    me = tournament.entrants.get(display_name="Card Player 3")
    table = round_.matches.get(seats__entrant=me).table_number

    desk = new_context().new_page()
    log_in(desk, "cards-organiser", "/events/card-night/manage/entrants/")
    desk.get_by_role("link", name="Player cards (print)").click()
    card = desk.locator(f'[data-card="{me.pk}"]')
    expect(card.locator("h2")).to_have_text("Card Player 3")
    expect(card.locator("svg")).to_have_count(1)
    url = card.locator("[data-card-url]").inner_text().strip()
    code = card.locator(".card-code strong").inner_text().strip()

    phone = new_context(viewport=PHONE).new_page()
    phone.goto(url)  # what the phone's camera opens from the QR code
    expect(phone.locator("#now")).to_have_text(f"Round 1: table {table}")
    other = new_context(viewport=PHONE).new_page()
    other.goto(f"/p/{code.lower()}/")  # the short code typed by hand
    expect(other.locator("#now")).to_have_text(f"Round 1: table {table}")
