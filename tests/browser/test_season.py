"""A season of two events, from the organiser's pages to the table and a rating chart on phones.

One pool of twelve players (one of them with a very long name, who made their page public)
plays two ten-player events through the services (``run_event``: two Swiss rounds, the cut to
eight, two groups, the three-game final; each closed round re-rates its games, eagerly, as in
production). In the browser, against a real daphne:

* the organiser signs in, makes a club at ``/orgs/new/`` and a season from the club's page
  (the form first refuses "best 4 of 3" on the field, then takes best 2 of 3, league points by
  final place), and adds both events on the season's manage page;
* on a 390 px phone (and at 360 px) anyone sees the season page: both events, the table with
  positions, totals and each event's league points as the season service computes them, no
  sideways scrolling, no serious axe violation; the public player's name links to their page,
  which shows the rating chart (an ``<svg role="img">`` with the rating line) and
  the head-to-head table, also without sideways scrolling;
* the organiser corrects a group game of event 2 at the referee desk (the two players knocked
  out at that table swap their results), and the season table on the phone changes on reload;
  then the rules change to best 1 of 3 and each player's weaker result is struck.

Screenshots go to ``var/screenshots/season-*.png`` (never tracked files).
"""

import datetime
import random
import re

import pytest
from playwright.sync_api import expect

from leagues.models import Season
from leagues.services.season_standings import season_standings
from matches.models import Match, VersionState
from tests.browser.helpers import (
    NARROW_PHONE,
    PHONE,
    SCREENSHOTS,
    assert_no_serious_axe_violation,
    assert_no_sideways_overflow,
    log_in,
    staff_user,
)
from tournament.models import Player, StageKind, Tournament, TournamentStatus
from tournament.services.simulation import player_pool, register_sides, run_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CLUB, SEASON = "river-games-club", "river-league-2026"
LONG_NAME = "Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh"
POOL, FIELD = 12, 10


def play_two_events(organiser) -> tuple[list[Tournament], Player]:
    """Two finished ten-player events drawn from one pool of twelve players; the player of
    both events whose page is public (and whose name is very long)."""
    rng = random.Random(17)
    pool = player_pool(POOL, rng)
    events = []
    for number in (1, 2):
        event = Tournament.objects.create(
            name=f"River Open {number}",
            slug=f"river-open-{number}",
            organiser=organiser,
            pairing_method="swiss",
            swiss_rounds=2,
            cut_tie_resolution="random_draw",
            starts_on=datetime.date(2026, 3, 7) + datetime.timedelta(days=28 * (number - 1)),
        )
        register_sides(event, FIELD, False, rng, pool=pool)
        run_event(event, rng)
        event.refresh_from_db()
        assert event.status == TournamentStatus.FINISHED
        events.append(event)
    in_both = Player.objects.filter(entries__tournament=events[0]).filter(
        entries__tournament=events[1]
    )
    public = in_both.order_by("pk").first()
    public.name, public.profile_public = LONG_NAME, True
    public.save(update_fields=["name", "profile_public"])
    return events, public


@pytest.fixture(scope="module")
def season_events(django_db_setup, django_db_blocker):
    """The organiser, the two finished events and the public player, committed before the
    browser starts (the services' live pushes need a thread with no event loop running)."""
    with django_db_blocker.unblock():
        organiser = staff_user("river-organiser")
        events, public = play_two_events(organiser)
    return events, public


def knocked_out_pair(event: Tournament) -> tuple[Match, list]:
    """A group game of ``event`` and its two seats that did not reach the final, with
    different places (a swap of their results moves both in the final order)."""
    finalists = set(
        Match.objects.filter(round__tournament=event, round__stage__kind=StageKind.FINAL)
        .values_list("seats__entrant_id", flat=True)
        .distinct()
    )
    groups = Match.objects.filter(
        round__tournament=event, round__stage__kind=StageKind.ELIMINATION_1, is_bye=False
    ).order_by("table_number")
    for match in groups:
        version = match.result_versions.get(state=VersionState.ACCEPTED)
        place = {int(row["side"]): row["place"] for row in version.placings}
        out = [s for s in match.seats.order_by("position") if s.entrant_id not in finalists]
        if len(out) == 2 and place[out[0].entrant_id] != place[out[1].entrant_id]:
            return match, out
    raise AssertionError("no group game with two knocked-out players on different places")


def side_values(fields) -> dict:
    """A side's form values by field (without the seat prefix): text and chosen options, and
    for checkboxes (the characters) each box's state."""
    values = {}
    for field in fields.all():
        key = field.get_attribute("name").split("-", 1)[1]
        if field.get_attribute("type") == "checkbox":
            values[(key, field.get_attribute("value"))] = field.is_checked()
        else:
            values[key] = field.input_value()
    return values


def swap_sides(page, first: str, second: str) -> None:
    """On the desk's result form, give each of two sides the other's numbers (every field)."""
    blocks = [
        page.locator("fieldset", has=page.locator("legend", has_text=name))
        for name in (first, second)
    ]
    fields = [block.locator("input, select") for block in blocks]
    values = [side_values(group) for group in fields]
    assert len(values[0]) > 2 and values[0].keys() == values[1].keys()
    for group, other in zip(fields, reversed(values), strict=True):
        for field in group.all():
            key = field.get_attribute("name").split("-", 1)[1]
            if field.get_attribute("type") == "checkbox":
                field.set_checked(other[(key, field.get_attribute("value"))])
            elif field.evaluate("el => el.tagName") == "SELECT":
                field.select_option(other[key])
            else:
                field.fill(other[key])


def table_lines(season: Season) -> list[dict]:
    """What each row of the season page must say, from the season service (with the rules the
    organiser saved last)."""
    table = season_standings(Season.objects.get(pk=season.pk))
    number = {event.pk: n for n, event in enumerate(table.events, 1)}
    return [
        {
            "position": str(row.position),
            "name": table.name(row.player),
            "total": f"{row.total:g}",
            "results": [
                f"Event {number[c.result.event]}: {c.points:g} pts"
                + ("" if c.counts else " (not counted)")
                for c in sorted(row.results, key=lambda c: number[c.result.event])
            ],
        }
        for row in table.rows
    ]


def check_table(page, season: Season) -> list[dict]:
    """The season table on the page is the service's, row by row."""
    expected = table_lines(season)
    rows = page.locator("[data-season-table] tbody tr")
    expect(rows).to_have_count(len(expected))
    for index, line in enumerate(expected):
        cells = rows.nth(index).locator("td")
        expect(cells.nth(0)).to_have_text(line["position"])
        expect(cells.nth(1)).to_contain_text(line["name"])
        expect(cells.nth(2)).to_have_text(line["total"])
        expect(cells.nth(1).locator(".season-results")).to_have_text(
            re.compile(r"^\s*" + r"\s*·\s*".join(map(re.escape, line["results"])) + r"\s*$")
        )
    return expected


def screenshot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"season-{name}.png"
    page.screenshot(path=str(path), full_page=True, animations="disabled", caret="hide")
    assert path.stat().st_size > 1000


def check_on_narrow_phone(new_context, path: str, name: str) -> None:
    """The page at 360 px: no sideways scrolling either."""
    page = new_context(viewport=NARROW_PHONE).new_page()
    page.goto(path)
    assert_no_sideways_overflow(page, f"{name} at 360 px")


def test_two_events_of_a_season_on_a_phone(season_events, new_context):
    events, public = season_events

    # the organiser makes the club and its season through the pages
    org = new_context(viewport=PHONE).new_page()
    log_in(org, "river-organiser", "/orgs/new/")
    org.get_by_label("Club or convention").fill("River Games Club")
    org.get_by_label("Web address").fill(CLUB)
    org.get_by_label("Region").fill("Riverside")
    org.get_by_role("button", name="Create").click()
    org.wait_for_url(f"**/orgs/{CLUB}/")
    expect(org.locator(".messages")).to_contain_text("River Games Club is ready")
    screenshot(org, "organisation-phone")
    org.get_by_role("link", name="New season").click()
    org.get_by_label("Name").fill("River League 2026")
    org.get_by_label("Web address").fill(SEASON)
    org.get_by_label("Game").select_option("eye_for_an_eye")
    org.get_by_label("League points").select_option("place")
    org.get_by_label("Results counted (best N)").fill("4")
    org.get_by_label("Events in the season (of M)").fill("3")
    org.get_by_role("button", name="Create the season").click()
    expect(org.locator(".errors[role=alert]")).to_contain_text("Please correct")
    best_of = org.get_by_label("Results counted (best N)")
    expect(best_of).to_have_attribute("aria-invalid", "true")
    expect(best_of).to_have_accessible_description(re.compile("Best 4 of 3 cannot be computed"))
    assert not Season.objects.exists()
    org.get_by_label("Results counted (best N)").fill("2")
    org.get_by_role("button", name="Create the season").click()
    org.wait_for_url(f"**/seasons/{SEASON}/manage/")
    expect(org.locator(".messages")).to_contain_text("River League 2026 is made")
    for event in events:
        org.get_by_label("Event to add").select_option(event.slug)
        org.get_by_role("button", name="Add the event").click()
        expect(org.locator(".messages")).to_contain_text(f"{event.name} counts for")
    expect(org.locator(".card-list li")).to_have_count(2)
    expect(org.locator("main")).to_contain_text("None of your Eye for an Eye events can be added")
    screenshot(org, "manage-phone")
    season = Season.objects.get(slug=SEASON)
    assert season.best_of == 2 and season.planned_events == 3 and season.method == "place"
    assert list(season.events.order_by("starts_on")) == events

    # anyone, on a phone: the season page
    path = f"/seasons/{SEASON}/"
    phone = new_context(viewport=PHONE).new_page()
    phone.goto(path)
    expect(phone.locator("h1")).to_have_text("River League 2026")
    listed = phone.locator(".season-events li")
    expect(listed).to_have_count(2)
    for index, event in enumerate(events):
        expect(listed.nth(index).get_by_role("link")).to_have_text(event.name)
    before = check_table(phone, season)
    assert len(before) == POOL  # everyone of the pool played at least one of the two events
    assert_no_sideways_overflow(phone, "season page")
    assert_no_serious_axe_violation(phone, "season page")
    screenshot(phone, "table-phone")
    check_on_narrow_phone(new_context, path, "season page")

    # the public player's name leads to their rating chart and head-to-head
    links = phone.locator("[data-season-table] tbody a")
    expect(links).to_have_count(1)
    links.click()
    phone.wait_for_url(f"**/players/{public.pk}/")
    chart = phone.locator("figure.rating-figure svg[role=img]")
    expect(chart).to_have_count(1)
    expect(chart.locator("polyline.line")).to_have_count(1)
    points = chart.locator("polyline.line").get_attribute("points").split()
    assert len(points) > 2  # the newcomer's start and more than one rated game
    h2h = phone.locator("table.head-to-head tbody tr")
    assert h2h.count() >= 3
    assert_no_sideways_overflow(phone, "player page")
    assert_no_serious_axe_violation(phone, "player page")
    screenshot(phone, "player-phone")
    check_on_narrow_phone(new_context, f"/players/{public.pk}/", "player page")

    # a correction at event 2's desk moves the season table
    match, out = knocked_out_pair(events[1])
    org.goto(f"/events/{events[1].slug}/desk/matches/{match.pk}/")
    swap_sides(org, out[0].entrant.display_name, out[1].entrant.display_name)
    org.locator("#id_reason").fill("The two knocked-out players' cups were swapped.")
    org.get_by_role("button", name="Save the correction").click()
    expect(org.locator(".messages")).to_contain_text(
        f"Table {match.table_number}: result corrected."
    )
    phone.goto(path)
    after = check_table(phone, season)
    assert after != before
    moved = {line["name"]: line["results"] for line in after}
    was = {line["name"]: line["results"] for line in before}
    for seat in out:
        assert moved[seat.entrant.player.name] != was[seat.entrant.player.name]

    # best 1 of 3: each player's weaker result is struck (and said to be not counted)
    org.goto(f"/seasons/{SEASON}/manage/")
    org.get_by_label("Results counted (best N)").fill("1")
    org.get_by_role("button", name="Save the rules").click()
    expect(org.locator(".messages")).to_contain_text("The season's rules are saved")
    phone.goto(path)
    check_table(phone, season)
    played_both = sum(1 for line in after if len(line["results"]) == 2)
    expect(phone.locator(".season-results .not-counted s")).to_have_count(played_both)
    expect(phone.locator(".season-results .not-counted").first).to_contain_text("(not counted)")
    assert_no_sideways_overflow(phone, "season page, best 1")
    assert_no_serious_axe_violation(phone, "season page, best 1")
