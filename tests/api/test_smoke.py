import pytest

from tests.api.conftest import entrant_client, game, user_client

pytestmark = pytest.mark.django_db


def test_report_confirm_flow(event):
    a, b, c, d = event.players
    url = f"/api/v1/matches/{event.match.pk}/results/"
    r = entrant_client(a).post(url, {"report": game(event.match)}, format="json")
    assert r.status_code == 201, r.json()
    n = r.json()["number"]
    r = entrant_client(a).post(f"{url}{n}/confirm/", {}, format="json")
    assert r.status_code == 409, r.json()
    for x in (b, c, d):
        r = entrant_client(x).post(f"{url}{n}/confirm/", {}, format="json")
        assert r.status_code == 200, r.json()
    assert r.json()["state"] == "accepted"
    r = user_client(event.referee).get(url)
    assert r.status_code == 200, r.json()
    r = user_client(event.organiser).get(f"/api/v1/tournaments/{event.tournament.slug}/audit/")
    assert r.status_code == 200, r.json()
