"""Issue 12.15: names typed into the API or a form never reach a spreadsheet as formulas.

Every CSV the project writes (public standings and pairings, the console's standings and
round exports) goes through one writer that makes formula-leading text cells plain text.
"""

import csv
import io

import pytest

from common.csv_export import safe_cell
from tests.factories import EntrantFactory, TournamentFactory, UserFactory
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db

HOSTILE = [
    "=cmd|' /C calc'!A0",
    '=HYPERLINK("http://evil.example","click")',
    "+1+1",
    "-2+3",
    "@SUM(A1:A2)",
    "\t=1+1",
    "\r=1+1",
    "  =1+1",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_formula_leading_text_becomes_text(text):
    assert safe_cell(text) == "'" + text


@pytest.mark.parametrize("value", ["Ada", "Pluma & Echo", "", 4, -5, 2.5, None, "a=b"])
def test_everything_else_is_written_as_given(value):
    assert safe_cell(value) == value


@pytest.fixture
def hostile_event():
    organiser = UserFactory(username="boss")
    tournament = TournamentFactory(slug="cup", organiser=organiser)
    for name in HOSTILE:
        EntrantFactory(tournament=tournament, display_name=name)
    publish_round(generate_swiss_round(tournament, seed=1))
    return organiser


def cells(response):
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    return [cell for row in rows[1:] for cell in row]


@pytest.mark.parametrize(
    ("url", "as_organiser"),
    [
        ("/api/v1/tournaments/cup/standings.csv", False),
        ("/api/v1/tournaments/cup/rounds/1/pairings.csv", False),
        ("/events/cup/manage/export/standings.csv", True),
        ("/events/cup/manage/export/round-1.csv", True),
    ],
)
def test_no_exported_cell_starts_a_formula(client, hostile_event, url, as_organiser):
    if as_organiser:
        client.force_login(hostile_event)
    exported = cells(client.get(url))
    names = [cell for cell in exported if cell.lstrip(" '\t\r").startswith(tuple("=+-@"))]
    assert sorted(names) == sorted("'" + text for text in HOSTILE)
    assert not [cell for cell in exported if cell.lstrip(" ").startswith(("=", "+", "-", "@"))]
    assert not [cell for cell in exported if cell.startswith(("\t", "\r"))]
