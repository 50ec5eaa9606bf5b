"""Issue 38 item 4, in the browser: a table's extra time reaches its players' phones and the
desk live; a penalty shows on the player's page; the desk finds a player or a table on a phone;
the printed list is by surname and the slips come in cutting order."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import (
    PHONE,
    assert_no_serious_axe_violation,
    assert_no_sideways_overflow,
)
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.models import Penalty, StaffRole, StaffRoleKind
from tournament.services import clock
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def event_with(slug: str, players: int, names=None):
    organiser = UserFactory(username=f"{slug}-boss")
    tournament = TournamentFactory(slug=slug, organiser=organiser)
    for i in range(players):
        EntrantFactory(tournament=tournament, display_name=names[i] if names else f"Player {i + 1}")
    round_ = publish_round(generate_swiss_round(tournament, seed=5))
    referee = UserFactory(username=f"{slug}-ref")
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)
    return tournament, round_, organiser, referee


def test_extra_time_reaches_the_tables_phones_and_the_desk_live(new_context):
    tournament, round_, _, referee = event_with("extra-time", 8)
    clock.start(round_)
    match = round_.matches.order_by("table_number").first()
    player = match.seats.order_by("position").first().entrant
    other_table = round_.matches.exclude(pk=match.pk).get()
    bystander = other_table.seats.first().entrant

    phone = new_context(viewport=PHONE).new_page()
    phone.goto(f"/me/{player.access_token}/")
    expect(phone.locator("[data-live-status]").first).to_have_text("live")
    expect(phone.locator("[data-table-time]")).to_be_hidden()
    neighbour = new_context(viewport=PHONE).new_page()
    neighbour.goto(f"/me/{bystander.access_token}/")
    expect(neighbour.locator("[data-live-status]").first).to_have_text("live")
    desk = new_context(user=referee).new_page()
    desk.goto("/events/extra-time/desk/")
    expect(desk.locator("[data-live-status]")).to_have_text("live")

    staff = new_context(user=referee, viewport=PHONE).new_page()
    staff.goto(f"/events/extra-time/desk/matches/{match.pk}/")
    staff.get_by_label("Extra minutes in all (0 takes them back)").fill("3")
    staff.get_by_label("Why (kept in the audit trail)").fill("late start: lost player")
    staff.get_by_role("button", name="Set the extra time").click()
    expect(staff.locator(".messages")).to_contain_text(
        f"Table {match.table_number} now has 3 extra minutes."
    )

    # the table's phone: the note, and a clock that ends three minutes after the round's
    expect(phone.locator("[data-table-time]")).to_be_visible()
    expect(phone.locator("[data-live-table-time]")).to_have_text("+3 min for this table")
    expect(phone.locator("[data-live-clock]")).to_have_text(re.compile(r"^[78]:\d\d$"))
    # another table keeps the round's clock
    expect(neighbour.locator("[data-live-clock]")).to_have_text(re.compile(r"^[45]:\d\d$"))
    expect(neighbour.locator("[data-table-time]")).to_be_hidden()
    # the desk's row of that table says so, live
    row = desk.locator(f'[data-live-match="{match.pk}"]')
    expect(row.locator("[data-table-time]")).to_have_text("+3 min for this table")
    assert_no_sideways_overflow(phone, "the player's page with extra time")
    assert_no_serious_axe_violation(staff, "the desk's table page")

    # drawn afresh, the phone shows the extended clock at once
    phone.reload()
    expect(phone.locator("[data-live-table-time]")).to_have_text("+3 min for this table")
    expect(phone.locator("[data-live-clock]")).to_have_text(re.compile(r"^[78]:\d\d$"))


def test_a_point_penalty_shows_on_the_players_page(new_context):
    tournament, round_, _, referee = event_with("penalty-night", 4)
    match = round_.matches.get()
    seats = list(match.seats.order_by("position").select_related("entrant"))
    target = seats[2].entrant

    staff = new_context(user=referee, viewport=PHONE).new_page()
    staff.goto(f"/events/penalty-night/desk/matches/{match.pk}/")
    staff.get_by_label("Player", exact=True).select_option(label=target.display_name)
    staff.get_by_label("What").select_option(label="Point penalty")
    staff.get_by_label("Points taken off (point penalty only)").fill("2")
    staff.get_by_label("Reason (the player sees it)").fill("moved the figures after time")
    staff.get_by_role("button", name="Record it").click()
    expect(staff.locator(".messages")).to_contain_text(
        f"Point penalty for {target.display_name} recorded."
    )
    expect(staff.locator("[data-penalties]")).to_contain_text("moved the figures after time")
    # a bad one says what is wrong and gives nothing
    staff.get_by_label("What").select_option(label="Warning")
    staff.get_by_label("Points taken off (point penalty only)").fill("3")
    staff.get_by_label("Reason (the player sees it)").fill("noise")
    staff.get_by_role("button", name="Record it").click()
    expect(staff.locator(".messages")).to_contain_text("A warning takes no points")
    assert Penalty.objects.count() == 1

    phone = new_context(viewport=PHONE).new_page()
    phone.goto(f"/me/{target.access_token}/")
    box = phone.locator("[data-my-penalties]")
    expect(box).to_contain_text("Point penalty")
    expect(box).to_contain_text("-2 points in the standings")
    expect(box).to_contain_text("moved the figures after time")
    assert_no_sideways_overflow(phone, "the player's page with a penalty")
    assert_no_serious_axe_violation(phone, "the player's page with a penalty")
    other = new_context(viewport=PHONE).new_page()
    other.goto(f"/me/{seats[0].entrant.access_token}/")
    expect(other.locator("h1")).to_have_text(seats[0].entrant.display_name)
    expect(other.locator("[data-my-penalties]")).to_have_count(0)


def test_the_desk_finds_a_player_or_a_table_on_a_phone(new_context):
    names = [f"Player {i + 1}" for i in range(63)] + ["Quentin Needle"]
    tournament, round_, _, referee = event_with("desk-search", 64, names)
    assert round_.matches.count() == 16
    needle = round_.seats.get(entrant__display_name="Quentin Needle").match

    page = new_context(user=referee, viewport=PHONE).new_page()
    page.goto("/events/desk-search/desk/")
    expect(page.locator("table.desk tbody tr")).to_have_count(16)
    page.get_by_label("Find a player or table").fill("needle")
    page.get_by_role("button", name="Find", exact=True).click()
    rows = page.locator("table.desk tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Quentin Needle")
    expect(rows.first.locator("td").first).to_have_text(str(needle.table_number))
    assert_no_sideways_overflow(page, "the desk searched")

    page.get_by_label("Find a player or table").fill("7")
    page.get_by_role("button", name="Find", exact=True).click()
    expect(rows).to_have_count(1)
    expect(rows.first.locator("td").first).to_have_text("7")

    page.get_by_label("Find a player or table").fill("nobody here")
    page.get_by_role("button", name="Find", exact=True).click()
    expect(rows).to_have_count(0)
    expect(page.locator("[data-desk-no-match]")).to_be_visible()
    page.get_by_role("link", name="Show every table").click()
    expect(rows).to_have_count(16)
    assert_no_serious_axe_violation(page, "the desk with its search")


def test_the_print_lists_players_by_surname_and_slips_in_cutting_order(new_context):
    names = [
        "Wendy Zimmer", "Al Brown", "Cara Young", "Dan Ames", "Eve Miller", "Fred Castle",
        "Gus Kane", "Hal Ortiz", "Ida Lund", "Jo Pike", "Kim Ross", "Lou Vance",
        "Mo Dale", "Ned Ford", "Olga Hart", "Pat Irwin", "Quin Jones", "Rae Nash",
        "Sam Ulm", "Tia Webb",
    ]  # fmt: skip
    tournament, round_, organiser, _ = event_with("print-night", len(names), names)
    tables = round_.matches.filter(is_bye=False).count()
    assert tables == 5

    page = new_context(user=organiser).new_page()
    page.goto("/events/print-night/manage/rounds/1/print/")
    listed = page.locator("[data-by-surname] tbody tr td:first-child").all_inner_texts()
    assert listed == sorted(names, key=lambda name: name.split()[-1])
    page.get_by_label("Result slips per printed sheet").select_option("2")
    page.get_by_role("button", name="Lay out the slips").click()
    sheets = page.locator("[data-slip-sheet]")
    expect(sheets).to_have_count(3)
    laid = [
        sheet.locator("[data-slip-table]").evaluate_all(
            "slips => slips.map(s => Number(s.dataset.slipTable))"
        )
        for sheet in sheets.all()
    ]
    # three sheets of two: cut, pile the left halves on the right halves: tables 1..5 in order
    assert laid == [[1, 4], [2, 5], [3]]
