"""Every role against every guarded action: allowed, or refused with 401, 403 or 404.

Roles: the public (no credentials), a player of the match (private-link token), a player of
another table, the event's referee, its organiser, and the organiser of another event.
401 = no credentials; 403 = identified but not allowed; 404 = not visible to the requester.
``enter_result`` is one endpoint for entries and reports: staff's entry is accepted at once,
a player's is a report waiting for the other sides (checked below), so "report" is the player
row of that column.
"""

import io

import pytest

from common.audit.actor import Actor
from matches.models import VersionKind, VersionState
from matches.services.results import enter_result, submit_report
from tests.api.conftest import entrant_client, game, user_client
from tournament.services.rounds import complete_round, generate_swiss_round

pytestmark = pytest.mark.django_db

ROLES = ["public", "player", "other_player", "referee", "organiser", "other_organiser"]


def client_for(role, event, anon):
    return {
        "public": lambda: anon,
        "player": lambda: entrant_client(event.players[1]),
        "other_player": lambda: entrant_client(event.others[0]),
        "referee": lambda: user_client(event.referee),
        "organiser": lambda: user_client(event.organiser),
        "other_organiser": lambda: user_client(event.other_organiser),
    }[role]()


def reported(event):
    """Player 0 of the match has reported; version 1 waits for the others."""
    return submit_report(event.match, game(event.match), Actor(entrant=event.players[0]))


def second_round_drafted(event):
    complete_round(event.round, reason="matrix test")
    generate_swiss_round(event.tournament, seed=3)


def csv_upload():
    data = io.BytesIO(b"name,club\nNew Player,Club\n")
    data.name = "players.csv"
    return {"file": data}


def _results(event):
    return f"/api/v1/matches/{event.match.pk}/results/"


ACTIONS = {
    # action: (setup, method, url, body, format)
    "read_tournament": (None, "get", lambda e: "/api/v1/tournaments/spring-cup/", None),
    "read_draft_round": (
        second_round_drafted,
        "get",
        lambda e: "/api/v1/tournaments/spring-cup/rounds/2/",
        None,
    ),
    "generate_round": (
        lambda e: complete_round(e.round, reason="matrix test"),
        "post",
        lambda e: "/api/v1/tournaments/spring-cup/rounds/generate/",
        {},
    ),
    "enter_result": (None, "post", _results, lambda e: {"report": game(e.match)}),
    "confirm": (reported, "post", lambda e: f"{_results(e)}1/confirm/", {}),
    "dispute": (reported, "post", lambda e: f"{_results(e)}1/dispute/", {"reason": "recount"}),
    "correct": (
        lambda e: enter_result(e.match, game(e.match), Actor(user=e.referee)),
        "post",
        lambda e: f"{_results(e)}correct/",
        lambda e: {"report": game(e.match, 5), "reason": "slip was wrong"},
    ),
    "read_history": (reported, "get", _results, None),
    "read_audit": (reported, "get", lambda e: "/api/v1/tournaments/spring-cup/audit/", None),
    "import_csv": (
        None,
        "post",
        lambda e: "/api/v1/tournaments/spring-cup/entrants/import/",
        lambda e: csv_upload(),
    ),
    # a person's own API tokens: any signed-in account, never a private link; the staff roles
    # here hold a token, and a token cannot make tokens (issue 33.12: a session or the password
    # exchange makes them, test_role_matrix_accounts.py)
    "list_tokens": (None, "get", lambda e: "/api/v1/tokens/", None),
    "make_token": (None, "post", lambda e: "/api/v1/tokens/", {"name": "matrix"}),
}

# Expected status per action, in the order of ROLES.
EXPECTED = {
    "read_tournament": [200, 200, 200, 200, 200, 200],
    "read_draft_round": [404, 404, 404, 200, 200, 404],
    "generate_round": [401, 403, 403, 403, 202, 403],
    "enter_result": [401, 201, 403, 201, 201, 403],
    "confirm": [401, 200, 403, 403, 403, 403],
    "dispute": [401, 200, 403, 403, 403, 403],
    "correct": [401, 403, 403, 201, 201, 403],
    "read_history": [401, 200, 403, 200, 200, 403],
    "read_audit": [401, 403, 403, 200, 200, 403],
    "import_csv": [401, 403, 403, 403, 201, 403],
    "list_tokens": [401, 401, 401, 200, 200, 200],
    "make_token": [401, 401, 401, 403, 403, 403],
}

CASES = [
    pytest.param(action, role, EXPECTED[action][i], id=f"{action}-{role}")
    for action in ACTIONS
    for i, role in enumerate(ROLES)
]


@pytest.mark.parametrize(("action", "role", "expected"), CASES)
def test_role_action_matrix(event, anon, action, role, expected):
    setup, method, url, body = ACTIONS[action]
    if setup is not None:
        setup(event)
    client = client_for(role, event, anon)
    payload = body(event) if callable(body) else body
    if method == "get":
        response = client.get(url(event))
    elif action == "import_csv":
        response = client.post(url(event), payload, format="multipart")
    else:
        response = client.post(url(event), payload, format="json")
    assert response.status_code == expected, (action, role, response.content[:300])
    if action == "enter_result" and expected == 201:
        data = response.json()
        if role == "player":
            assert (data["kind"], data["state"]) == (VersionKind.REPORT, VersionState.PENDING)
        else:
            assert (data["kind"], data["state"]) == (VersionKind.ENTRY, VersionState.ACCEPTED)


@pytest.mark.parametrize(
    ("role", "expected"),
    [
        ("public", 404),
        ("player", 200),
        ("other_player", 200),
        ("referee", 200),
        ("organiser", 200),
        ("other_organiser", 404),
    ],
)
def test_private_tournament_is_seen_by_its_staff_and_entrants_only(event, anon, role, expected):
    event.tournament.is_public = False
    event.tournament.save()
    client = client_for(role, event, anon)
    assert client.get("/api/v1/tournaments/spring-cup/").status_code == expected
    assert client.get(f"/api/v1/matches/{event.match.pk}/").status_code == expected
    listed = client.get("/api/v1/tournaments/").json()["results"]
    assert ("spring-cup" in [t["slug"] for t in listed]) == (expected == 200)


def test_an_unknown_token_is_not_a_player(event, anon):
    anon.credentials(HTTP_X_ENTRANT_TOKEN="not-a-real-token")
    response = anon.post(_results(event), {"report": game(event.match)}, format="json")
    assert response.status_code == 401


def test_a_token_of_another_event_does_not_open_this_one(event, anon):
    from tests.factories import EntrantFactory

    stranger = EntrantFactory(tournament=event.tournament.__class__.objects.get(slug="other-cup"))
    client = entrant_client(stranger)
    response = client.post(_results(event), {"report": game(event.match)}, format="json")
    assert response.status_code == 403


def test_token_in_query_string_works(event, anon):
    url = f"{_results(event)}?token={event.players[0].access_token}"
    response = anon.post(url, {"report": game(event.match)}, format="json")
    assert response.status_code == 201
    assert response.json()["by"]["entrant"] == event.players[0].display_name
