"""Issue 20.17: numbers in words ("1 point"), the game select names the game with each mode,
the desk's breadcrumb, and no "waiting for nobody"."""

import pytest
from django.template import Context, Template

from tests.factories import UserFactory
from tournament.forms import system_mode_choices

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (1, "1 point"),
        (1.0, "1 point"),
        (0, "0 points"),
        (2.5, "2.5 points"),
        (4, "4 points"),
        (None, "-"),
        ("3", "3 points"),
    ],  # fmt: skip
)
def test_points_in_words(value, text):
    rendered = Template("{% load numbers %}{{ v|points }}").render(Context({"v": value}))
    assert rendered == text


def test_every_mode_option_names_its_game():
    for system, modes in system_mode_choices():
        for _, label in modes:
            assert label.startswith(f"{system}: "), label
    labels = [label for _, modes in system_mode_choices() for _, label in modes]
    assert len(labels) == len(set(labels))  # no two options read the same


def test_the_create_form_lists_them(client):
    client.force_login(UserFactory())
    page = client.get("/manage/new/").content.decode()
    assert "Eye for an Eye: Domination" in page


def test_the_desk_table_page_has_a_breadcrumb(client):
    from tests.factories import EntrantFactory, TournamentFactory
    from tournament.services.rounds import generate_swiss_round, publish_round

    tournament = TournamentFactory(name="Crumb Cup", slug="crumb-cup")
    EntrantFactory.create_batch(4, tournament=tournament)
    match = publish_round(generate_swiss_round(tournament, seed=1)).matches.get()
    client.force_login(tournament.organiser)
    page = client.get(f"/events/crumb-cup/desk/matches/{match.pk}/").content.decode()
    assert '<p class="crumbs"><a href="/events/crumb-cup/">Crumb Cup</a> ›' in page
    assert "Referee desk</a> › Round 1, table 1" in page
