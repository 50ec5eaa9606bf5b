"""Issue 40.3: the event's widget, a small live page for another site's iframe, framed only by
the sites the organiser listed (every other page keeps refusing frames)."""

import pytest
from django.core.exceptions import ValidationError

from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.logic.embed_origins import frame_ancestors
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db

CLUB = "https://club.example"


def policy(response) -> dict:
    """The response's content security policy as {directive: value}."""
    pairs = (part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";"))
    return dict(pairs)


@pytest.fixture
def event():
    tournament = TournamentFactory(slug="club-night", embed_origins=f"{CLUB}\nhttps://b.example")
    for i in range(8):
        EntrantFactory(tournament=tournament, display_name=f"Framed {i + 1}")
    publish_round(generate_swiss_round(tournament, seed=3))
    return tournament


def test_the_widget_may_be_framed_by_the_listed_sites_only(client, event):
    response = client.get("/events/club-night/widget/")
    assert response.status_code == 200
    assert policy(response)["frame-ancestors"] == f"{CLUB} https://b.example"
    assert "X-Frame-Options" not in response


def test_every_other_page_still_refuses_frames(client, event):
    for path in ("/events/club-night/", "/events/club-night/standings/", "/"):
        response = client.get(path)
        assert policy(response)["frame-ancestors"] == "'none'", path
        assert response["X-Frame-Options"] == "DENY", path


def test_a_widget_no_site_was_allowed_refuses_frames(client):
    TournamentFactory(slug="closed-night")
    response = client.get("/events/closed-night/widget/")
    assert response.status_code == 200
    assert policy(response)["frame-ancestors"] == "'none'"
    assert response["X-Frame-Options"] == "DENY"


def test_the_widget_shows_standings_tables_and_clock_without_the_site_chrome(client, event):
    page = client.get("/events/club-night/widget/").content.decode()
    assert 'data-widget-part="standings"' in page
    assert 'data-widget-part="pairings"' in page
    assert 'data-widget-part="clock"' in page
    assert "Framed 1" in page
    assert 'class="site-header"' not in page
    assert "/ws/tournaments/" in page and "/ws/rounds/" in page  # live like the phones
    assert "js/live.js" in page


@pytest.mark.parametrize("part", ["standings", "pairings", "clock"])
def test_show_picks_one_part(client, event, part):
    page = client.get(f"/events/club-night/widget/?show={part}").content.decode()
    shown = {p for p in ("standings", "pairings", "clock") if f'data-widget-part="{p}"' in page}
    assert shown == {part}


def test_an_unknown_part_shows_them_all(client, event):
    page = client.get("/events/club-night/widget/?show=<script>").content.decode()
    assert page.count("data-widget-part=") == 3
    assert "<script>" not in page.split("</head>")[1].replace('<script src="', "")


def test_a_private_event_has_no_widget(client):
    TournamentFactory(slug="hidden-night", is_public=False, embed_origins=CLUB)
    assert client.get("/events/hidden-night/widget/").status_code == 404


def test_the_console_shows_the_snippet(client, event):
    client.force_login(event.organiser)
    page = client.get("/events/club-night/manage/").content.decode()
    assert "http://testserver/events/club-night/widget/" in page
    assert "&lt;iframe" in page
    assert CLUB in page


def test_another_organiser_sees_no_snippet(client, event):
    client.force_login(UserFactory())
    assert client.get("/events/club-night/manage/").status_code in (403, 404)


@pytest.mark.parametrize(
    "value",
    [
        "club.example",
        "https://club.example/path",
        "javascript:alert(1)",
        "https://a.example 'unsafe-inline'",
        " ".join(f"https://s{i}.example" for i in range(11)),
    ],
)
def test_a_bad_list_of_sites_is_refused_and_names_the_problem(value):
    tournament = TournamentFactory.build(embed_origins=value)
    with pytest.raises(ValidationError) as refused:
        tournament.full_clean(
            exclude=[f.name for f in tournament._meta.fields if f.name != "embed_origins"]
        )
    assert "embed_origins" in refused.value.message_dict


def test_frame_ancestors_keeps_only_valid_origins():
    assert frame_ancestors("") == "'none'"
    assert frame_ancestors("https://a.example/, http://127.0.0.1:8001") == (
        "https://a.example http://127.0.0.1:8001"
    )
    assert frame_ancestors("https://a.example; script-src *") == "'none'"
