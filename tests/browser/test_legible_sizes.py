"""Issue 38.13 on a 390 px phone: the bracket's seeds are at least 12 px (in the drawing's
style and as drawn on the screen), and the desk form's checkboxes are at least 24 px."""

import pytest

from tests.browser.helpers import PHONE
from tests.browser.test_pages import open_page, showcase  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db]

SEED_SIZES = """() => [...document.querySelectorAll(".bracket-svg .seed")]
  .filter((seed) => seed.textContent.trim() && seed.getClientRects().length)
  .map((seed) => {
    const svg = seed.ownerSVGElement;
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const styled = parseFloat(getComputedStyle(seed).fontSize);
    return { styled, drawn: styled * scale };
  })"""

CHECKBOX_SIZES = """() => [...document.querySelectorAll("input[type=checkbox]")]
  .filter((box) => box.getClientRects().length)
  .map((box) => { const r = box.getBoundingClientRect(); return [r.width, r.height]; })"""


def test_bracket_seeds_are_legible_on_a_phone(open_page):  # noqa: F811
    page = open_page("bracket", PHONE)
    sizes = page.evaluate(SEED_SIZES)
    assert sizes, "the bracket shows no seeds"
    assert all(s["styled"] >= 12 and s["drawn"] >= 12 for s in sizes), sizes


def test_desk_checkboxes_are_a_24px_target_on_a_phone(open_page):  # noqa: F811
    page = open_page("desk-result", PHONE)
    sizes = page.evaluate(CHECKBOX_SIZES)
    assert sizes, "the desk form shows no checkboxes"
    assert all(width >= 24 and height >= 24 for width, height in sizes), sizes
