"""A 20-player event run entirely through the pages, from its creation to the champion.

Four people in four browser contexts (separate cookies), against a real daphne:

* the organiser logs in through the staff login, creates the event, imports 19 players from a
  CSV file and adds one with the form, opens registration, checks 18 in at the desk, and then
  follows the console's "next step" button: generate and publish each round, run the clock,
  close the round, cut to the elimination, advance through the groups, AD/BC and the final;
* two players check themselves in through their private links (``/me/<token>/``, read from the
  database as a player would read them from the e-mail) and, every round, report one table's
  result (player A) and confirm it (player B; the two other players of that table confirm on the
  same phone, handed round the table, since a report waits for every other side);
* the referee enters every other table's result through the referee desk form.

Every result is legal: every side keeps its one character (survivors 1) and the Victory Cup
tokens are distinct (6, 4, 2, 1), handed out by a fixed order of the entrants, so the same
finalist wins all three final games and the champion is known in advance.
"""

import csv
import io
import re

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from common.audit.models import AuditEntry
from matches.models import Match, MatchStatus
from tests.browser.helpers import CUP_TOKENS, PHONE, fill_result, log_in, staff_user
from tournament.models import (
    Round,
    RoundStatus,
    StaffRole,
    StaffRoleKind,
    StageKind,
    Tournament,
    TournamentStatus,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "harbour-cup"
MANAGE = f"/events/{SLUG}/manage/"
DESK = f"/events/{SLUG}/desk/"
NAMES = [
    "Ada Quill",
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


# Stills a player's page before the test navigates its tab elsewhere: its live connections
# close (no push reaches it, no reconnection), a reload is refused (``reloading`` set, as while
# one is scheduled), every timer is cleared (a reload or a poll already scheduled), and the
# tab's session storage is emptied (what a page leaves there for its own reload).
STILL_THE_PAGE = """() => {
  ((window.EyeLive && window.EyeLive.connections) || []).forEach((c) => {
    c.reloading = true;
    c.stopPolling();
    if (c.socket) { c.socket.onclose = null; c.socket.onmessage = null; c.socket.close(); }
  });
  const last = setTimeout(() => {}, 0);
  for (let id = 1; id <= last; id++) { clearTimeout(id); clearInterval(id); }
  try { window.sessionStorage.clear(); } catch (e) {}
}"""


def still(page) -> None:
    """Run :data:`STILL_THE_PAGE` on ``page``; if a reload of its own replaced the document
    meanwhile, wait for the new one and still that."""
    for _attempt in range(3):
        try:
            page.evaluate(STILL_THE_PAGE)
            return
        except PlaywrightError:  # "Execution context was destroyed": its own reload came first
            page.wait_for_load_state()
    page.evaluate(STILL_THE_PAGE)


def tokens_for(match: Match) -> list[int]:
    """Cup tokens in seat order: the entrant created first gets the most (6, 4, 2, 1)."""
    seats = list(match.seats.order_by("position"))
    by_entrant = sorted(seat.entrant_id for seat in seats)
    return [CUP_TOKENS[by_entrant.index(seat.entrant_id)] for seat in seats]


class Event:
    """The people of the event, each with their own page in their own browser context."""

    def __init__(self, new_context):
        self.organiser = new_context().new_page()
        self.referee = new_context().new_page()
        self.phones = {"a": new_context(viewport=PHONE), "b": new_context(viewport=PHONE)}
        self.tabs = {}

    def phone(self, player: str, path: str):
        """Open ``path`` on a player's phone, in the one tab it keeps for the whole event.

        The players' pages reload themselves when a round is published or a result moves on, a
        moment later; a reload of the page we leave must not race our navigation. So the page
        left is stilled first (:data:`STILL_THE_PAGE`: its sockets closed, its timers cleared,
        its reload refused) and its tab's session storage cleared, as a new tab's would be: each
        visit still starts from a page of its own, without a new tab each time (a new tab costs
        Chromium about twice a navigation's CPU: docs/testing.md).
        """
        page = self.tabs.get(player)
        if page is None:
            page = self.tabs[player] = self.phones[player].new_page()
        elif page.url != "about:blank":
            still(page)
        page.goto(path)
        return page

    # --- the organiser's console ------------------------------------------------------------

    def step(self, *, drawn: bool = False):
        """The console home's "Next step" box; with ``drawn``, on the console home the
        organiser's last action led to (nothing else has happened since), else drawn afresh."""
        if drawn:
            assert self.organiser.url.endswith(MANAGE), self.organiser.url
        else:
            self.organiser.goto(MANAGE)
        return self.organiser.locator(".next-step")

    def press(self, button: str, *, drawn: bool = False):
        """Press the next-step button called ``button`` (it must be what the console offers);
        ``drawn`` as for :meth:`step`."""
        self.step(drawn=drawn).get_by_role("button", name=button).click()
        self.organiser.wait_for_load_state()

    def expect_message(self, page, text):
        expect(page.locator(".messages")).to_contain_text(text)

    def run_round(self, number: int, tables: int, *, end_clock: bool = False) -> Round:
        """Publish round ``number``, start its clock, get every result in, close it."""
        org = self.organiser
        self.step().get_by_role("link", name=f"Review round {number}").click()
        expect(org.locator("h1")).to_contain_text(f"Round {number}")
        org.get_by_role("button", name=f"Publish round {number}").click()
        self.expect_message(org, f"Round {number} is published.")
        self.press(re.compile(rf"^Start the clock of round {number}\b"))
        self.expect_message(org, "Yarra Mark!")
        if end_clock:
            org.get_by_role("button", name=re.compile(r"^End now")).click()
            self.expect_message(org, "Yarra Bung!")
        round_ = Round.objects.get(tournament__slug=SLUG, number=number)
        assert round_.matches.filter(is_bye=False).count() == tables
        self.players_report_and_confirm(round_)
        self.referee_enters_the_rest(round_)
        step = self.step()
        expect(step).to_contain_text(f"Every table of round {number} has its result.")
        step.get_by_role("button", name=f"Close round {number}").click()
        self.expect_message(org, f"Round {number} is closed.")
        round_.refresh_from_db()
        assert round_.status == RoundStatus.COMPLETE
        return round_

    # --- the players' phones ----------------------------------------------------------------

    def players_report_and_confirm(self, round_: Round) -> None:
        """Player A reports the first table's result; the table's other sides confirm it."""
        match = round_.matches.filter(is_bye=False).order_by("table_number").first()
        seats = list(match.seats.select_related("entrant").order_by("position"))
        a = self.phone("a", f"/me/{seats[0].entrant.access_token}/")
        expect(a.locator("#now")).to_have_text(f"Round {round_.number}: table {match.table_number}")
        fill_result(a, tokens_for(match))
        a.get_by_role("button", name="Send the result").click()
        self.expect_message(a, f"Result of table {match.table_number} reported")
        expect(a.locator("body")).to_contain_text("Waiting for")
        for seat in seats[1:]:
            b = self.phone("b", f"/me/{seat.entrant.access_token}/")
            b.get_by_role("button", name="Confirm this result").click()
            self.expect_message(b, f"Table {match.table_number}: result confirmed.")
        match.refresh_from_db()
        assert match.status == MatchStatus.ACCEPTED
        version = match.result_versions.get(state="accepted")
        assert version.entrant_id == seats[0].entrant_id  # the players' report, not a referee's
        # the last side's page, drawn after its confirmation, shows the result accepted
        expect(b.locator("section.now")).to_contain_text("Accepted")

    # --- the referee desk -------------------------------------------------------------------

    def referee_enters_the_rest(self, round_: Round) -> None:
        ref = self.referee
        ref.goto(DESK)
        if ref.locator("h2").first.inner_text().startswith(f"Round {round_.number} "):
            # the desk lists this round: follow its "Next open table" link to the end
            while (link := ref.get_by_role("link", name=re.compile(r"^Next open table"))).count():
                link.click()
                match = Match.objects.get(pk=int(ref.url.rstrip("/").rsplit("/", 1)[1]))
                self.enter(match)
            expect(ref.locator(".desk-next")).to_contain_text("Every table of this round")
        else:
            # The desk shows the newest round, which during the final is the last drafted
            # game, not the one being played: the referee opens the table's form directly.
            for match in round_.matches.filter(is_bye=False).exclude(status="accepted"):
                ref.goto(f"{DESK}matches/{match.pk}/")
                self.enter(match)

    def enter(self, match: Match) -> None:
        ref = self.referee
        expect(ref.locator("h1")).to_have_text(
            f"Round {match.round.number}, table {match.table_number}"
        )
        fill_result(ref, tokens_for(match))
        ref.get_by_role("button", name="Save the result", exact=True).click()
        self.expect_message(ref, f"Table {match.table_number}: result saved.")
        match.refresh_from_db()
        assert match.status == MatchStatus.ACCEPTED


def test_a_20_player_event_from_creation_to_champion(new_context):
    staff_user("harbour-organiser")
    referee = staff_user("harbour-referee")
    event = Event(new_context)
    org = event.organiser

    # the organiser creates the event: 2 Swiss rounds, a tie at the cut settled by a draw
    log_in(org, "harbour-organiser", "/manage/new/")
    org.get_by_label("Event name").fill("Harbour Cup")
    org.get_by_label("Swiss rounds").fill("2")
    org.get_by_label("A tie at the cut line is settled by").select_option("random_draw")
    org.get_by_role("button", name="Create the event").click()
    org.wait_for_url(f"**{MANAGE}")
    event.expect_message(org, "Harbour Cup is created.")
    tournament = Tournament.objects.get(slug=SLUG)
    assert tournament.organiser.username == "harbour-organiser"
    # the referee gets their role (there is no page for staff roles) and logs in
    StaffRole.objects.create(tournament=tournament, user=referee, role=StaffRoleKind.REFEREE)
    log_in(event.referee, "harbour-referee", DESK)
    expect(event.referee.locator("main")).to_contain_text("No rounds yet.")

    org.get_by_role("button", name=re.compile("^Open registration")).click()
    event.expect_message(org, "Registration is open")

    # 19 players from a CSV file, one more with the form
    org.goto(f"{MANAGE}entrants/")
    rows = io.StringIO()
    writer = csv.writer(rows)
    writer.writerow(["name", "club"])
    for index, name in enumerate(NAMES[:19]):
        writer.writerow([name, ["North", "South", "Harbour"][index % 3]])
    org.locator("input[type=file]").set_input_files(
        {"name": "players.csv", "mimeType": "text/csv", "buffer": rows.getvalue().encode()}
    )
    org.get_by_role("button", name="Import", exact=True).click()
    event.expect_message(org, "19 players imported from the file.")
    org.get_by_label("Name (required)").fill(NAMES[19])
    org.get_by_label("Club", exact=True).fill("Harbour")
    org.get_by_role("button", name="Add the player").click()
    event.expect_message(org, f"{NAMES[19]} is registered.")
    entrants = {e.display_name: e for e in tournament.entrants.all()}
    assert sorted(entrants) == sorted(NAMES)

    # two players check in from their phones; the organiser checks in the other 18
    for player, name in (("a", NAMES[0]), ("b", NAMES[1])):
        page = event.phone(player, f"/me/{entrants[name].access_token}/check-in/")
        page.get_by_role("button", name="I am here: check me in").click()
        event.expect_message(page, "You are checked in.")
    org.goto(f"{MANAGE}entrants/?status=registered")
    count = org.locator("[data-console-count]")
    for left in range(18, 0, -1):
        expect(count).to_have_text(f"{left} shown")
        org.get_by_role("button", name=re.compile("^Check in ")).first.click()
    expect(org.locator("main")).to_contain_text("No player matches.")
    # the form pairs at random by default: no "Swiss" in the step (issue 38.3)
    expect(event.step()).to_contain_text("Pair round 1 of 2 at random.")

    # two Swiss rounds of five tables
    for number in (1, 2):  # the console home is the one drawn just before (or after a close)
        event.press(f"Generate round {number}", drawn=True)
        event.run_round(number, tables=5, end_clock=number == 1)

    # the cut: 16 of 20 play on in four groups (A-D), two of each go on to AD and BC
    event.step(drawn=True).get_by_role("link", name="Choose the cut").click()
    org.get_by_role("button", name="Cut to the top 16").click()
    org.wait_for_load_state()
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.ELIMINATION
    groups = event.run_round(3, tables=4)
    assert sorted(groups.matches.values_list("group_label", flat=True)) == ["A", "B", "C", "D"]
    event.press("Seat Elimination round 2", drawn=True)
    semis = event.run_round(4, tables=2)
    assert sorted(semis.matches.values_list("group_label", flat=True)) == ["AD", "BC"]

    # the final: three games, points carried over; one finalist wins them all
    event.press("Seat Final", drawn=True)
    final = tournament.stages.get(kind=StageKind.FINAL)
    assert final.rounds.count() == 3
    finalists = list(Round.objects.get(tournament=tournament, number=5).seats.all())
    champion = min(finalists, key=lambda seat: seat.entrant_id).entrant
    for number in (5, 6, 7):
        event.run_round(number, tables=1)
    event.press("Crown the champion", drawn=True)

    step = event.step()
    expect(step).to_contain_text(f"The event is over: {champion.display_name} is the champion.")
    expect(org.locator(".champion")).to_contain_text(f"Champion: {champion.display_name}")
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    audit = AuditEntry.objects.get(tournament=tournament, action="elimination.champion")
    assert audit.after["name"] == champion.display_name
    # the public bracket shows the champion too, to anyone
    bracket = event.phone("a", f"/events/{SLUG}/bracket/")
    expect(bracket.locator(".bracket-list")).to_contain_text("★ champion")
    reports = AuditEntry.objects.filter(tournament=tournament, action="result.confirmed")
    assert reports.count() == 7  # one table per round went through the players' own pages
