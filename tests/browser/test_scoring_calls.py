"""Issue 13.6: the clock's "Burraparay!" reaches the projector and the phones on time.

A Domination round's clock is started, moved on and paused a few seconds of game time before
its first scoring call. Once the projector (sound switched on) and a phone whose own clock is
90 seconds fast are open and live, the organiser resumes the clock from the round page; both
must make the call when the server's clock reaches it, name the flower that scores and show
the next one; the projector must speak it. The countdown starts only once the pages are
ready: on a busy machine, opening them once took longer than the lead. Each table turns its own
flower deck (issue 35.8): the phone, on its table's page, names its table's flowers; the
projector, for the whole hall, makes the call and names none. Each page records the
server time at which it made the call; this test also checks the moment against its own clock
(the same machine's as the server's), so a page that counted on its own wrong clock would fail.
"""

import time
from datetime import timedelta

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import PHONE
from tests.factories import EntrantFactory, TournamentFactory
from tournament.logic.clock_maths import ClockState
from tournament.logic.scoring_calls import CallPlan
from tournament.models import Round
from tournament.services import clock
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LEAD_MS = 5_000  # how far ahead of the first call the clock is resumed
SKEW_MS = 90_000  # the phone's own clock is this far ahead of the server's
# The page's estimate of the server's time is good to about half a round trip on localhost;
# a call is checked every 100 ms.
EARLY_MS, LATE_MS = 250, 1_000

FAST_CLOCK = f"""
(() => {{
  const realNow = Date.now.bind(Date);
  Date.now = () => realNow() + {SKEW_MS};
}})();
"""

RECORD_SPEECH = """
window.__spoken = [];
if (window.speechSynthesis) {
  window.speechSynthesis.speak = (u) => { window.__spoken.push(u.text); };
}
"""


@pytest.fixture
def domination_round():
    tournament = TournamentFactory(
        name="Burraparay Cup",
        slug="burraparay-cup",
        mode="domination",
        game_length_seconds=600,
        scoring_call_gap_min_seconds=60,
        scoring_call_gap_max_seconds=120,
    )
    for i in range(4):
        EntrantFactory(tournament=tournament, display_name=f"Dancer {i + 1}")
    round_ = clock.start(publish_round(generate_swiss_round(tournament, seed=21)))
    # the one table's calls, with its own deck's colours
    first = CallPlan.from_dict(round_.clock_calls).calls_before(600_000, table=1)[0]
    # as if the clock had run until LEAD_MS of game time before the first call, then paused
    played = timedelta(milliseconds=first.at_ms - LEAD_MS)
    Round.objects.filter(pk=round_.pk).update(
        clock_started_at=round_.clock_started_at - played,
        clock_ends_at=None,
        clock_paused_remaining_ms=600_000 - (first.at_ms - LEAD_MS),
    )
    match = round_.matches.get()
    return {"tournament": tournament, "round": round_, "first": first, "match": match}


def resume_and_time_the_call(organiser_context, round_, first) -> int:
    """Resume the clock from the organiser's round page; the server time the first call is
    due at, in ms, from the clock as stored."""
    controls = organiser_context.new_page()
    controls.goto("/events/burraparay-cup/manage/rounds/1/")
    controls.get_by_role("button", name="Resume").click()
    expect(controls.locator("span[data-live-clock-state]")).to_have_text("running")
    controls.close()
    clock_now = ClockState.of(Round.objects.get(pk=round_.pk))
    return clock_now.ends_at_ms - clock_now.total_ms + first.at_ms


def wait_for_call(page, number: int) -> int:
    """Wait until the page has made call ``number``; the test's own clock then, in ms."""
    page.wait_for_function(
        f"() => document.querySelector('[data-call-number=\"{number}\"]') !== null",
        timeout=LEAD_MS + 10_000,
    )
    return int(time.time() * 1000)


def made_at(page) -> tuple[int, int]:
    root = page.locator("[data-call-number]").first
    return int(root.get_attribute("data-call-due-ms")), int(root.get_attribute("data-call-made-ms"))


def test_the_first_burraparay_sounds_on_the_projector_and_phones_on_time(
    new_context, domination_round
):
    tournament, round_, first = (
        domination_round["tournament"],
        domination_round["round"],
        domination_round["first"],
    )
    organiser = new_context(user=tournament.organiser)
    projector = organiser.new_page()
    projector.add_init_script(RECORD_SPEECH)
    projector.goto("/events/burraparay-cup/manage/rounds/1/clock/")
    phone_context = new_context(viewport=PHONE)
    phone_context.add_init_script(FAST_CLOCK)
    phone = phone_context.new_page()
    phone.goto(f"/events/burraparay-cup/matches/{domination_round['match'].pk}/live/")
    assert phone.evaluate("Date.now()") - time.time() * 1000 > SKEW_MS - 5_000

    for page in (projector, phone):
        page.wait_for_function(
            "() => document.querySelector('[data-live-ws]').getAttribute('data-live-state') "
            "=== 'live'"
        )
        assert page.locator("[data-call-number]").count() == 0
    # before the call: the table's opening flower is in focus on its phone; the hall has none
    expect(phone.locator("[data-call-colour]").first).to_have_text(first.colour.capitalize())
    expect(projector.locator("[data-call-focus]").first).to_be_hidden()
    sound = projector.get_by_role("button", name="Sound: off")
    sound.click()
    expect(projector.get_by_role("button", name="Sound: on")).to_have_attribute(
        "aria-pressed", "true"
    )

    due_ms = resume_and_time_the_call(organiser, round_, first)
    seen_ms = {name: wait_for_call(page, 1) for name, page in (("projector", projector),
                                                                ("phone", phone))}  # fmt: skip
    for name, page in (("projector", projector), ("phone", phone)):
        due, made = made_at(page)
        assert due == due_ms, name
        assert due_ms - EARLY_MS <= made <= due_ms + LATE_MS, (name, made - due_ms)
        # by the test's own clock (the server's machine), never before the call was due
        assert seen_ms[name] >= due_ms - EARLY_MS, (name, seen_ms[name] - due_ms)
    expect(phone.locator("[data-call-text]").first).to_have_text(
        f"Burraparay! {first.colour.capitalize()} scores."
    )
    expect(phone.locator("[data-call-colour]").first).to_have_text(first.next_colour.capitalize())
    expect(projector.locator("[data-call-text]").first).to_have_text("Burraparay!")
    expect(projector.locator("[data-call-focus]").first).to_be_hidden()
    assert "Burraparay!" in projector.evaluate("window.__spoken")
    # the phone's sound stays off until its player switches it on
    phone_sound = phone.get_by_role("button", name="Sound: off")
    expect(phone_sound).to_have_attribute("aria-pressed", "false")
