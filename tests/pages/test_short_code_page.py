"""Issue 33.15: ``/p/`` is a page where a player types the code from their card.

Before: the e-mail said "type …/p/ and the code", but ``/p/`` was a 404. Now it is one large
field (forgiving case, spaces, dashes, O for 0 and I/L for 1, even the whole link pasted) that
opens the player's page on a match, says clearly when the code is unknown or malformed, works
without JavaScript, counts unknown codes under the same ``private_link`` limit as ``/p/<code>/``,
and the event page links to it.
"""

import re

import pytest

from tests.factories import EntrantFactory, TournamentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def entrant():
    return EntrantFactory(tournament=TournamentFactory(slug="code-cup", is_public=True))


def test_the_page_has_one_large_accessible_field(client):
    response = client.get("/p/")
    assert response.status_code == 200
    html = response.content.decode()
    # the page's own form (the header's language switcher is a form too)
    form = re.search(
        r"<form[^>]*>((?:(?!</form>).)*name=\"code\"(?:(?!</form>).)*)</form>", html, re.S
    )
    assert form and 'method="post"' in form[0]
    field = re.search(r"<input[^>]*name=\"code\"[^>]*>", form[1])[0]
    field_id = re.search(r'id="([^"]+)"', field)[1]
    assert re.search(rf'<label[^>]*for="{field_id}"', form[1])
    for attribute in (
        'autocomplete="off"',
        'autocapitalize="characters"',
        'spellcheck="false"',
        'inputmode="text"',
        "required",
    ):
        assert attribute in field, attribute
    assert re.search(r"<button[^>]*type=\"submit\"", form[1])
    assert "<script" not in form[0]


@pytest.mark.parametrize(
    "typed",
    [
        "{display}",
        "{code}",
        "{lower}",
        "  {first} {second}  ",
        "{first} - {second}",
        "{oi}",
        "http://testserver/p/{display}/",
        "testserver/p/{lower}",
    ],
)
def test_a_typed_code_opens_the_players_page(client, entrant, typed):
    code = entrant.short_code
    text = typed.format(
        display=entrant.short_code_display,
        code=code,
        lower=entrant.short_code_display.lower(),
        first=code[:4].lower(),
        second=code[4:],
        oi=code.replace("0", "o").replace("1", "I"),
    )
    response = client.post("/p/", {"code": text})
    assert response.status_code == 302, text
    assert response["Location"] == f"/me/{entrant.access_token}/"


def test_an_unknown_code_is_said_clearly_and_kept_in_the_field(client, entrant):
    response = client.post("/p/", {"code": "zzzz-zzzz"})
    assert response.status_code == 404
    html = response.content.decode()
    assert "No player has the code ZZZZ-ZZZZ" in html
    assert 'value="zzzz-zzzz"' in html and 'aria-invalid="true"' in html
    assert re.search(r'role="alert"', html)


@pytest.mark.parametrize("typed", ["", "   ", "abc", "UUUUUUUU", "x" * 500, "K7QM-2XPD-9"])
def test_a_malformed_code_says_what_a_code_looks_like(client, typed):
    response = client.post("/p/", {"code": typed})
    assert response.status_code == 400
    html = response.content.decode()
    assert "A code has 8 letters and digits, like K7QM-2XPD" in html
    assert 'aria-invalid="true"' in html


def test_guessing_codes_on_the_page_is_rate_limited_like_the_short_links(client, entrant, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "private_link": "3/10m"}
    assert client.post("/p/", {"code": "ZZZZZZZZ"}).status_code == 404
    assert client.get("/p/YYYYYYYY/").status_code == 404  # the same counter
    assert client.post("/p/", {"code": "XXXXXXXX"}).status_code == 404
    refused = client.post("/p/", {"code": "WWWWWWWW"})
    assert refused.status_code == 429 and "Retry-After" in refused
    assert client.post("/p/", {"code": entrant.short_code}).status_code == 429  # a right one waits
    assert client.get(f"/p/{entrant.short_code}/").status_code == 429
    assert client.get("/p/").status_code == 200  # the empty form is never refused


def test_a_right_code_is_not_counted(client, entrant, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "private_link": "2/10m"}
    for _ in range(5):
        assert client.post("/p/", {"code": entrant.short_code_display}).status_code == 302


def test_the_event_page_links_to_the_code_page(client, entrant):
    html = client.get("/events/code-cup/").content.decode()
    assert re.search(r'<a href="/p/"[^>]*>Have a code from your card\?</a>', html)
