"""Issue 40.4: the meta's open-data API, page and CSV: in the OpenAPI document, stating the
licence, rate limited, refusing hostile filters by name, CSV cells safe from spreadsheets."""

import csv
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from common import rate_limits
from leagues.logic.open_data import OPEN_DATA_LICENCE
from matches.models import ResultVersion, VersionKind, VersionState
from tests.contract.conformance import ConformingClient, api_document
from tests.factories import EntrantFactory, TournamentFactory
from tests.services.test_meta import echo_three_in_four, play_event
from tournament.models import Round, RoundStatus
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    play_event(echo_three_in_four)


def test_the_api_answers_the_figures_with_its_licence(played):
    response = ConformingClient().get("/api/v1/meta/?system=eye_for_an_eye")
    assert response.status_code == 200
    data = response.json()
    assert data["licence"]["name"] == "CC BY 4.0"
    assert response["Link"] == f'<{OPEN_DATA_LICENCE["url"]}>; rel="license"'
    assert data["filters"] == {"system": "eye_for_an_eye"}
    assert data["games"] == 4 and data["truncated"] is False
    echo = next(line for line in data["lines"] if line["chief"] == "Echo")
    assert (echo["games"], echo["wins"], echo["win_share"]) == (4, 3, 0.75)
    assert 0 < echo["win_share_low"] < 0.75 < echo["win_share_high"] <= 1


def test_the_endpoint_and_its_filters_are_in_the_schema():
    operation = api_document()["paths"]["/api/v1/meta/"]["get"]
    names = {parameter["name"] for parameter in operation["parameters"]}
    assert {"system", "mode", "organisation", "season", "region", "from", "to"} <= names
    assert "200" in operation["responses"] and "400" in operation["responses"]


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("from=31-12-2026", "from"),
        ("from=1900-01-01&to=2900-01-01", "to"),
        ("system=%3Cscript%3E", "system"),
        ("organisation=" + "a" * 5000, "organisation"),
    ],
)
def test_hostile_filters_get_a_400_naming_them(query, field):
    response = ConformingClient().get(f"/api/v1/meta/?{query}")
    assert response.status_code == 400
    assert (
        field in response.json()["errors"]
        if "errors" in response.json()
        else field in str(response.json())
    )


def test_the_page_draws_a_chart_with_whiskers_and_links_the_csv(client, played):
    page = client.get("/meta/?system=eye_for_an_eye")
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('class="meta-chart"') == 1
    assert 'data-chief="Echo"' in html and 'class="whisker"' in html
    assert "/meta.csv?system=eye_for_an_eye" in html
    assert OPEN_DATA_LICENCE["url"] in html


def test_the_page_says_what_is_wrong_with_a_filter(client):
    page = client.get("/meta/?from=not-a-date")
    assert page.status_code == 400
    assert "YYYY-MM-DD" in page.content.decode()


def test_the_csv_lists_the_lines_and_no_cell_is_a_formula(client):
    """The engine only takes known chiefs, but a stored report (an import, an older version of
    the engine) may name anything: the CSV never hands a spreadsheet a formula."""
    tournament = TournamentFactory()
    EntrantFactory.create_batch(4, tournament=tournament)
    round_ = publish_round(generate_swiss_round(tournament, seed=1))
    match = round_.matches.get()
    sides = [str(seat.entrant_id) for seat in match.seats.order_by("position")]
    ResultVersion.objects.create(
        match=match,
        number=1,
        kind=VersionKind.values[0],
        state=VersionState.ACCEPTED,
        report={"sides": [{"side": sides[0], "characters": ["=HYPERLINK(1)"]}]},
        placings=[{"side": side, "place": place} for place, side in enumerate(sides, 1)],
    )
    Round.objects.filter(pk=round_.pk).update(status=RoundStatus.COMPLETE)
    response = client.get("/meta.csv")
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:3] == ["system", "mode", "chief"]
    assert [row[2:5] for row in rows[1:]] == [["'=HYPERLINK(1)", "1", "1"]]
    assert response["Link"].startswith(f"<{OPEN_DATA_LICENCE['url']}>")


def test_the_meta_is_rate_limited(client, settings, monkeypatch):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "open_data": "3/1m"}
    monkeypatch.setattr(rate_limits, "clock", lambda: 60 * 29_000_000 + 30.0)
    answers = [client.get(path).status_code for path in ("/meta/", "/meta.csv", "/api/v1/meta/")]
    assert answers == [200, 200, 200]
    refused = client.get("/api/v1/meta/")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "open-data" in refused.json()["detail"]
    assert client.get("/meta/").status_code == 429


def test_the_page_and_the_api_read_a_fixed_number_of_queries(client):
    """More events, more games: the same number of queries (the games in one)."""

    def counts() -> list[int]:
        out = []
        for path in ("/meta/?system=eye_for_an_eye", "/api/v1/meta/", "/meta.csv"):
            with CaptureQueriesContext(connection) as queries:
                assert client.get(path).status_code == 200
            out.append(len(queries))
        return out

    play_event(echo_three_in_four)
    one_event = counts()
    play_event(echo_three_in_four, rounds=3)
    assert counts() == one_event
