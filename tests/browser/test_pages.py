"""The main pages on phones and desktops: no sideways scrolling, screenshots, accessibility.

One event is built for the whole module through the services (no browser needed for that):
20 players, one of them with a very long name, two Swiss rounds played, the cut made, and the
elimination groups half-way (two tables accepted, one reported by a player and waiting for
confirmations, one still open with its clock running). The event counts for a club's season
(whose table then follows the running event's Swiss standings). Every page below is then opened in a
fresh browser context as the person who would use it.

Each page is opened once per window size (``WINDOWS`` says which checks each size gets):

* no sideways scrolling at 360x740 and 390x844: the page is never wider than the screen
  (``document.documentElement.scrollWidth <= window.innerWidth``); at 360x740 in every language
  the site speaks (German and French words run longer), chosen with the switcher's cookie;
* screenshots ``<page>-phone.png`` (390x844) and ``<page>-desktop.png`` (1280x900) in
  ``var/screenshots/``; with ``UPDATE_SCREENSHOTS=1`` they refresh the tracked
  ``docs/screenshots/`` the README links instead;
* the vendored axe-core finds no "serious" or "critical" violation at 390x844 and 1280x900.
"""

import datetime

import pytest
from django.conf import settings
from django.core.management import call_command

from common.audit.actor import Actor
from leagues.services.organisations import create_organisation
from leagues.services.seasons import add_event, create_season
from matches.services.results import enter_result, submit_report
from tests.browser.conftest import session_key
from tests.browser.helpers import (
    DESKTOP,
    NARROW_PHONE,
    PHONE,
    SCREENSHOTS,
    assert_no_serious_axe_violation,
    assert_no_sideways_overflow,
    report_for,
    staff_user,
)
from tests.browser.team_showcase import build_team_event
from tests.factories import PlayerFactory, TournamentFactory
from tournament.models import Entrant, EntrantStatus, Player, StaffRole, StaffRoleKind
from tournament.services import clock
from tournament.services.elimination import start_elimination
from tournament.services.rounds import complete_round, generate_swiss_round, publish_round

# The mark makes pytest-django set the test database up (it only does so when a collected test
# asks for it). Each test runs in a transaction that is rolled back, and writes nothing; the
# module's event is committed once, before the first test, and flushed after the last.
pytestmark = [pytest.mark.browser, pytest.mark.django_db]

SLUG = "harbour-open"
CLUB = "harbour-dice-club"
SEASON = "harbour-league-2025"
LONG_NAME = "Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh"
NAMES = [
    LONG_NAME,
    "Bram Oduya",
    "Cleo Marsh",
    "Dara Venn",
    "Eli Brook",
    "Fern Ashby",
    "Gus Tamura",
    "Hana Ilves",
    "Ivo Petrak",
    "Juno Reyes",
    "Kai Lindqvist",
    "Lena Moss",
    "Milo Achebe",
    "Nora Salt",
    "Otto Brandt",
    "Pia Conti",
    "Quinn Harlow",
    "Rosa Dune",
    "Sami Okafor",
    "Tove Strand",
]


def build_showcase() -> dict:
    organiser = staff_user("showcase-organiser")
    referee = staff_user("showcase-referee")
    tournament = TournamentFactory(
        name="Harbour Open",
        slug=SLUG,
        organiser=organiser,
        venue="Harbour Hall, Pier 3",
        starts_on=datetime.date(2025, 6, 14),
        description="Two Swiss rounds, then the top 16 play on to a three-game final.",
        swiss_rounds=2,
        pairing_method="swiss",
        cut_tie_resolution="random_draw",
    )
    StaffRole.objects.create(tournament=tournament, user=organiser, role=StaffRoleKind.ORGANISER)
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)
    clubs = ["North Quay", "South Pier", "Harbour Dice Club"]
    for index, name in enumerate(NAMES):
        Entrant.objects.create(
            tournament=tournament,
            player=PlayerFactory(name=name, club=clubs[index % 3]),
            display_name=name,
            seed=index + 1,
            status=EntrantStatus.CHECKED_IN,
        )
    referee_actor = Actor(user=referee)
    for seed in (11, 12):
        round_ = publish_round(generate_swiss_round(tournament, seed=seed))
        for match in round_.matches.filter(is_bye=False):
            enter_result(match, report_for(match), referee_actor)
        complete_round(round_)
    groups = publish_round(start_elimination(tournament).round)
    clock.start(groups, Actor(user=organiser))
    tables = list(groups.matches.order_by("table_number"))
    assert [m.group_label for m in tables] == ["A", "B", "C", "D"]
    # the long-named player (who wins every game, so is in the cut) still has to play
    me = Entrant.objects.get(tournament=tournament, display_name=LONG_NAME)
    open_table = next(m for m in tables if m.seats.filter(entrant=me).exists())
    others = [m for m in tables if m != open_table]
    reported_table = others[0]
    for match in others[1:]:
        enter_result(match, report_for(match), referee_actor)
    reporter = reported_table.seats.order_by("position").first().entrant
    submit_report(reported_table, report_for(reported_table), Actor(entrant=reporter))
    # the long-named player shows their page (rating chart, head-to-head) and signs in to
    # their own history (the rounds' closes have rated the games already)
    player_user = staff_user("showcase-player")
    Player.objects.filter(pk=me.player_id).update(profile_public=True, user=player_user)
    # the event counts for a club's season (its table follows the running event)
    organiser_actor = Actor(user=organiser)
    club = create_organisation("Harbour Dice Club", CLUB, "Harbour Town", organiser_actor)
    season = create_season(
        club,
        SEASON,
        {"name": "Harbour League 2025", "best_of": 3, "planned_events": 4},
        organiser_actor,
    )
    add_event(season, tournament, organiser_actor)
    team_paths = build_team_event(organiser, player_user)
    return {
        "sessions": {
            "organiser": session_key(organiser),
            "referee": session_key(referee),
            "player": session_key(player_user),
        },
        "paths": {
            "home": "/",
            "home-filtered": "/?region=harbour&date_from=2020-01-01",
            "rules-decisions": "/rules/decisions/",
            "event": f"/events/{SLUG}/",
            "round-tables": f"/events/{SLUG}/rounds/{groups.number}/",
            "standings": f"/events/{SLUG}/standings/",
            "chiefs": f"/events/{SLUG}/chiefs/",
            "widget": f"/events/{SLUG}/widget/",
            "meta": "/meta/?system=eye_for_an_eye",
            "bracket": f"/events/{SLUG}/bracket/",
            "my-table": f"/me/{me.access_token}/",
            "my-drop": f"/me/{me.access_token}/drop/",
            "entrant": f"/events/{SLUG}/entrants/{me.pk}/",
            "desk": f"/events/{SLUG}/desk/",
            "desk-result": f"/events/{SLUG}/desk/matches/{open_table.pk}/",
            "console-home": f"/events/{SLUG}/manage/",
            "run-again": f"/events/{SLUG}/manage/run-again/",
            "console-entrants": f"/events/{SLUG}/manage/entrants/",
            "check-in-code": f"/events/{SLUG}/manage/check-in-code/",
            "drop-no-shows": f"/events/{SLUG}/manage/entrants/drop-not-checked-in/",
            "console-round": f"/events/{SLUG}/manage/rounds/{groups.number}/",
            "projector": f"/events/{SLUG}/manage/rounds/{groups.number}/clock/",
            "board-tables": f"/events/{SLUG}/manage/rounds/1/board/",
            "board-standings": f"/events/{SLUG}/manage/standings-board/",
            "sign-in": "/accounts/login/",
            "sign-up": "/accounts/signup/",
            "dashboard": "/dashboard/",
            "api-tokens": "/accounts/tokens/",
            "staff": f"/events/{SLUG}/manage/staff/",
            "audit": f"/events/{SLUG}/manage/audit/",
            "webhooks": f"/events/{SLUG}/manage/webhooks/",
            "org-webhooks": f"/orgs/{CLUB}/webhooks/",
            "ratings": "/ratings/eye_for_an_eye/",
            "player": f"/players/{me.player_id}/",
            "my-games": "/accounts/history/",
            "seasons": "/seasons/",
            "season": f"/seasons/{SEASON}/",
            "season-manage": f"/seasons/{SEASON}/manage/",
            "organisation": f"/orgs/{CLUB}/",
            "organisation-new": "/orgs/new/",
            "season-new": f"/orgs/{CLUB}/seasons/new/",
            **team_paths,
        },
    }


# page -> who opens it (None: anyone, without logging in)
PAGES = {
    "home": None,
    "home-filtered": None,
    "rules-decisions": None,
    "event": None,
    "round-tables": None,
    "standings": None,
    "chiefs": None,
    "widget": None,
    "meta": None,
    "bracket": None,
    "my-table": None,
    "my-drop": None,
    "entrant": None,
    "desk": "referee",
    "desk-result": "referee",
    "console-home": "organiser",
    "run-again": "organiser",
    "console-entrants": "organiser",
    "check-in-code": "organiser",
    "drop-no-shows": "organiser",
    "console-round": "organiser",
    "projector": "organiser",
    "board-tables": "organiser",
    "board-standings": "organiser",
    "sign-in": None,
    "sign-up": None,
    "dashboard": "organiser",
    "api-tokens": "organiser",
    "staff": "organiser",
    "audit": "referee",
    "webhooks": "organiser",
    "org-webhooks": "organiser",
    "ratings": None,
    "player": None,
    "my-games": "player",
    "seasons": None,
    "season": None,
    "season-manage": "organiser",
    "organisation": "organiser",
    "organisation-new": "organiser",
    "season-new": "organiser",
    "team": "player",
    "team-join": None,
}


@pytest.fixture(scope="module")
def showcase(django_db_setup, django_db_blocker, asgi_server):
    """The event every test of this module looks at, committed for the server to read."""
    try:
        with django_db_blocker.unblock():
            data = build_showcase()
        yield data
    finally:
        with django_db_blocker.unblock():
            call_command("flush", interactive=False, verbosity=0)


@pytest.fixture
def open_page(showcase, reused_tab, asgi_server):
    """``open_page(name, viewport, language=None)``: the page as its usual visitor (in
    ``language``: the header's switcher's cookie), as on a first visit.

    The visitor's tab is kept for the module's next pages (``reused_tab``: a new tab per page
    cost most of this module's CPU); its site data is cleared before each page.
    """

    def open_(name, viewport, language=None):
        role = PAGES[name]

        def make_context(browser):
            session = showcase["sessions"][role] if role else None
            context = browser.new_context(base_url=asgi_server, viewport=viewport)
            cookies = []
            if session is not None:
                cookies.append({"name": "sessionid", "value": session, "url": asgi_server})
            if language is not None:
                cookie_name = settings.LANGUAGE_COOKIE_NAME
                cookies.append({"name": cookie_name, "value": language, "url": asgi_server})
            if cookies:
                context.add_cookies(cookies)
            return context

        key = (role, viewport["width"], viewport["height"], language)
        page = reused_tab(key, make_context)
        response = page.goto(showcase["paths"][name])
        assert response is not None and response.status == 200, (name, response and response.status)
        page.wait_for_load_state("load")
        return page

    return open_


# What each window size checks, page by page. Phones must never scroll sideways; the README's
# screenshots are the 390x844 phone and the 1280x900 desktop; axe-core checks both of those.
# One visit per page and size serves all of its checks.
WINDOWS = {
    "360x740": (NARROW_PHONE, None, ("overflow",)),
    "390x844": (PHONE, "phone", ("overflow", "screenshot", "accessibility")),
    "1280x900": (DESKTOP, "desktop", ("screenshot", "accessibility")),
}


@pytest.mark.parametrize("window", list(WINDOWS))
@pytest.mark.parametrize("name", list(PAGES))
def test_page_at_window_size(open_page, name, window):
    viewport, label, checks = WINDOWS[window]
    page = open_page(name, viewport)
    if "overflow" in checks:
        assert_no_sideways_overflow(page, name)
    if "screenshot" in checks:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}-{label}.png"
        page.screenshot(path=str(path), animations="disabled", caret="hide")
        assert path.stat().st_size > 1000
    if "accessibility" in checks:
        assert_no_serious_axe_violation(page, f"{name} at {window}")


#: the languages besides English the narrow phone's overflow check runs in
OTHER_LANGUAGES = [code for code, _name in settings.LANGUAGES if not code.startswith("en")]


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
@pytest.mark.parametrize("name", list(PAGES))
def test_page_fits_a_narrow_phone_in_every_language(open_page, name, language):
    """Longer German and French words do not push a page sideways at 360 px (issue 39)."""
    page = open_page(name, NARROW_PHONE, language=language)
    assert page.locator("html").get_attribute("lang") == language, f"{name} ignores the choice"
    assert_no_sideways_overflow(page, f"{name} in {language}")
