"""Issue 39: the calls' voice follows the page's language; the words around a call are the page's.

Chromium here may have no speech voices at all, so the page gets a fake list (and a recording
``speechSynthesis``) before its scripts run. ``EyeCalls.pickVoice`` is checked on its own with
several lists; then a German player's phone, sound switched on, makes the start call: it speaks
with the German voice, sets the utterance's language to the page's, keeps the call itself as the
game says it and words the flower in German (read from the committed scripts' catalogue).
"""

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import PHONE
from tests.catalogue_text import script_text
from tests.factories import EntrantFactory, TournamentFactory
from tournament.services import clock
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FAKE_SPEECH = """
window.__spoken = [];
window.__voices = [
  {name: "Samantha", lang: "en-US", default: true},
  {name: "Anna", lang: "de-DE", default: false},
  {name: "Thomas", lang: "fr-FR", default: false}
];
window.SpeechSynthesisUtterance = function (text) { this.text = text; };
Object.defineProperty(window, "speechSynthesis", {configurable: true, value: {
  getVoices: function () { return window.__voices; },
  speak: function (u) {
    window.__spoken.push({text: u.text, lang: u.lang || "", voice: u.voice ? u.voice.name : null});
  },
  cancel: function () {}
}});
"""

PICK = "([voices, lang]) => { const v = EyeCalls.pickVoice(voices, lang); return v && v.name; }"
START_CALL = """() => {
  const text = document.querySelector("[data-call-text]");
  const root = text.closest("[data-live-ws], [data-live-poll]");
  root.dispatchEvent(new CustomEvent("live:message", {detail: {
    type: "clock", action: "start", state: "paused", call: "Yarra Mark!", elapsed_ms: 0,
    calls: {colour_at_start: "red", current_colour: "red", call: "Burraparay!"}
  }}));
}"""


def voice(name: str, lang: str, default: bool = False) -> dict:
    return {"name": name, "lang": lang, "default": default}


@pytest.fixture
def german_phone(new_context):
    tournament = TournamentFactory(slug="rufe-cup", name="Rufe Cup", language="de")
    for i in range(4):
        EntrantFactory(tournament=tournament, display_name=f"Rufer {i + 1}")
    round_ = clock.start(publish_round(generate_swiss_round(tournament, seed=5)))
    seat = round_.matches.get().seats.order_by("position").first()
    context = new_context(viewport=PHONE, locale="de-DE")
    context.add_init_script(FAKE_SPEECH)
    page = context.new_page()
    page.goto(f"/me/{seat.entrant.access_token}/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.wait_for_function("() => window.EyeCalls && document.querySelector('[data-call-text]')")
    return page


def test_the_voice_is_one_of_the_pages_language(german_phone):
    page = german_phone
    hall = [voice("Samantha", "en-US", True), voice("Anna", "de-DE"), voice("Thomas", "fr-FR")]
    assert page.evaluate(PICK, [hall, "de"]) == "Anna"
    assert page.evaluate(PICK, [hall, "fr"]) == "Thomas"
    # British English: no en-GB voice, so the English one
    assert page.evaluate(PICK, [hall, "en-gb"]) == "Samantha"
    british = [voice("Samantha", "en-US", True), voice("Daniel", "en-GB")]
    assert page.evaluate(PICK, [british, "en-gb"]) == "Daniel"
    # among voices of the language, the browser's default one; "de_AT" spelt the old way
    austrian = [voice("Hans", "de_AT"), voice("Petra", "de-DE", True), voice("Ana", "es-ES")]
    assert page.evaluate(PICK, [austrian, "de"]) == "Petra"
    assert page.evaluate(PICK, [austrian, "de-at"]) == "Hans"
    # no voice of the language, no voices at all, no language: the browser chooses
    assert page.evaluate(PICK, [[voice("Alice", "it-IT", True)], "de"]) is None
    assert page.evaluate(PICK, [[], "de"]) is None
    assert page.evaluate(PICK, [hall, ""]) is None


def test_a_german_phone_speaks_the_call_with_a_german_voice(german_phone):
    page = german_phone
    switch = page.locator("[data-call-sound]").first
    expect(switch).to_be_visible()
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    # the clock's start message, as live.js hands it on (the call is the server's)
    page.evaluate(START_CALL)
    page.wait_for_function("() => window.__spoken.length > 0")
    spoken = page.evaluate("() => window.__spoken[0]")
    red = script_text("de", "Red", context="flower colour")
    first = script_text("de", "%(colour)s first.").replace("%(colour)s", red)
    assert red != "Red"
    assert spoken == {"text": f"Yarra Mark! {first}", "lang": "de", "voice": "Anna"}
    expect(page.locator("[data-call-text]").first).to_have_text("Yarra Mark!")
    expect(page.locator("[data-call-colour]").first).to_have_text(red)
