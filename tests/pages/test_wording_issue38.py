"""Issue 38.13 on the pages: labels instead of field codes, counts in the right number, the
pasted list said as such, plain words on the rating pages, game lengths in minutes, the pairing
seed kept out of the way."""

import re

import pytest
from django.contrib.messages import get_messages
from django.template import Context, Template

from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tests.pages.test_player_rating_pages import season  # noqa: F401 (a fixture)
from tests.pages.test_rating_filters import two_clubs  # noqa: F401 (a fixture)
from tests.pages.test_report_errors import table  # noqa: F401 (a fixture)
from tournament.models import EntrantStatus
from tournament.services.rounds import generate_swiss_round

pytestmark = pytest.mark.django_db


def test_a_refused_result_names_the_field_by_its_label(table):  # noqa: F811
    from matches.forms import ResultForm

    match, seats = table
    form = ResultForm(match.round.tournament.game_mode, seats)
    text = form.in_words("guard_tokens is 4 but the Victory Cup only holds 2 tokens")
    assert text == "Guard Health Tokens is 4 but the Victory Cup only holds 2 tokens"
    assert form.in_words("health_left is 0 but 1 surviving character hold at least one") == (
        "Health Tokens left is 0 but 1 surviving character hold at least one"
    )


@pytest.fixture
def boss(client):
    organiser = UserFactory(username="boss")
    client.force_login(organiser)
    return organiser


def test_one_player_waiting_is_one_player(client, boss):
    cup = TournamentFactory(slug="cup", organiser=boss)
    EntrantFactory(tournament=cup, status=EntrantStatus.CHECKED_IN)
    EntrantFactory(tournament=cup, status=EntrantStatus.REGISTERED)
    page = client.get("/events/cup/manage/").content.decode()
    assert "1 registered player has not checked in yet." in page
    assert "player(s)" not in page


def test_a_pasted_list_is_not_called_a_file(client, boss):
    TournamentFactory(slug="cup", organiser=boss)
    url = "/events/cup/manage/entrants/import/"
    response = client.post(url, {"text": "name\nAnn\n"})
    assert [str(m) for m in get_messages(response.wsgi_request)] == [
        "1 player added from the pasted list."
    ]
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("p.csv", b"name\nBo\nCy\n", content_type="text/csv")
    response = client.post(url, {"file": upload})
    assert "2 players imported from the file." in [
        str(m) for m in get_messages(response.wsgi_request)
    ]


def test_the_rating_pages_speak_plainly(client, two_clubs, monkeypatch):  # noqa: F811
    index = client.get("/ratings/").content.decode()
    assert "Plackett" not in index and "16 rated players" in index
    monkeypatch.setattr("leagues.views.ratings.PER_PAGE", 5)
    first = client.get("/ratings/eye_for_an_eye/").content.decode()
    assert re.search(r'rel="next">Next page</a>', first) and ">Lower<" not in first
    second = client.get("/ratings/eye_for_an_eye/?page=2").content.decode()
    assert 'rel="prev">Previous page</a>' in second and ">Higher<" not in second
    assert "Page 2 of 4" in second


def test_a_players_rating_chart_speaks_plainly(client, season):  # noqa: F811
    _, ann = season
    page = client.get(f"/players/{ann.pk}/").content.decode()
    assert "shaded band" in page and "uncertainty" not in page and "Plackett" not in page


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(3000, "50 minutes"), (60, "1 minute"), (3030, "50:30 (minutes:seconds)"),
     (5430, "1:30:30 (hours:minutes:seconds)"), (None, "-")],
)  # fmt: skip
def test_game_length_filter(seconds, text):
    rendered = Template("{% load durations %}{{ s|game_length }}").render(Context({"s": seconds}))
    assert rendered == text


def test_game_length_in_minutes_on_the_console_and_the_event_page(client, boss):
    TournamentFactory(slug="cup", organiser=boss, game_length_seconds=2700)
    console = client.get("/events/cup/manage/").content.decode()
    assert "45 minutes" in console and "2700 seconds" not in console
    assert "45 minutes" in client.get("/events/cup/").content.decode()


def test_the_pairing_seed_is_out_of_the_status_line(client, boss):
    cup = TournamentFactory(slug="cup", organiser=boss, pairing_method="swiss")
    for i in range(6):
        EntrantFactory(tournament=cup, display_name=f"Player {i}")
    generate_swiss_round(cup, seed=11)
    response = client.post("/events/cup/manage/rounds/1/repair/")
    fresh = cup.rounds.get()
    assert len(str(fresh.seed)) > 12  # a fresh seed is a long number
    [message] = [str(m) for m in get_messages(response.wsgi_request)]
    assert message == "Round 1 is paired again with a new seed." and str(fresh.seed) not in message
    page = client.get("/events/cup/manage/rounds/1/").content.decode()
    status = next(line for line in page.splitlines() if line.startswith("<p>Status:"))
    assert str(fresh.seed) not in status and "Swiss pairing" in status
    details = page.split('class="hint pairing-seed"')[1].split("</details>")[0]
    assert "Pairing seed (to replay this draw)" in details
    assert f"<code>{fresh.seed}</code>" in details
