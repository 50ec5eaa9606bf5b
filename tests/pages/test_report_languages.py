"""Issue 39.2: a report the rules refuse, on the player's phone page, reads in the player's
language (here French from the browser), and nothing is saved; English stays as it was."""

import html

import pytest

from matches.models import ResultVersion
from tests.factories import EntrantFactory, TournamentFactory
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    tournament = TournamentFactory(slug="langues-cup")
    for name in ("Ann", "Bo", "Cy", "Di"):
        EntrantFactory(tournament=tournament, display_name=name)
    match = publish_round(generate_swiss_round(tournament, seed=2)).matches.get()
    return match, list(match.seats.select_related("entrant").order_by("position"))


def nobody_survived(client, table, **headers):
    match, seats = table
    data = {"action": "report", "match": match.pk, "g-ended_by": "time"}
    for seat in seats:
        data[f"s{seat.position}-survivors"] = "0"
        data[f"s{seat.position}-victory_cup_tokens"] = "0"
    page = client.post(f"/me/{seats[0].entrant.access_token}/", data, **headers)
    return html.unescape(page.content.decode())


def test_a_refused_report_reads_in_french(client, table):
    page = nobody_survived(client, table, HTTP_ACCEPT_LANGUAGE="fr")
    assert (
        "Aucun camp n’a plus de personnage\u202f; la partie s’arrête dès qu’il ne reste qu’un "
        "camp, donc au moins un camp doit avoir des survivants"
    ) in page
    assert "no side has a character left" not in page.lower()
    assert not ResultVersion.objects.filter(match=table[0]).exists()


def test_the_same_refusal_stays_english_by_default(client, table):
    page = nobody_survived(client, table)
    assert "No side has a character left; the game ends as soon as only one side remains" in page
