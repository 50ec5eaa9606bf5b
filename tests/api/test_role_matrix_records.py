"""The role matrix of the player-record paths (issue 33, item 2): suggesting and attaching a
known player (API and desk page), and merging duplicate records (the console's duplicates page).

Roles as in test_role_matrix: the public, a player of the match (private link), a player of
another table, the event's referee, its organiser, the organiser of another event. A known
record is "own" when it played in another event this organiser runs, "foreign" when it played
only in another organiser's (public) event: the organiser may attach and merge the first, never
the second. A private link opens no console page, so on the pages the players are anonymous
(sent to sign in: 302).
"""

import pytest
from django.test import Client

from common.audit.models import AuditEntry
from tests.api.test_role_matrix import ROLES, client_for
from tests.factories import TournamentFactory
from tournament.models import Entrant, Player, Tournament

pytestmark = pytest.mark.django_db

ENTRANTS = "/api/v1/tournaments/spring-cup/entrants/"
DESK = "/events/spring-cup/manage/entrants/"
MERGE = "/events/spring-cup/manage/players/merge/"


def entry(tournament, name):
    player = Player.objects.create(name=name)
    Entrant.objects.create(tournament=tournament, player=player, display_name=name)
    return player


@pytest.fixture
def records(event):
    """Known records: one from the organiser's earlier event, one from another organiser's
    public event; and two duplicate pairs with this event (one own, one foreign)."""
    earlier = TournamentFactory(organiser=event.organiser, slug="earlier", name="Earlier")
    other_cup = Tournament.objects.get(slug="other-cup")
    return {
        "own": entry(earlier, "Kim Known"),
        "foreign": entry(other_cup, "Fay Foreign"),
        "own_pair": (entry(event.tournament, "Dee Dupe"), entry(earlier, "dee dupe")),
        "foreign_pair": (entry(event.tournament, "Gil Guest"), entry(other_cup, "gil guest")),
    }


def page_client(role, event):
    client = Client()
    user = {
        "referee": event.referee,
        "organiser": event.organiser,
        "other_organiser": event.other_organiser,
    }.get(role)
    if user is not None:
        client.force_login(user)
    return client


# Expected status per path, in the order of ROLES.
API = {
    "suggest_known": [401, 403, 403, 403, 200, 403],
    "attach_own": [401, 403, 403, 403, 201, 403],
    "attach_foreign": [401, 403, 403, 403, 400, 403],
}
PAGES = {
    "desk_attach_own": [302, 302, 302, 403, 302, 403],
    "desk_attach_foreign": [302, 302, 302, 403, 400, 403],
    "merge_own": [302, 302, 302, 403, 302, 403],
    "merge_foreign": [302, 302, 302, 403, 403, 403],
}


@pytest.mark.parametrize(
    ("path", "role", "expected"),
    [
        pytest.param(path, role, codes[i], id=f"{path}-{role}")
        for path, codes in API.items()
        for i, role in enumerate(ROLES)
    ],
)
def test_known_player_api_matrix(event, anon, records, path, role, expected):
    client = client_for(role, event, anon)
    if path == "suggest_known":
        response = client.get(ENTRANTS + "suggestions/?name=Kim%20Known")
    else:
        record = records["own" if path == "attach_own" else "foreign"]
        response = client.post(ENTRANTS, {"name": record.name, "player": record.pk}, format="json")
    assert response.status_code == expected, (path, role, response.content[:300])
    attached = event.tournament.entrants.filter(player__in=[records["own"], records["foreign"]])
    if path == "suggest_known" and expected == 200:
        found = [s["player"] for s in response.json()["suggestions"]]
        assert found == [records["own"].pk]
    if path == "attach_own" and expected == 201:
        assert attached.get().player == records["own"]
        assert AuditEntry.objects.filter(action="player.attached").count() == 2  # both events
    else:
        assert not attached.exists()
        assert not AuditEntry.objects.filter(action="player.attached").exists()
    if path == "attach_foreign" and expected == 400:
        assert "player" in response.json()


def test_the_organiser_is_never_offered_a_foreign_record(event, records):
    client = client_for("organiser", event, None)
    found = client.get(ENTRANTS + "suggestions/?name=Fay%20Foreign").json()["suggestions"]
    assert found == []


@pytest.mark.parametrize(
    ("path", "role", "expected"),
    [
        pytest.param(path, role, codes[i], id=f"{path}-{role}")
        for path, codes in PAGES.items()
        for i, role in enumerate(ROLES)
    ],
)
def test_record_pages_matrix(event, records, path, role, expected):
    client = page_client(role, event)
    if path.startswith("desk_attach"):
        record = records["own" if path == "desk_attach_own" else "foreign"]
        response = client.post(DESK, {"name": record.name, "existing_player": record.pk})
        done = event.tournament.entrants.filter(player=record).exists()
        assert done == (path == "desk_attach_own" and role == "organiser")
    else:
        target, source = records["own_pair" if path == "merge_own" else "foreign_pair"]
        response = client.post(MERGE, {"target": target.pk, "source": source.pk})
        merged = not Player.objects.filter(pk=source.pk).exists()
        assert merged == (path == "merge_own" and role == "organiser")
        assert AuditEntry.objects.filter(action="player.merged").count() == 2 * merged
    assert response.status_code == expected, (path, role, response.content[:300])
