"""Issue 40.3: the sites that may frame an event's widget, set through the API (stored and
audited when good; refused by name, changing nothing, when not)."""

import pytest

from common.audit.models import AuditEntry
from tests.api.conftest import user_client
from tests.factories import TournamentFactory

pytestmark = pytest.mark.django_db


def test_the_organiser_lists_the_sites_and_the_widget_follows(client):
    tournament = TournamentFactory(slug="framed")
    api = user_client(tournament.organiser)
    sites = "https://club.example\nhttps://league.example:8443"
    response = api.patch("/api/v1/tournaments/framed/", {"embed_origins": sites}, format="json")
    assert response.status_code == 200, response.json()
    tournament.refresh_from_db()
    assert tournament.embed_origins == sites
    updated = AuditEntry.objects.get(tournament=tournament, action="tournament.updated")
    assert updated.after == {"embed_origins": sites}
    policy = client.get("/events/framed/widget/")["Content-Security-Policy"]
    assert "frame-ancestors https://club.example https://league.example:8443" in policy


@pytest.mark.parametrize(
    "value",
    ["club.example", "https://club.example/page", "https://a.example 'self'", "x" * 3000],
)
def test_a_bad_site_is_refused_by_name_and_changes_nothing(value):
    tournament = TournamentFactory(slug="framed", embed_origins="https://club.example")
    api = user_client(tournament.organiser)
    response = api.patch("/api/v1/tournaments/framed/", {"embed_origins": value}, format="json")
    assert response.status_code == 400
    assert "embed_origins" in str(response.json())
    tournament.refresh_from_db()
    assert tournament.embed_origins == "https://club.example"
    assert not AuditEntry.objects.filter(
        tournament=tournament, action="tournament.updated"
    ).exists()
