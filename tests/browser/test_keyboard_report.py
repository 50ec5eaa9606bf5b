"""A player reports a result from their private link with the keyboard alone (Tab, typing,
Enter and Space; no pointer), on a 390 px phone: the accessibility statement's keyboard-only run
(issue 39, item 9). The statement page itself is public, linked from every page's footer, and
passes axe."""

import pytest
from playwright.sync_api import expect

from matches.models import ResultVersion
from tests.browser.helpers import (
    CUP_TOKENS,
    PHONE,
    assert_no_serious_axe_violation,
    assert_no_sideways_overflow,
)
from tests.factories import EntrantFactory, TournamentFactory
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: what the focused element is: its name, type, tag and text, and whether it is on screen
FOCUSED = """() => {
  const el = document.activeElement;
  const box = el.getBoundingClientRect();
  return {name: el.getAttribute('name') || '', tag: el.tagName.toLowerCase(),
          type: el.getAttribute('type') || '', text: (el.innerText || '').trim(),
          value: el.value === undefined ? null : String(el.value),
          visible: box.width > 0 && box.height > 0};
}"""
MOST_TABS = 300


def type_into_focused(page, text: str) -> None:
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def test_a_player_reports_a_result_with_the_keyboard_alone(new_context):
    tournament = TournamentFactory(slug="keys-cup", name="Keys Cup")
    for i in range(4):
        EntrantFactory(tournament=tournament, display_name=f"Keys Player {i + 1}")
    match = publish_round(generate_swiss_round(tournament, seed=2)).matches.get()
    seats = list(match.seats.order_by("position").select_related("entrant"))
    page = new_context(viewport=PHONE).new_page()
    page.goto(f"/me/{seats[0].entrant.access_token}/")
    expect(page.get_by_role("button", name="Send the result")).to_be_visible()

    tokens = dict(
        zip((f"s{s.position}-victory_cup_tokens" for s in seats), CUP_TOKENS, strict=True)
    )
    filled: set[str] = set()
    sent = False
    for _ in range(MOST_TABS):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        name = focused["name"]
        if focused["tag"] in ("input", "select", "button", "a", "textarea"):
            assert focused["visible"], f"the focus went to something not shown: {focused}"
        if name in tokens and name not in filled:
            type_into_focused(page, str(tokens[name]))
            filled.add(name)
        elif name.endswith("-survivors") and name not in filled:
            type_into_focused(page, "1")
            filled.add(name)
        elif name == "g-ended_by" and name not in filled:
            for _step in range(10):
                if page.evaluate(FOCUSED)["value"] == "time":
                    break
                page.keyboard.press("ArrowDown")
            assert page.evaluate(FOCUSED)["value"] == "time"
            filled.add(name)
        elif focused["tag"] == "button" and focused["text"] == "Send the result":
            assert len(filled) >= 2 * len(seats), f"Tab skipped some fields: {sorted(filled)}"
            page.keyboard.press("Enter")
            sent = True
            break
    assert sent, "Tab never reached the Send button"
    others = ", ".join(s.entrant.display_name for s in seats[1:])
    expect(page.locator("[data-waiting]")).to_have_text(f"Waiting for {others} to confirm.")
    assert ResultVersion.objects.filter(match=match).count() == 1

    # the next side confirms with Space on its button, still without a pointer
    second = new_context(viewport=PHONE).new_page()
    second.goto(f"/me/{seats[1].entrant.access_token}/")
    for _ in range(MOST_TABS):
        second.keyboard.press("Tab")
        if second.evaluate(FOCUSED)["text"].endswith("Confirm this result"):
            second.keyboard.press("Space")
            break
    else:
        pytest.fail("Tab never reached the Confirm button")
    expect(second.locator(".messages")).to_contain_text("result confirmed")


def test_the_accessibility_statement_is_linked_from_the_footer_and_passes_axe(new_context):
    page = new_context(viewport=PHONE).new_page()
    page.goto("/")
    page.locator("footer").get_by_role("link", name="Accessibility").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Accessibility statement")
    expect(page.locator("main")).to_contain_text("(WCAG) 2.2 at level AA")
    assert_no_sideways_overflow(page, "the accessibility statement")
    assert_no_serious_axe_violation(page, "the accessibility statement")
