"""Issue 39.2-3: the engine's cross-checks and the services' refusals read in the reader's
language through the API (``Accept-Language``), naming the same sides and fields, which stay
English; a counted problem takes each language's plural."""

import pytest

from matches.models import ResultVersion
from tests.api.conftest import entrant_client, game, user_client

pytestmark = pytest.mark.django_db


def post_report(event, report, **headers):
    url = f"/api/v1/matches/{event.match.pk}/results/"
    return user_client(event.referee).post(url, {"report": report}, format="json", **headers)


def too_many_survivors(event):
    """Every side is one player, and the second reports two survivors."""
    sides = [str(s.entrant_id) for s in event.match.seats.order_by("position")]
    rows = [{"side": side, "victory_cup_tokens": 0, "survivors": 0} for side in sides]
    rows[0]["survivors"] = 1
    rows[1]["survivors"] = 2
    return sides[1], {"sides": rows, "ended_by": "time"}


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en-gb", "survivors is 2 but this side only has 1 character"),
        ("de", "survivors ist 2, aber diese Seite hat nur 1 Charakter"),
        ("fr", "survivors vaut 2 mais ce camp n’a que 1 personnage"),
    ],
)
def test_a_cross_check_reads_in_the_readers_language_with_its_side_and_field(
    event, language, message
):
    side, report = too_many_survivors(event)
    response = post_report(event, report, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400
    assert {"side": side, "field": "survivors", "message": message} in response.json()["errors"]
    assert not ResultVersion.objects.filter(match=event.match).exists()


def test_a_refused_report_of_an_accepted_table_reads_in_german(event):
    assert post_report(event, game(event.match)).status_code == 201
    url = f"/api/v1/matches/{event.match.pk}/results/"
    player = entrant_client(event.players[0])
    table = event.match.table_number
    german = player.post(
        url, {"report": game(event.match, 1)}, format="json", HTTP_ACCEPT_LANGUAGE="de"
    )
    assert german.status_code == 409
    assert german.json() == {
        "detail": f"Tisch {table} hat schon ein angenommenes Ergebnis; frag einen Schiedsrichter"
    }
    english = player.post(url, {"report": game(event.match, 1)}, format="json")
    assert english.json() == {
        "detail": f"table {table} already has an accepted result; ask a referee"
    }


def test_a_permission_refusal_reads_in_french(event):
    url = f"/api/v1/matches/{event.match.pk}/results/"
    stranger = entrant_client(event.others[0])
    french = stranger.post(
        url, {"report": game(event.match)}, format="json", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert french.status_code == 403
    assert french.json()["detail"] == "Vous ne jouez pas à cette table."
