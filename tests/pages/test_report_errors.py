"""Issue 20.9/20.13: a refused report names the players (and their flowers), not ids; the
phone page keeps what was typed and puts a summary of what to change at the top, with links to
the fields, in the form's own labels."""

import pytest

from tests.factories import EntrantFactory, TournamentFactory
from tournament.services.rounds import generate_swiss_round, publish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    tournament = TournamentFactory(slug="errors-cup")
    for name in ("Ann", "Bo", "Cy", "Di"):
        EntrantFactory(tournament=tournament, display_name=name)
    match = publish_round(generate_swiss_round(tournament, seed=2)).matches.get()
    return match, list(match.seats.select_related("entrant").order_by("position"))


def test_engine_messages_name_the_sides(table):
    from matches.forms import ResultForm

    match, seats = table
    form = ResultForm(match.round.tournament.game_mode, seats)
    a, b = seats[0], seats[1]
    text = form.in_words(f"2 sides ({a.entrant_id}, {b.entrant_id}) report survivors")
    assert text.startswith(f"2 sides ({a.entrant.display_name} ({a.flower_colour})")
    assert f"{b.entrant.display_name} ({b.flower_colour})" in text
    # numbers that are not sides stay as they are
    assert form.in_words("lost at least 10 Health Tokens (10)") == (
        "Lost at least 10 Health Tokens (10)"
    )


def test_a_refused_report_keeps_the_input_and_summarises_at_the_top(client, table):
    match, seats = table
    me = seats[0].entrant
    data = {"action": "report", "match": match.pk, "g-ended_by": "time"}
    for seat in seats:
        data[f"s{seat.position}-survivors"] = "1"
        data[f"s{seat.position}-victory_cup_tokens"] = "4"
    data[f"s{seats[2].position}-victory_cup_tokens"] = ""  # forgotten
    response = client.post(f"/me/{me.access_token}/", data)
    page = response.content.decode()
    assert "Your report was not saved." in page and "data-error-summary" in page
    summary = page.split("data-error-summary")[1].split("</div>")[0]
    third = seats[2]
    assert f"{third.entrant.display_name} ({third.flower_colour})" in summary
    assert "Victory Cup" in summary and "victory_cup_tokens:" not in summary
    assert f'href="#id_s{third.position}-victory_cup_tokens"' in summary
    assert 'value="4"' in page  # what was typed is still there
    assert page.index("data-error-summary") < page.index("data-report-form")
