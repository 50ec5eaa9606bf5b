"""Issue 37.9: a round page's table cards are drawn once for what they show and kept in the
cache (``tournament/views/table_cards.py``) - the next load draws none, and a change of
anything a card shows (a report, a result, a name, the language, the private link, the
release) is on the very next load: a kept card is never shown stale."""

import re

import pytest

from common.audit.actor import Actor
from leagues.logic.rating import RatingRun, predicted_wins, win_chances
from matches.services.results import enter_result, submit_report
from tests.browser.helpers import report_for
from tests.factories import EntrantFactory, TournamentFactory
from tournament.services.rounds import generate_swiss_round, publish_round
from tournament.views import fragment_cache, table_cards

pytestmark = pytest.mark.django_db

URL = "/events/card-cup/rounds/1/"
moment = re.compile(r"\d{10,13}|\d+:\d\d(?=<)")


@pytest.fixture
def event():
    """A public event of 12 players, round 1 published at three tables of four."""
    tournament = TournamentFactory(slug="card-cup")
    for i in range(12):
        EntrantFactory(tournament=tournament, display_name=f"Carder {i:02d}")
    return publish_round(generate_swiss_round(tournament, seed=7))


@pytest.fixture
def drawn(monkeypatch):
    """How many cards were drawn (not taken from the cache) since the test began."""
    count = {"cards": 0}
    real = table_cards.draw_card

    def counting(*args):
        count["cards"] += 1
        return real(*args)

    monkeypatch.setattr(table_cards, "draw_card", counting)
    return count


def page(client, url=URL, **headers) -> str:
    response = client.get(url, **headers)
    assert response.status_code == 200
    return moment.sub("", response.content.decode())


def card_of(html: str, table: int) -> str:
    start = html.index(f'id="table-{table}"')
    return html[start : html.index("</li>", start)]


def test_the_next_load_draws_no_card_and_is_the_same_page(client, event, drawn):
    first = page(client)
    assert drawn["cards"] == 3
    assert page(client) == first
    assert drawn["cards"] == 3  # all three taken from the cache


def test_a_result_is_on_the_next_load(client, event, drawn, django_capture_on_commit_callbacks):
    before = page(client)
    match = event.matches.get(table_number=2)
    with django_capture_on_commit_callbacks(execute=True):
        enter_result(match, report_for(match), Actor())
    after = page(client)
    assert drawn["cards"] == 4  # table 2 alone drawn again
    assert card_of(after, 1) == card_of(before, 1)
    assert card_of(after, 2) != card_of(before, 2)
    assert "badge-accepted" in card_of(after, 2) and "badge-open" in card_of(before, 2)


def test_a_report_waiting_for_confirmation_is_on_the_next_load(client, event):
    before = page(client)
    match = event.matches.get(table_number=1)
    reporter = match.seats.select_related("entrant").first().entrant
    submit_report(match, report_for(match), Actor(entrant=reporter))  # the seats keep no place
    after = page(client)
    assert "badge-open" in card_of(before, 1) and "badge-reported" in card_of(after, 1)


def test_a_new_name_is_on_the_next_load(client, event):
    page(client)
    seat = event.matches.get(table_number=3).seats.select_related("entrant").first()
    seat.entrant.display_name = "Renamed Carder"
    seat.entrant.save(update_fields=["display_name"])
    assert "Renamed Carder" in card_of(page(client), 3)


def test_each_language_gets_its_own_cards(client, event):
    english = page(client, HTTP_ACCEPT_LANGUAGE="en")
    german = page(client, HTTP_ACCEPT_LANGUAGE="de")
    assert "Table 1" in card_of(english, 1) and "Tisch 1" in card_of(german, 1)
    assert "Table 1" in card_of(page(client, HTTP_ACCEPT_LANGUAGE="en"), 1)


def test_a_private_links_token_stays_its_own_on_a_shared_drawing(client, event, drawn):
    entrant = event.matches.get(table_number=1).seats.first().entrant
    mine = page(client, f"{URL}?token={entrant.access_token}")
    public = page(client)
    assert drawn["cards"] == 3  # the reader with a link and the one without share the cards
    assert f"?token={entrant.access_token}" in card_of(mine, 1)
    assert "token=" not in card_of(public, 1) and "@@" not in public + mine


def test_another_release_draws_its_own_cards(tmp_path, settings):
    catalogue = tmp_path / "de" / "LC_MESSAGES" / "django.mo"
    catalogue.parent.mkdir(parents=True)
    settings.LOCALE_PATHS = [tmp_path]
    stamps = []
    try:
        for text in (b"Tisch", b"Spieltisch"):  # a new translation in the next release
            catalogue.write_bytes(text)
            fragment_cache.release_stamp.cache_clear()
            stamps.append(fragment_cache.release_stamp(table_cards.CARD_TEMPLATES))
    finally:
        fragment_cache.release_stamp.cache_clear()
    assert stamps[0] != stamps[1]


def test_win_chances_are_the_models_whoever_asks_first():
    run = RatingRun()
    pod = [("a",), ("b",), ("c",)]
    predicted_wins.cache_clear()
    first = win_chances("eye_for_an_eye", pod, run)
    again = win_chances("eye_for_an_eye", pod, run)
    assert first == again and abs(sum(first) - 1) < 1e-9
    assert predicted_wins.cache_info().hits == 1
